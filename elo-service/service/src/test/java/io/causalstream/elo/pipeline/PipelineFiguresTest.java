package io.causalstream.elo.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.elo.pipeline.PipelineFigures.Scrape;
import io.causalstream.elo.pipeline.PipelineView.TopicDeadLetters;
import io.causalstream.runtime.metrics.PrometheusText;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PipelineFiguresTest {

    /** Latency buckets split over two annotators (summed by the figures): cumulative counts at 0.01/0.05/0.1/0.5 s. */
    private static String extractor(int extracted, int deadLettered, double latencySum, int latencyCount,
                                    int... buckets) {
        StringBuilder b = new StringBuilder();
        String[] le = {"0.01", "0.05", "0.1", "0.5", "+Inf"};
        for (int i = 0; i < le.length; i++) {
            int n = buckets[Math.min(i, buckets.length - 1)];
            b.append("extractor_extraction_latency_seconds_bucket{annotator=\"rules\",le=\"").append(le[i])
                    .append("\"} ").append(n - n / 2).append('\n');
            b.append("extractor_extraction_latency_seconds_bucket{annotator=\"model\",le=\"").append(le[i])
                    .append("\"} ").append(n / 2).append('\n');
        }
        return b + """
                extractor_passages_total{outcome="extracted",reason="none",service="extractor-service"} %d.0
                extractor_passages_total{outcome="dead_lettered",reason="invalid",service="extractor-service"} %d.0
                extractor_extraction_latency_seconds_count{annotator="rules",service="extractor-service"} %d
                extractor_extraction_latency_seconds_sum{annotator="rules",service="extractor-service"} %s
                extractor_extraction_latency_seconds_max{annotator="rules",service="extractor-service"} 0.4
                extractor_extraction_latency_seconds_max{annotator="model",service="extractor-service"} 0.2
                """.formatted(extracted, deadLettered, latencyCount, latencySum);
    }

    private static String scorer(int scored, int validated, int hypothesized, int rejected, int dlqExtractions) {
        return """
                scorer_graphs_scored_total{gold_origin="none",service="scorer-service"} %d
                scorer_validation_edges_total{state="VALIDATED",service="scorer-service"} %d
                scorer_validation_edges_total{state="HYPOTHESIZED",service="scorer-service"} %d
                scorer_validation_edges_total{state="REJECTED",service="scorer-service"} %d
                deadletters_total{reason="invalid",service="scorer-service",topic="extractions"} %d
                deadletters_total{reason="undecodable",service="scorer-service",topic="passages"} 1
                kafka_stream_processor_node_record_e2e_latency_max{processor_node_id="scored-graphs-sink",task_id="0_0"} 1250.0
                kafka_stream_processor_node_record_e2e_latency_max{processor_node_id="scored-graphs-sink",task_id="0_1"} NaN
                kafka_stream_processor_node_record_e2e_latency_max{processor_node_id="scored-graphs-sink",task_id="0_2"} 3400.0
                kafka_stream_processor_node_record_e2e_latency_max{processor_node_id="extractions-source",task_id="0_2"} 9000.0
                """.formatted(scored, validated, hypothesized, rejected, dlqExtractions);
    }

    private static Scrape ok(String service, String text) {
        return Scrape.ok(service, "http://x/metrics", PrometheusText.parse(text));
    }

    @Test
    void ratesNeedTwoScrapesAndComeFromTheCounterGrowth() {
        PipelineFigures f = new PipelineFigures(Map.of("scorer", "http://localhost:7072"));
        Map<String, Optional<ConsumerLag.GroupOffsets>> groups = new LinkedHashMap<>();
        groups.put("scorer-service", Optional.of(new ConsumerLag.GroupOffsets("scorer-service", 40, Map.of("extractions", 40L), 1000)));
        groups.put("elo-service", Optional.empty());

        PipelineView first = f.update(10_000, List.of(ok("extractor-service", extractor(100, 2, 1.0, 100, 40, 90, 98, 100)),
                ok("scorer-service", scorer(90, 30, 60, 10, 3)),
                Scrape.unreachable("elo-service", "http://e/metrics", "connection refused")), groups);

        assertThat(first.passagesPerSecond()).isNull();
        assertThat(first.graphsScoredPerSecond()).isNull();
        // since start: 1.0 s over 100 passages
        assertThat(first.extractionLatency().mean()).isCloseTo(0.01, within(1e-12));
        // percentiles of every observation so far (100): rank 50 in (0.01, 0.05] holding 40..90: 0.01 + 0.04 * 10/50;
        // rank 90 at the top of that bucket; rank 99 in (0.1, 0.5] holding 98..100: 0.1 + 0.4 * 1/2
        assertThat(first.extractionLatency().p50()).isCloseTo(0.018, within(1e-12));
        assertThat(first.extractionLatency().p90()).isCloseTo(0.05, within(1e-12));
        assertThat(first.extractionLatency().p99()).isCloseTo(0.3, within(1e-12));
        assertThat(first.extractionLatency().max()).isEqualTo(0.4);
        // VALIDATED 30 of 30 + 60 + 10 = 100 edges assessed
        assertThat(first.validatedShare()).isEqualTo(0.3);
        assertThat(first.edgesByState()).containsEntry("HYPOTHESIZED", 60L);
        assertThat(first.services()).extracting(PipelineView.Source::reachable).containsExactly(true, true, false);
        assertThat(first.services().get(2).error()).isEqualTo("connection refused");
        assertThat(first.judgmentsPerSecond()).isNull();
        // the oldest scored graph published in the window, over the sink's tasks (NaN: none in its window): 3.4 s
        assertThat(first.scoredGraphAge()).isEqualTo(3.4);
        // lag without a rate yet: time behind unknown; an unreadable group is reported as such
        assertThat(first.lag().get(0).records()).isEqualTo(40);
        assertThat(first.lag().get(0).secondsBehind()).isNull();
        assertThat(first.lag().get(1).reachable()).isFalse();
        // dead letters per source topic over every service: the extractor's 2 are passages
        assertThat(first.deadLetters()).extracting(TopicDeadLetters::topic, TopicDeadLetters::total)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("extractions", 3.0),
                        org.assertj.core.groups.Tuple.tuple("passages", 3.0));
        assertThat(first.links()).containsEntry("scorer", "http://localhost:7072");

        groups.put("scorer-service", Optional.of(new ConsumerLag.GroupOffsets("scorer-service", 20, Map.of("extractions", 20L), 1100)));
        PipelineView second = f.update(15_000, List.of(ok("extractor-service", extractor(140, 12, 3.0, 140, 40, 90, 118, 140)),
                ok("scorer-service", scorer(130, 30, 60, 10, 3)),
                ok("elo-service", "elo_judgments_total{outcome=\"applied\"} 5\n")), groups);

        // 5 s later: (140 + 12) - (100 + 2) = 50 passages -> 10/s, 40 extracted -> 8/s
        assertThat(second.passagesPerSecond()).isCloseTo(10.0, within(1e-9));
        assertThat(second.extractedPerSecond()).isCloseTo(8.0, within(1e-9));
        // the interval's mean: (3.0 - 1.0) s over 40 passages
        assertThat(second.extractionLatency().mean()).isCloseTo(0.05, within(1e-12));
        // percentiles of the interval's 40 observations only: 20 in (0.05, 0.1], 20 in (0.1, 0.5];
        // rank 20 tops the first: 0.1; rank 36 in the second: 0.1 + 0.4 * 16/20
        assertThat(second.extractionLatency().p50()).isCloseTo(0.1, within(1e-12));
        assertThat(second.extractionLatency().p90()).isCloseTo(0.42, within(1e-12));
        assertThat(second.graphsScoredPerSecond()).isCloseTo(8.0, within(1e-9));
        assertThat(second.deadLetters()).filteredOn(d -> d.topic().equals("passages")).singleElement()
                .satisfies(d -> assertThat(d.perSecond()).isCloseTo(2.0, within(1e-9)));
        // 100 offsets consumed in 5 s = 20/s, 20 records behind -> 1 s
        assertThat(second.lag().get(0).consumedPerSecond()).isCloseTo(20.0, within(1e-9));
        assertThat(second.lag().get(0).secondsBehind()).isCloseTo(1.0, within(1e-9));
        // elo was unreachable on the first scrape: no rate from an unknown start
        assertThat(second.judgmentsPerSecond()).isNull();
    }

    @Test
    void aCounterThatWentDownIsARestartNotANegativeRate() {
        PipelineFigures f = new PipelineFigures(Map.of());
        f.update(0, List.of(ok("extractor-service", extractor(500, 0, 5.0, 500, 500))), Map.of());
        PipelineView after = f.update(2_000, List.of(ok("extractor-service", extractor(3, 0, 0.03, 3, 3))), Map.of());
        assertThat(after.passagesPerSecond()).isNull();
        assertThat(after.extractionLatency().mean()).isCloseTo(0.01, within(1e-12)); // since the restart
        PipelineView next = f.update(4_000, List.of(ok("extractor-service", extractor(7, 0, 0.07, 7, 7))), Map.of());
        assertThat(next.passagesPerSecond()).isCloseTo(2.0, within(1e-9));
    }

    @Test
    void noLagMeansZeroSecondsBehindNoOffsetsMeansUnknownAndNothingAssessedMeansNoShare() {
        PipelineFigures f = new PipelineFigures(Map.of());
        PipelineView v = f.update(0, List.of(ok("scorer-service", "scorer_graphs_scored_total 0\n")),
                Map.of("g", Optional.of(new ConsumerLag.GroupOffsets("g", 0, Map.of(), 10))));
        assertThat(v.validatedShare()).isNull();
        assertThat(v.lag().get(0).secondsBehind()).isNull(); // no committed offset: nothing known
        assertThat(v.extractionLatency()).isNull();
        PipelineView caughtUp = f.update(1_000, List.of(), Map.of("g", Optional.of(
                new ConsumerLag.GroupOffsets("g", 0, Map.of("passages", 0L), 10))));
        assertThat(caughtUp.lag().get(0).secondsBehind()).isEqualTo(0.0);
    }

    @Test
    void curatorsChangesArePer100EdgesOfTheCorrectedExtractions() {
        PipelineFigures f = new PipelineFigures(Map.of());
        assertThat(f.update(0, List.of(ok("scorer-service", "scorer_graphs_scored_total 3\n")), Map.of())
                .curation()).isNull();
        // 40 model edges corrected: 28 kept, 6 flipped, 4 deleted, 2 renamed; 5 added (over two instances' samples)
        PipelineView v = f.update(1_000, List.of(ok("scorer-service", """
                scorer_curation_edges_total{change="kept",instance="a"} 20
                scorer_curation_edges_total{change="kept",instance="b"} 8
                scorer_curation_edges_total{change="flipped"} 6
                scorer_curation_edges_total{change="deleted"} 4
                scorer_curation_edges_total{change="renamed"} 2
                scorer_curation_edges_total{change="added"} 5
                """)), Map.of());
        assertThat(v.curation().modelEdges()).isEqualTo(40);
        assertThat(v.curation().per100()).containsEntry("kept", 70.0).containsEntry("flipped", 15.0)
                .containsEntry("deleted", 10.0).containsEntry("renamed", 5.0).containsEntry("added", 12.5);
    }
}
