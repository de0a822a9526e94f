package io.causalstream.validation;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A small thread-safe least-recently-used map: the validation keeps what a passage's next extraction will ask
 * again (its sentences' embeddings, label embeddings, CESAR strengths) without growing without bound.
 */
final class Lru<K, V> {

    private final Map<K, V> map;

    Lru(int capacity) {
        this.map = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > capacity;
            }
        };
    }

    synchronized V get(K key) {
        return map.get(key);
    }

    synchronized void put(K key, V value) {
        map.put(key, value);
    }
}
