package io.causalstream.extractor.dataset;

import io.causalstream.schemas.graph.Triple;
import java.util.List;

/** A passage of a released split and its gold triples. */
public record GoldPassage(String text, List<Triple> gold) {

    public GoldPassage {
        gold = List.copyOf(gold);
    }
}
