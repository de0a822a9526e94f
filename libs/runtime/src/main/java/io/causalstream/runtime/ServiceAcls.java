package io.causalstream.runtime;

import io.causalstream.topics.Topic;
import io.causalstream.topics.Topics;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;

/**
 * The one source of the Kafka ACLs of causal-stream: one principal per service, one for the command-line tools and
 * one for the schema registry's storage. The local launcher ({@code run-local --secure}) creates exactly these
 * bindings, the integration test runs the services under them, and the Strimzi {@code KafkaUser} resources in
 * {@code deploy/k8s/kafka-users.yaml} are generated from them ({@link #main}: {@code strimzi} or {@code markdown}).
 *
 * <p>Each service may read the topics it consumes, write the topics it produces and the dead-letter topics of its
 * inputs; use consumer groups and transactional ids that start with its application id; and do anything to the
 * topics that start with its application id (Kafka Streams' changelog and repartition topics). Nothing else: a
 * service writing another service's output is refused by the broker.
 */
public final class ServiceAcls {

    /** The super user of the local broker (topic setup, user and ACL administration). */
    public static final String ADMIN_USER = "admin";
    /** The command-line tools: ingest, the sample publisher, read-topic, dlq replay. */
    public static final String CLI_USER = "causal-stream-cli";
    /** The schema registry's kafkasql storage. */
    public static final String REGISTRY_USER = "schema-registry";
    /** The graph sink's Connect worker: its user, worker group and topic prefix. */
    public static final String GRAPH_SINK_USER = "graph-sink";
    /** The registry's kafkasql topics ({@code kafkasql-journal}, {@code kafkasql-snapshots}) start with this. */
    public static final String REGISTRY_TOPIC_PREFIX = "kafkasql-";
    /** The topic the registry announces its changes on (created by it at start-up). */
    public static final String REGISTRY_EVENTS_TOPIC = "registry-events";
    /** The consumer groups the registry's storage uses ({@code apicurio.kafkasql.consumer.group-prefix}). */
    public static final String REGISTRY_GROUP_PREFIX = "schema-registry-";
    /** Consumer groups of the tools that follow a topic (read-topic, the sample's summary). */
    public static final List<String> CLI_GROUP_PREFIXES = List.of("read-topic-", "demo-summary-");

    /** A service: its default application id (= its SCRAM user name), the topics it reads and writes. */
    public enum Service {
        EXTRACTOR("extractor-service", List.of(Topics.PASSAGES), List.of(Topics.EXTRACTIONS)),
        SCORER("scorer-service",
                List.of(Topics.EXTRACTIONS, Topics.PASSAGES, Topics.GOLD_GRAPHS, Topics.TOURNAMENT_WINNERS,
                        Topics.RATINGS, Topics.MEASURE_ALIGNMENT_BY_MEASURE, Topics.SCORED_GRAPHS,
                        Topics.SCORED_GRAPHS_BY_MAP),
                // the causal-maps sub-topology reads the scorer's own scored-graphs, re-keyed by map id; the
                // curation page publishes the curators' corrections and their gold
                List.of(Topics.SCORED_GRAPHS, Topics.MEASURE_ALIGNMENT, Topics.MEASURE_ALIGNMENT_BY_MEASURE,
                        Topics.SCORED_GRAPHS_BY_MAP, Topics.CAUSAL_MAPS, Topics.EXTRACTIONS, Topics.GOLD_GRAPHS)),
        // the rater page publishes judgments; the live dashboard follows ratings and measure-alignment
        ELO("elo-service",
                List.of(Topics.PASSAGES, Topics.EXTRACTIONS, Topics.JUDGMENTS, Topics.RATINGS, Topics.MEASURE_ALIGNMENT),
                List.of(Topics.RATINGS, Topics.TOURNAMENT_WINNERS, Topics.JUDGMENTS));

        private final String defaultApplicationId;
        private final List<Topic<? extends SpecificRecord>> reads;
        private final List<Topic<? extends SpecificRecord>> writes;

