package io.causalstream.deploy.graph;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.runtime.ServiceAcls;
import java.util.List;
import org.junit.jupiter.api.Test;

class LocalGraphDbTest {

    @Test
    void theConnectorReadsBothTopicsCommittedOnlyInTheWireFormatAndDeadLettersWithReasons() {
        var c = LocalGraphDb.connectorConfig("http://127.0.0.1:8085", "bolt://127.0.0.1:7687", "sg", "cm", "dead");

        assertThat(c).containsEntry("topics", "sg,cm").containsEntry("graph.scored-graphs.topic", "sg")
                .containsEntry("graph.causal-maps.topic", "cm").containsEntry("neo4j.uri", "bolt://127.0.0.1:7687")
                .containsEntry("value.converter.apicurio.registry.url", "http://127.0.0.1:8085/apis/registry/v2")
                .containsEntry("value.converter.apicurio.registry.as-confluent", "true")
                .containsEntry("value.converter.apicurio.registry.use-id", "contentId")
                .containsEntry("consumer.override.isolation.level", "read_committed")
                .containsEntry("errors.tolerance", "all").containsEntry("errors.deadletterqueue.topic.name", "dead")
                .containsEntry("errors.deadletterqueue.context.headers.enable", "true");
    }

    /** The worker and connector names are those the graph-sink user's ACLs allow (ServiceAcls.forGraphSink). */
    @Test
    void theWorkerGroupTopicsAndConnectorGroupFallUnderTheGraphSinkUsersAcls() {
        List<ServiceAcls.Rule> rules = ServiceAcls.forGraphSink(ServiceAcls.GRAPH_SINK_USER);
        assertThat(rules).anySatisfy(r -> assertThat(r.toString()).contains(LocalGraphDb.consumerGroup()));
        assertThat(LocalGraphDb.WORKER_GROUP).isEqualTo(ServiceAcls.GRAPH_SINK_USER);
        assertThat(LocalGraphDb.DEAD_LETTER_TOPIC).startsWith(ServiceAcls.GRAPH_SINK_USER);
    }
}
