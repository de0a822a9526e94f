package io.causalstream.scorer.maps;

import io.causalstream.fcm.aggregate.MapKeys;
import io.causalstream.schemas.passage.Passage;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** {@code scorer.maps.key} as the library's {@link MapKeys}, with the passage lookup the stream provides. */
final class MapKeying {

    /**
     * @param key      all, kind, annotator, passage:&lt;metadata name&gt; or fixed:&lt;map id&gt;
     * @param passages passageId -&gt; the passage (null when not known yet)
     */
    static MapKeys of(String key, Function<String, Passage> passages) {
        String k = key.toLowerCase(Locale.ROOT);
        if (k.startsWith("fixed:")) {
            List<String> id = List.of(key.substring("fixed:".length()));
            return c -> id;
        }
        if (k.startsWith("passage:")) {
            String name = key.substring("passage:".length());
            return MapKeys.byPassage(name, passageId -> {
                Passage p = passages.apply(passageId);
                return p == null || p.getMetadata() == null ? null : p.getMetadata().get(name);
            });
        }
        return MapKeys.named(k);
    }

    private MapKeying() {
    }
}