        Service(String defaultApplicationId, List<Topic<? extends SpecificRecord>> reads,
                List<Topic<? extends SpecificRecord>> writes) {
            this.defaultApplicationId = defaultApplicationId;
            this.reads = reads;
            this.writes = writes;
        }

        public String defaultApplicationId() {
            return defaultApplicationId;
        }

        /** Topic names it may read. */
        public List<String> reads() {
            return reads.stream().map(Topic::name).toList();
        }

        /** Topic names it may write: its outputs and the dead-letter topics of the inputs it reads. */
        public List<String> writes() {
            List<String> out = new ArrayList<>(writes.stream().map(Topic::name).toList());
            reads.stream().filter(Topics.INPUTS::contains).map(Topic::deadLetterTopic).forEach(out::add);
            return List.copyOf(out);
        }
    }

    /** One ACL entry: allow {@code operations} to {@code principal} on a resource (literal name or prefix). */
    public record Rule(String user, ResourceType resourceType, String name, PatternType patternType,
                       List<AclOperation> operations) {

        public String principal() {
            return "User:" + user;
        }

        public List<AclBinding> bindings() {
            ResourcePattern pattern = new ResourcePattern(resourceType, name, patternType);
            return operations.stream().map(op -> new AclBinding(pattern,
                    new AccessControlEntry(principal(), "*", op, AclPermissionType.ALLOW))).toList();
        }
    }

    private ServiceAcls() {
    }

    /** A service's rules under its user name, for the application id it runs with. */
    public static List<Rule> forService(Service service, String user, String applicationId) {
        List<Rule> rules = new ArrayList<>();
        for (String topic : service.reads()) {
            rules.add(topic(user, topic, service.writes().contains(topic)
                    ? List.of(AclOperation.READ, AclOperation.WRITE, AclOperation.DESCRIBE)
                    : List.of(AclOperation.READ, AclOperation.DESCRIBE)));
        }
        for (String topic : service.writes()) {
            if (!service.reads().contains(topic)) {
                rules.add(topic(user, topic, List.of(AclOperation.WRITE, AclOperation.DESCRIBE)));
            }
        }
        // Kafka Streams' internal topics (changelogs, repartition topics) are named <application id>-...
        rules.add(new Rule(user, ResourceType.TOPIC, applicationId, PatternType.PREFIXED, List.of(AclOperation.ALL)));
        rules.add(new Rule(user, ResourceType.GROUP, applicationId, PatternType.PREFIXED,
                List.of(AclOperation.READ, AclOperation.DESCRIBE)));
        rules.add(new Rule(user, ResourceType.TRANSACTIONAL_ID, applicationId, PatternType.PREFIXED,
                List.of(AclOperation.WRITE, AclOperation.DESCRIBE)));
        return rules;
    }

    /**
     * The tools' rules: read every topic (read-topic, the sample's summary, dlq replay reads the dead letters and
     * their sources); write the input topics (ingest, the sample, dlq replay); their own consumer groups; describe
     * the services' groups (the sample's summary waits for their lag to reach zero).
     */
    public static List<Rule> forCli(String user, List<String> serviceApplicationIds) {
        List<Rule> rules = new ArrayList<>();
        for (String topic : Topics.allNamesWithDeadLetters()) {
            boolean input = Topics.INPUTS.stream().anyMatch(t -> t.name().equals(topic));
            rules.add(topic(user, topic, input ? List.of(AclOperation.READ, AclOperation.WRITE, AclOperation.DESCRIBE)
                    : List.of(AclOperation.READ, AclOperation.DESCRIBE)));
        }
        for (String prefix : CLI_GROUP_PREFIXES) {
            rules.add(new Rule(user, ResourceType.GROUP, prefix, PatternType.PREFIXED,
                    List.of(AclOperation.READ, AclOperation.DESCRIBE)));
        }
        for (String id : serviceApplicationIds) {
            rules.add(new Rule(user, ResourceType.GROUP, id, PatternType.LITERAL, List.of(AclOperation.DESCRIBE)));
            // their offsets on the services' internal (repartition) topics count in that lag
            rules.add(new Rule(user, ResourceType.TOPIC, id, PatternType.PREFIXED, List.of(AclOperation.DESCRIBE)));
        }
        return rules;
    }

