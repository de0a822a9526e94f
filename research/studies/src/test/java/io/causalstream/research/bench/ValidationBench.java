package io.causalstream.research.bench;

import io.causalstream.cesar.CesarSettings;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.validation.EdgeValidation;
import io.causalstream.validation.ValidatedGraph;
import io.causalstream.validation.ValidationSettings;
import java.util.List;

/**
 * Staged edge validation throughput: graphs and edges per second, lexical stages only and with the neural stages
 * (embedding grounding + CESAR strength, bundled models). It validates one extraction again and again, so since the
 * validation keeps a passage's embeddings, groundings and strengths, the neural figure is the warm-cache one (a
 * passage's next extraction); {@link PerfBench} measures cold validation of the demo's 200 extractions. Never run by
 * tests.
 */
public final class ValidationBench {

    private static final String PASSAGE = "It is expected that both ecological and social compensation measures "
            + "improve the overall acceptance of a local infrastructure, thus anchoring the latter within the "
            + "surrounding community. Fish stocks in the North Sea have collapsed. This decline is due to "
            + "overfishing by industrial fleets. As a result, many coastal communities lost their income.";

    private static final List<Triple> TRIPLES = List.of(
            triple("ecological and social compensation measures", "overall acceptance of a local infrastructure"),
            triple("overall acceptance of a local infrastructure", "anchoring the latter within the community"),
            triple("overfishing by industrial fleets", "decline"),
            triple("overfishing", "coastal communities lost their income"),
            triple("fish stock collapse", "tourism"),
            triple("decline", "overfishing"));

    public static void main(String[] args) {
        run("lexical", new EdgeValidation(ValidationSettings.defaults(), null, null, null), 2000);
        try (EdgeValidation neural = EdgeValidation.open(ValidationSettings.defaults(), CesarSettings.defaults())) {
            run("neural (embedding grounding + CESAR)", neural, 50);
        }
    }

    private static void run(String name, EdgeValidation validation, int graphs) {
        for (int i = 0; i < Math.max(5, graphs / 10); i++) {
            validation.validate(PASSAGE, TRIPLES);
        }
        long start = System.nanoTime();
        int edges = 0;
        for (int i = 0; i < graphs; i++) {
            ValidatedGraph g = validation.validate(PASSAGE, TRIPLES);
            edges += g.edges().size();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("%-40s %8.1f graphs/s %9.1f edges/s (%d triples -> %d edges per graph)%n", name,
                graphs / seconds, edges / seconds, TRIPLES.size(), edges / graphs);
    }

    private static Triple triple(String source, String target) {
        return Triple.newBuilder().setSource(source).setTarget(target).setDirection(Direction.INCREASE).build();
    }

    private ValidationBench() {
    }
}
