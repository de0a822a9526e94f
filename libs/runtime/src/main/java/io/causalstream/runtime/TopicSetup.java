package io.causalstream.runtime;

import io.causalstream.topics.Topics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Creates the contract's topics and their dead-letter topics; existing topics are left as they are. */
public final class TopicSetup {

    private static final Logger log = LoggerFactory.getLogger(TopicSetup.class);

    public static List<String> createAll(String bootstrapServers, int partitions, short replication) {
        return createAll(Map.<String, Object>of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers), partitions,
                replication);
    }

    /** @param adminConfig the admin client's connection settings, e.g. {@link KafkaClients#properties} */
    public static List<String> createAll(Map<String, Object> adminConfig, int partitions, short replication) {
        List<NewTopic> wanted = new ArrayList<>();
        for (var topic : Topics.ALL) {
            NewTopic t = new NewTopic(topic.name(), partitions, replication);
            if (topic.compacted()) {
                t.configs(Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT));
            }
            wanted.add(t);
        }
        for (var topic : Topics.INPUTS) {
            wanted.add(new NewTopic(topic.deadLetterTopic(), partitions, replication));
        }
        List<String> created = new ArrayList<>();
        try (Admin admin = Admin.create(adminConfig)) {
            var result = admin.createTopics(wanted);
            for (var e : result.values().entrySet()) {
                try {
                    e.getValue().get();
                    created.add(e.getKey());
                } catch (ExecutionException ex) {
                    if (!(ex.getCause() instanceof TopicExistsException)) {
                        throw new IllegalStateException("cannot create topic " + e.getKey() + ": "
                                + ex.getCause().getMessage(), ex.getCause());
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        log.info("topics ready ({} created, {} partitions each)", created.size(), partitions);
        return created;
    }

    private TopicSetup() {
    }
}