    /** The schema registry's kafkasql storage: its own topics (created by it) and consumer groups. */
    public static List<Rule> forRegistry(String user) {
        return List.of(
                new Rule(user, ResourceType.TOPIC, REGISTRY_TOPIC_PREFIX, PatternType.PREFIXED, List.of(AclOperation.ALL)),
                new Rule(user, ResourceType.TOPIC, REGISTRY_EVENTS_TOPIC, PatternType.LITERAL, List.of(AclOperation.ALL)),
                new Rule(user, ResourceType.GROUP, REGISTRY_GROUP_PREFIX, PatternType.PREFIXED,
                        List.of(AclOperation.READ, AclOperation.DESCRIBE)));
    }

    /**
     * The Kafka Connect worker that runs the graph sink (deploy/graph-sink): it reads the two output topics, keeps
     * its config, offsets and status topics and its dead-letter topic under the {@code graph-sink} prefix, and joins
     * the worker group {@code graph-sink} and the connector's consumer group {@code connect-graph-sink}.
     */
    public static List<Rule> forGraphSink(String user) {
        return List.of(
                topic(user, Topics.SCORED_GRAPHS.name(), List.of(AclOperation.READ, AclOperation.DESCRIBE)),
                topic(user, Topics.CAUSAL_MAPS.name(), List.of(AclOperation.READ, AclOperation.DESCRIBE)),
                new Rule(user, ResourceType.TOPIC, GRAPH_SINK_USER, PatternType.PREFIXED, List.of(AclOperation.ALL)),
                new Rule(user, ResourceType.GROUP, GRAPH_SINK_USER, PatternType.LITERAL, List.of(AclOperation.ALL)),
                new Rule(user, ResourceType.GROUP, "connect-" + GRAPH_SINK_USER, PatternType.LITERAL,
                        List.of(AclOperation.ALL)));
    }

    /** Every rule, for the given application id of each service (user name = the default application id). */
    public static List<Rule> all(Map<Service, String> applicationIds) {
        List<Rule> rules = new ArrayList<>();
        for (Service s : Service.values()) {
            rules.addAll(forService(s, s.defaultApplicationId(), applicationIds.getOrDefault(s,
                    s.defaultApplicationId())));
        }
        rules.addAll(forCli(CLI_USER, List.of(Service.values()).stream()
                .map(s -> applicationIds.getOrDefault(s, s.defaultApplicationId())).toList()));
        rules.addAll(forRegistry(REGISTRY_USER));
        rules.addAll(forGraphSink(GRAPH_SINK_USER));
        return rules;
    }

    /** Every rule with the default application ids. */
    public static List<Rule> all() {
        return all(Map.of());
    }

    /** The user names that get a SCRAM credential (the admin aside). */
    public static List<String> users(List<Rule> rules) {
        return rules.stream().map(Rule::user).distinct().toList();
    }

    public static List<AclBinding> bindings(List<Rule> rules) {
        return rules.stream().flatMap(r -> r.bindings().stream()).toList();
    }

    /** A Markdown table: principal, resource, pattern, operations. */
    public static String markdown(List<Rule> rules) {
        StringBuilder out = new StringBuilder("| principal | resource | pattern | operations |\n|---|---|---|---|\n");
        for (Rule r : rules) {
            out.append("| `").append(r.principal()).append("` | ").append(r.resourceType().name().toLowerCase(Locale.ROOT))
                    .append(" `").append(r.name()).append("` | ").append(r.patternType().name().toLowerCase(Locale.ROOT))
                    .append(" | ").append(r.operations().stream().map(ServiceAcls::strimziOperation)
                            .collect(Collectors.joining(", "))).append(" |\n");
        }
        return out.toString();
    }

