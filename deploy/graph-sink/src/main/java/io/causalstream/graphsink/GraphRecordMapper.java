package io.causalstream.graphsink;

/**
 * Routes a record by its topic to the mapping of that topic's model; a null value is a tombstone.
 */
public final class GraphRecordMapper {

    private final String scoredGraphsTopic;
    private final String causalMapsTopic;
    private final ScoredGraphMapping scoredGraphs = new ScoredGraphMapping();
    private final CausalMapMapping causalMaps = new CausalMapMapping();

    public GraphRecordMapper(String scoredGraphsTopic, String causalMapsTopic) {
        this.scoredGraphsTopic = scoredGraphsTopic;
        this.causalMapsTopic = causalMapsTopic;
    }

    public GraphWrite map(String topic, Object key, Object value) {
        if (scoredGraphsTopic.equals(topic)) {
            return value == null ? scoredGraphs.delete(key) : scoredGraphs.upsert(key, value);
        }
        if (causalMapsTopic.equals(topic)) {
            return value == null ? causalMaps.delete(key) : causalMaps.upsert(key, value);
        }
        throw new UnmappableRecordException("topic '" + topic + "' is neither the scored-graphs topic ('"
                + scoredGraphsTopic + "') nor the causal-maps topic ('" + causalMapsTopic + "')");
    }
}
