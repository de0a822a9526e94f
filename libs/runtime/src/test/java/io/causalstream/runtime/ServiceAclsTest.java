package io.causalstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.runtime.ServiceAcls.Rule;
import io.causalstream.runtime.ServiceAcls.Service;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.Test;

class ServiceAclsTest {

    private static List<String> topics(List<Rule> rules, String user, AclOperation op) {
        return rules.stream().filter(r -> r.user().equals(user) && r.resourceType() == ResourceType.TOPIC
                        && r.patternType() == PatternType.LITERAL && r.operations().contains(op))
                .map(Rule::name).toList();
    }

    @Test
    void eachServiceWritesOnlyItsOutputsAndTheDeadLettersOfItsInputs() {
        List<Rule> rules = ServiceAcls.all();
        assertThat(topics(rules, "extractor-service", AclOperation.WRITE))
                .containsExactlyInAnyOrder("extractions", "passages.dlq");
        assertThat(topics(rules, "scorer-service", AclOperation.WRITE)).containsExactlyInAnyOrder("scored-graphs",
                "measure-alignment", "measure-alignment-by-measure", "causal-maps", "scored-graphs-by-map",
                "extractions.dlq", "passages.dlq", "gold-graphs.dlq", "tournament-winners.dlq", "extractions",
                "gold-graphs");
        assertThat(topics(rules, "elo-service", AclOperation.WRITE)).containsExactlyInAnyOrder("ratings",
                "tournament-winners", "judgments", "passages.dlq", "extractions.dlq", "judgments.dlq");
        assertThat(topics(rules, "extractor-service", AclOperation.READ)).containsExactly("passages");
    }

    @Test
    void groupsTransactionalIdsAndInternalTopicsArePrefixedByTheApplicationId() {
        List<Rule> scorer = ServiceAcls.forService(Service.SCORER, "scorer-service", "scorer-blue");
        assertThat(scorer).filteredOn(r -> r.patternType() == PatternType.PREFIXED)
                .extracting(r -> r.resourceType() + " " + r.name())
                .containsExactlyInAnyOrder("TOPIC scorer-blue", "GROUP scorer-blue", "TRANSACTIONAL_ID scorer-blue");
        assertThat(scorer).noneMatch(r -> r.resourceType() == ResourceType.CLUSTER);
    }

    @Test
    void theToolsWriteInputsOnlyAndDescribeTheServicesGroups() {
        List<Rule> rules = ServiceAcls.all(Map.of(Service.ELO, "elo-blue"));
        assertThat(topics(rules, ServiceAcls.CLI_USER, AclOperation.WRITE)).containsExactlyInAnyOrder("passages",
                "extractions", "gold-graphs", "judgments", "tournament-winners");
        assertThat(rules).filteredOn(r -> r.user().equals(ServiceAcls.CLI_USER) && r.resourceType() == ResourceType.GROUP
                        && r.patternType() == PatternType.LITERAL)
                .extracting(Rule::name).containsExactlyInAnyOrder("extractor-service", "scorer-service", "elo-blue");
    }

    @Test
    void everyRuleBecomesOneAllowBindingPerOperation() {
        List<Rule> rules = ServiceAcls.all();
        assertThat(ServiceAcls.bindings(rules)).hasSize(rules.stream().mapToInt(r -> r.operations().size()).sum())
                .allSatisfy(b -> assertThat(b.entry().principal()).startsWith("User:"));
        assertThat(ServiceAcls.users(rules)).containsExactly("extractor-service", "scorer-service", "elo-service",
                ServiceAcls.CLI_USER, ServiceAcls.REGISTRY_USER, ServiceAcls.GRAPH_SINK_USER);
    }

