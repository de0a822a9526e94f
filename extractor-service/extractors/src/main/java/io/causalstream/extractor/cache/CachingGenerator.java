package io.causalstream.extractor.cache;

import io.causalstream.extractor.generator.BackendMeters;
import io.causalstream.extractor.generator.Generation;
import io.causalstream.extractor.generator.TextGenerator;
import io.causalstream.extractor.prompt.Message;
import io.causalstream.extractor.prompt.Prompt;
import java.util.Map;

/**
 * A generator that asks the cache first. Sits in front of the real one, so each call of the staged pipeline is
 * cached on its own, and a failure (an exception) is never stored.
 */
public final class CachingGenerator implements TextGenerator {

    private final TextGenerator delegate;
    private final ResultCache cache;
    private final BackendMeters meters;

    public CachingGenerator(TextGenerator delegate, ResultCache cache, BackendMeters meters) {
        this.delegate = delegate;
        this.cache = cache;
        this.meters = meters;
    }

    @Override
    public Generation generate(Prompt prompt) {
        // the last user turn holds the passage (or a stage's input built from it): its hash is the text hash
        CacheKey key = CacheKey.of(lastUserTurn(prompt), prompt, delegate.model(), delegate.parameters());
        var hit = cache.get(key);
        meters.cache(hit.isPresent());
        if (hit.isPresent()) {
            return hit.get();
        }
        Generation g = delegate.generate(prompt);
        cache.put(key, g);
        return g;
    }

    @Override
    public String model() {
        return delegate.model();
    }

    @Override
    public Map<String, String> parameters() {
        return delegate.parameters();
    }

    @Override
    public void close() {
        delegate.close();
    }

    static String lastUserTurn(Prompt prompt) {
        for (int i = prompt.messages().size() - 1; i >= 0; i--) {
            Message m = prompt.messages().get(i);
            if (m.role().equals(Message.USER)) {
                return m.content();
            }
        }
        return "";
    }
}
