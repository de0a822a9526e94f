package io.causalstream.extractor.cache;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.extractor.generator.Generation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Successful generations by {@link CacheKey}: a bounded in-memory LRU in front of an optional directory with one
 * small JSON file per key (under {@code state.dir}), so a re-run or a restarted instance does not pay twice. Files
 * are written to a temporary name and moved into place, so a crash never leaves a half-written entry. Failed,
 * empty or truncated generations are never stored ({@link #put} ignores them). Thread-safe.
 */
public final class ResultCache {

    private static final Logger log = LoggerFactory.getLogger(ResultCache.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path dir;
    private final Map<String, Generation> memory;

    /**
     * @param dir        where entries persist, or null for memory only
     * @param maxEntries entries kept in memory
     */
    public ResultCache(Path dir, int maxEntries) {
        if (maxEntries < 0) {
            throw new IllegalArgumentException("maxEntries must not be negative, got " + maxEntries);
        }
        this.dir = dir;
        this.memory = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Generation> eldest) {
                return size() > maxEntries;
            }
        };
        if (dir != null) {
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create the result cache directory " + dir, e);
            }
        }
    }

    /** A cache that stores nothing. */
    public static ResultCache disabled() {
        return new ResultCache(null, 0);
    }

    public Optional<Generation> get(CacheKey key) {
        String digest = key.digest();
        synchronized (memory) {
            Generation g = memory.get(digest);
            if (g != null) {
                return Optional.of(g.asCached());
            }
        }
        if (dir == null) {
            return Optional.empty();
        }
        Path file = file(digest);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            JsonNode n = JSON.readTree(file.toFile());
            Generation g = new Generation(n.path("text").asText(), intOrNull(n.get("promptTokens")),
                    intOrNull(n.get("completionTokens")), false, false);
            remember(digest, g);
            return Optional.of(g.asCached());
        } catch (IOException e) {
            log.warn("ignoring unreadable cache entry {}: {}", file, e.toString());
            return Optional.empty();
        }
    }

    /** Stores a successful generation; empty or truncated ones are not worth reusing and are skipped. */
    public void put(CacheKey key, Generation generation) {
        if (generation == null || generation.truncated() || generation.text().isBlank()) {
            return;
        }
        String digest = key.digest();
        remember(digest, generation);
        if (dir == null) {
            return;
        }
        Path file = file(digest);
        try {
            Files.createDirectories(file.getParent());
            var node = JSON.createObjectNode().put("text", generation.text())
                    .put("model", key.model()).put("parameters", key.parameters())
                    .put("textHash", key.textHash()).put("promptHash", key.promptHash());
            if (generation.promptTokens() != null) {
                node.put("promptTokens", generation.promptTokens());
            }
            if (generation.completionTokens() != null) {
                node.put("completionTokens", generation.completionTokens());
            }
            Path tmp = Files.createTempFile(file.getParent(), digest, ".tmp");
            JSON.writeValue(tmp.toFile(), node);
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            // a cache that cannot write only costs money, never correctness
            log.warn("cannot write cache entry {}: {}", file, e.toString());
        }
    }

    private void remember(String digest, Generation g) {
        synchronized (memory) {
            memory.put(digest, new Generation(g.text(), g.promptTokens(), g.completionTokens(), false, false));
        }
    }

    private Path file(String digest) {
        return dir.resolve(digest.substring(0, 2)).resolve(digest + ".json");
    }

    private static Integer intOrNull(JsonNode n) {
        return n == null || n.isNull() ? null : n.asInt();
    }
}