    @Test
    void theGraphSinkWorkerReadsTheOutputsAndOwnsOnlyItsPrefix() {
        List<Rule> sink = ServiceAcls.forGraphSink(ServiceAcls.GRAPH_SINK_USER);
        assertThat(sink).filteredOn(r -> r.resourceType() == ResourceType.TOPIC && r.patternType() == PatternType.LITERAL)
                .extracting(Rule::name).containsExactlyInAnyOrder("scored-graphs", "causal-maps");
        assertThat(sink).filteredOn(r -> r.resourceType() == ResourceType.TOPIC && r.patternType() == PatternType.LITERAL)
                .allSatisfy(r -> assertThat(r.operations()).doesNotContain(AclOperation.WRITE, AclOperation.ALL));
        assertThat(sink).filteredOn(r -> r.resourceType() == ResourceType.GROUP).extracting(Rule::name)
                .containsExactlyInAnyOrder("graph-sink", "connect-graph-sink");
    }

    @Test
    void theMarkdownTableHasOneRowPerRule() {
        List<Rule> rules = ServiceAcls.all();
        String table = ServiceAcls.markdown(rules);
        assertThat(table.lines().count()).isEqualTo(rules.size() + 2);
        assertThat(table).contains("| `User:elo-service` | topic `judgments` | literal | Read, Write, Describe |");
        assertThat(table).contains("| `User:scorer-service` | transactional_id `scorer-service` | prefixed | Write, Describe |");
    }

    /** deploy/k8s/kafka-users.yaml is generated from this code; regenerate it when the ACLs change. */
    @Test
    void theStrimziUsersInDeployK8sAreTheOnesThisCodeGenerates() throws Exception {
        Path file = Path.of("..", "..", "deploy", "k8s", "kafka-users.yaml");
        assertThat(Files.readString(file)).isEqualTo(ServiceAcls.strimziKafkaUsers(ServiceAcls.all(), "causal-stream"));
    }

    /** Read back as YAML, the manifests say exactly the rules: one KafkaUser per user, its ACLs in order. */
    @Test
    void theStrimziUsersReadBackAsTheRules() throws Exception {
        List<Rule> rules = ServiceAcls.all();
        List<String> read = new java.util.ArrayList<>();
        List<String> users = new java.util.ArrayList<>();
        try (var docs = ServiceAcls.YAML.readerFor(com.fasterxml.jackson.databind.JsonNode.class)
                .<com.fasterxml.jackson.databind.JsonNode>readValues(ServiceAcls.strimziKafkaUsers(rules, "c1"))) {
            while (docs.hasNext()) {
                var user = docs.next();
                assertThat(user.get("kind").asText()).isEqualTo("KafkaUser");
                assertThat(user.at("/metadata/labels/strimzi.io~1cluster").asText()).isEqualTo("c1");
                assertThat(user.at("/spec/authentication/type").asText()).isEqualTo("scram-sha-512");
                String name = user.at("/metadata/name").asText();
                users.add(name);
                user.at("/spec/authorization/acls").forEach(acl -> read.add(name + " "
                        + acl.at("/resource/type").asText() + " " + acl.at("/resource/name").asText() + " "
                        + acl.at("/resource/patternType").asText() + " " + acl.get("operations").valueStream()
                        .map(com.fasterxml.jackson.databind.JsonNode::asText).toList()));
            }
        }
        assertThat(users).containsExactlyElementsOf(ServiceAcls.users(rules));
        assertThat(read).containsExactlyElementsOf(rules.stream().map(r -> r.user() + " "
                + switch (r.resourceType()) {
                    case TRANSACTIONAL_ID -> "transactionalId";
                    default -> r.resourceType().name().toLowerCase(java.util.Locale.ROOT);
                } + " " + r.name() + " " + r.patternType().name().toLowerCase(java.util.Locale.ROOT) + " "
                + r.operations().stream().map(ServiceAcls::strimziOperation).toList()).toList());
    }

    @Test
    void strimziOperationNames() {
        assertThat(ServiceAcls.strimziOperation(AclOperation.DESCRIBE_CONFIGS)).isEqualTo("DescribeConfigs");
        assertThat(ServiceAcls.strimziOperation(AclOperation.ALL)).isEqualTo("All");
    }
}
