package io.causalstream.extractor.prompt;

import io.causalstream.extractor.parse.ParsedTriple;
import java.util.List;

/** A worked example shown to the model before the passage: a text and the triplets it should give. */
public record FewShotExample(String text, List<ParsedTriple> triplets) {

    public FewShotExample {
        triplets = List.copyOf(triplets);
    }
}
