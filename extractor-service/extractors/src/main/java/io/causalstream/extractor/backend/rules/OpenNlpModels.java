package io.causalstream.extractor.backend.rules;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import opennlp.tools.chunker.ChunkerModel;
import opennlp.tools.postag.POSModel;
import opennlp.tools.tokenize.TokenizerModel;

/**
 * The Apache OpenNLP 1.5 English models (tokenizer, maxent POS tagger, chunker; sentences come from the text toolkit) that Maven
 * Central ships as {@code edu.washington.cs.knowitall:opennlp-*-models:1.5} (Apache License). Loaded once per JVM
 * on first use (about 2 s, 9 MB); the models are immutable and thread-safe, the taggers built on them are not and
 * are made per call.
 */
final class OpenNlpModels {

    final TokenizerModel tokens;
    final POSModel pos;
    final ChunkerModel chunks;

    private OpenNlpModels() {
        this.tokens = load("/en-token.bin", TokenizerModel::new);
        this.pos = load("/en-pos-maxent.bin", POSModel::new);
        this.chunks = load("/en-chunker.bin", ChunkerModel::new);
    }

    /** The models, loaded by the first caller (the JVM's class initialisation makes this lazy and safe). */
    static OpenNlpModels get() {
        return Holder.MODELS;
    }

    private static final class Holder {
        static final OpenNlpModels MODELS = new OpenNlpModels();
    }

    private interface Loader<T> {
        T load(InputStream in) throws IOException;
    }

    private static <T> T load(String resource, Loader<T> loader) {
        try (InputStream in = OpenNlpModels.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("OpenNLP model " + resource + " is not on the class path (dependency "
                        + "edu.washington.cs.knowitall:opennlp-*-models:1.5)");
            }
            return loader.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot load OpenNLP model " + resource, e);
        }
    }
}
