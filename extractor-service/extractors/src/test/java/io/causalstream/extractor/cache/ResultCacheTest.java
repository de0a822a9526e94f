package io.causalstream.extractor.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.extractor.generator.Generation;
import io.causalstream.extractor.prompt.PromptFormat;
import io.causalstream.extractor.prompt.PromptLibrary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultCacheTest {

    private final PromptLibrary prompts = PromptLibrary.defaults();

    private CacheKey key(String text, PromptFormat format, String model, Map<String, String> params) {
        return CacheKey.of(text, prompts.build(format, text), model, params);
    }

    @Test
    void theKeyChangesWithTextPromptModelAndParameters() {
        CacheKey k = key("Drought reduces yields.", PromptFormat.THREE_SHOT, "m", Map.of("temperature", "0.0"));
        assertThat(key("Drought reduces yields.", PromptFormat.THREE_SHOT, "m", Map.of("temperature", "0.0")))
                .isEqualTo(k);
        assertThat(key("Drought reduces yield.", PromptFormat.THREE_SHOT, "m", Map.of("temperature", "0.0"))
                .digest()).isNotEqualTo(k.digest());
        assertThat(key("Drought reduces yields.", PromptFormat.ZERO_SHOT, "m", Map.of("temperature", "0.0"))
                .digest()).isNotEqualTo(k.digest());
        assertThat(key("Drought reduces yields.", PromptFormat.THREE_SHOT, "m2", Map.of("temperature", "0.0"))
                .digest()).isNotEqualTo(k.digest());
        assertThat(key("Drought reduces yields.", PromptFormat.THREE_SHOT, "m", Map.of("temperature", "0.7"))
                .digest()).isNotEqualTo(k.digest());
        // the text hash is the SHA-256 of the text: "same text" is checkable without the text
        assertThat(k.textHash()).hasSize(64).isEqualTo(CacheKey.sha256("Drought reduces yields."));
    }

    @Test
    void persistsAcrossInstancesAndMarksHitsAsCached(@TempDir Path dir) throws Exception {
        CacheKey k = key("t", PromptFormat.JSON, "m", Map.of());
        new ResultCache(dir, 10).put(k, new Generation("{\"triplets\": []}", 12, 3, false, false));
        try (var files = Files.walk(dir)) {
            assertThat(files.filter(p -> p.toString().endsWith(".json"))).hasSize(1);
        }
        Generation hit = new ResultCache(dir, 10).get(k).orElseThrow();
        assertThat(hit).isEqualTo(new Generation("{\"triplets\": []}", 12, 3, false, true));
    }

    @Test
    void emptyOrTruncatedGenerationsAreNotStored() {
        ResultCache cache = new ResultCache(null, 10);
        CacheKey k = key("t", PromptFormat.JSON, "m", Map.of());
        cache.put(k, new Generation("  ", 1, 0, false, false));
        cache.put(k, new Generation("<triplet> a <subj> b", 1, 5, true, false));
        assertThat(cache.get(k)).isEmpty();
    }

    @Test
    void memoryIsBoundedLeastRecentlyUsedFirst() {
        ResultCache cache = new ResultCache(null, 2);
        CacheKey a = key("a", PromptFormat.JSON, "m", Map.of());
        CacheKey b = key("b", PromptFormat.JSON, "m", Map.of());
        CacheKey c = key("c", PromptFormat.JSON, "m", Map.of());
        cache.put(a, new Generation("A", null, null, false, false));
        cache.put(b, new Generation("B", null, null, false, false));
        cache.get(a);
        cache.put(c, new Generation("C", null, null, false, false));
        assertThat(cache.get(a)).isPresent();
        assertThat(cache.get(b)).isEmpty();
        assertThat(cache.get(c)).isPresent();
    }
}