    /**
     * Strimzi {@code KafkaUser} resources (SCRAM-SHA-512 authentication, simple authorization with these ACLs) for
     * the Kafka cluster {@code cluster}; the User Operator creates a Secret per user with its password.
     */
    public static String strimziKafkaUsers(List<Rule> rules, String cluster) {
        Map<String, List<Rule>> byUser = new LinkedHashMap<>();
        rules.forEach(r -> byUser.computeIfAbsent(r.user(), u -> new ArrayList<>()).add(r));
        // the comments are written as text: YAML comments are no data, so Jackson has no way to write them
        StringWriter out = new StringWriter();
        out.append("# GENERATED from io.causalstream.runtime.ServiceAcls (libs/runtime): do not edit by hand.\n")
                .append("# Regenerate: deploy/causal-stream acls strimzi > deploy/k8s/kafka-users.yaml\n")
                .append("# (ServiceAclsTest fails when this file and the code disagree.)\n")
                .append("# Each KafkaUser gets a Secret of the same name (keys: password, sasl.jaas.config).\n");
        try (SequenceWriter documents = YAML.writer().writeValues(out)) {
            for (var user : byUser.entrySet()) {
                ObjectNode kafkaUser = YAML.createObjectNode().put("apiVersion", "kafka.strimzi.io/v1beta2")
                        .put("kind", "KafkaUser");
                ObjectNode metadata = kafkaUser.putObject("metadata").put("name", user.getKey());
                metadata.putObject("labels").put("strimzi.io/cluster", cluster);
                ObjectNode spec = kafkaUser.putObject("spec");
                spec.putObject("authentication").put("type", "scram-sha-512");
                ObjectNode authorization = spec.putObject("authorization").put("type", "simple");
                ArrayNode acls = authorization.putArray("acls");
                for (Rule r : user.getValue()) {
                    ObjectNode acl = acls.addObject();
                    acl.putObject("resource").put("type", strimziResource(r.resourceType())).put("name", r.name())
                            .put("patternType", r.patternType().name().toLowerCase(Locale.ROOT));
                    ArrayNode operations = acl.putArray("operations");
                    r.operations().forEach(o -> operations.add(strimziOperation(o)));
                }
                documents.write(kafkaUser);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** YAML as Kubernetes manifests are written: lists indented under their key, quotes only where needed. */
    static final YAMLMapper YAML = YAMLMapper.builder()
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
            .build();

    private static String strimziResource(ResourceType type) {
        return switch (type) {
            case TOPIC -> "topic";
            case GROUP -> "group";
            case TRANSACTIONAL_ID -> "transactionalId";
            case CLUSTER -> "cluster";
            default -> throw new IllegalArgumentException("no Strimzi resource type for " + type);
        };
    }

    /** Strimzi's and the docs' spelling: Read, Write, Describe, All, DescribeConfigs... */
    static String strimziOperation(AclOperation op) {
        StringBuilder s = new StringBuilder();
        for (String part : op.name().split("_")) {
            s.append(part.charAt(0)).append(part.substring(1).toLowerCase(Locale.ROOT));
        }
        return s.toString();
    }

    private static Rule topic(String user, String topic, List<AclOperation> operations) {
        return new Rule(user, ResourceType.TOPIC, topic, PatternType.LITERAL, operations);
    }

    /** {@code strimzi [cluster]} prints the KafkaUser resources, {@code markdown} the table. */
    public static void main(String[] args) {
        String what = args.length > 0 ? args[0] : "markdown";
        switch (what) {
            case "strimzi" -> System.out.print(strimziKafkaUsers(all(), args.length > 1 ? args[1] : "causal-stream"));
            case "markdown" -> System.out.print(markdown(all()));
            default -> throw new IllegalArgumentException("usage: ServiceAcls strimzi [cluster] | markdown");
        }
    }
}
