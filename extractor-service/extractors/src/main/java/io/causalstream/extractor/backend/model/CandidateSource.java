package io.causalstream.extractor.backend.model;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Where a sentence's candidate concepts come from: the noun-phrase chunks ({@link CandidateSpans}), the concept
 * mentions the tuned encoder's tagger marks ({@link SpanTagger#CONCEPTS}), or both. Mentions need a model with
 * taggers; without one every source reads the chunks.
 */
public enum CandidateSource {
    CHUNKS("chunks", true, false),
    CHUNKS_AND_MENTIONS("chunks+mentions", true, true),
    MENTIONS("mentions", false, true);

    private final String key;
    private final boolean chunks;
    private final boolean mentions;

    CandidateSource(String key, boolean chunks, boolean mentions) {
        this.key = key;
        this.chunks = chunks;
        this.mentions = mentions;
    }

    public String key() {
        return key;
    }

    public boolean chunks() {
        return chunks;
    }

    public boolean mentions() {
        return mentions;
    }

    /** The source a setting names ({@code chunks}, {@code chunks+mentions}, {@code mentions}). */
    public static CandidateSource parse(String value) {
        String v = value.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(s -> s.key.equals(v)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(ModelSettings.PREFIX + "candidates must be one of "
                        + Arrays.stream(values()).map(CandidateSource::key).collect(Collectors.joining(", "))
                        + ", got " + value));
    }
}
