package io.causalstream.extractor.parse;

import java.util.List;

/**
 * What the parser recovered from one model output.
 *
 * @param triples  the triplets, in output order, each once
 * @param problems what had to be repaired or dropped, in the order met
 * @param format   the output format recognised: {@code json}, {@code tagged}, {@code triplet}, or {@code none}
 */
public record ParseResult(List<ParsedTriple> triples, List<ParseProblem> problems, String format) {

    public ParseResult {
        triples = List.copyOf(triples);
        problems = List.copyOf(problems);
    }

    public boolean clean() {
        return problems.isEmpty();
    }
}
