package io.causalstream.elo.pipeline;

import java.util.List;
import java.util.Map;

/**
 * What the dashboard's pipeline panels show (sent as JSON in the {@code pipeline} server-sent event and served at
 * {@code /api/pipeline}). A figure is {@code null} when its source is unreachable or has not published it yet;
 * rates need two scrapes, so they are {@code null} on the first.
 *
 * @param at                    epoch milliseconds of the scrape
 * @param services              each metrics source, reachable or not (and why not)
 * @param passagesPerSecond     passages the extractor took off {@code passages} per second (extracted or dead-lettered)
 * @param extractedPerSecond    of which extracted
 * @param extractionLatency     seconds per passage: the extractor's published percentiles, the interval's mean, the max
 * @param graphsScoredPerSecond scored graphs the scorer published per second
 * @param deadLetters           per source topic, over every service: total since start and per second
 * @param validatedShare        VALIDATED share of the edges the scorer's validate stage assessed (since start)
 * @param edgesByState          those edges per validation state
 * @param lag                   per consumer group: records behind, per topic, consumption rate and time to catch up
 * @param scoredGraphAge        seconds: the highest age of the scored graphs the scorer published recently, i.e. time
 *                              from the record that caused them (an extraction, or a gold change re-scoring a
 *                              passage) to their publication (Kafka Streams' {@code record-e2e-latency-max} at the
 *                              {@code scored-graphs-sink} node, over its metrics window)
 * @param judgmentsPerSecond    judgments the Elo service counted per second (every outcome)
 * @param curation              the curators' changes to the extractions they corrected, since the scorer started
 *                              (null before the first correction)
 * @param links                 the product UI's addresses (the scorer's pages)
 */
public record PipelineView(long at, List<Source> services, Double passagesPerSecond, Double extractedPerSecond,
                           Latency extractionLatency, Double graphsScoredPerSecond, List<TopicDeadLetters> deadLetters,
                           Double validatedShare, Map<String, Long> edgesByState, List<GroupLag> lag,
                           Double scoredGraphAge, Double judgmentsPerSecond, Curation curation,
                           Map<String, String> links) {

    /**
     * @param modelEdges edges of the corrected extractions (kept, flipped, deleted, renamed)
     * @param edges      per change (kept, flipped, deleted, renamed, added) how many edges
     * @param per100     per change, edges per 100 model edges (null while there is no model edge)
     */
    public record Curation(long modelEdges, Map<String, Long> edges, Map<String, Double> per100) {
    }

    /** A metrics source: {@code reachable} false with the reason when its scrape failed. */
    public record Source(String service, String url, boolean reachable, String error) {
    }

    /** Seconds. */
    public record Latency(Double p50, Double p90, Double p99, Double mean, Double max, long count) {
    }

    public record TopicDeadLetters(String topic, double total, Double perSecond) {
    }

    /**
     * @param secondsBehind lag divided by the group's consumption rate over the last interval; 0 when there is no
     *                      lag, {@code null} when there is lag but nothing was consumed (stalled, or first scrape)
     */
    public record GroupLag(String group, boolean reachable, long records, Map<String, Long> byTopic,
                           Double consumedPerSecond, Double secondsBehind) {
    }
}
