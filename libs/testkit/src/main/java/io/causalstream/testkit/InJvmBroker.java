package io.causalstream.testkit;

import io.causalstream.runtime.TopicSetup;
import java.util.Map;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/**
 * One Kafka node (KRaft, broker and controller combined) in this JVM, set up for tests: internal topics with one
 * replica, no initial rebalance delay. The shared test cluster's broker, and a test's own when it needs topics of
 * more than one partition.
 */
public final class InJvmBroker {

    /** Started and ready; the caller closes it. {@code more}: further broker settings. */
    public static KafkaClusterTestKit start(Map<String, String> more) throws Exception {
        KafkaClusterTestKit.Builder builder = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                .setCombined(true).setNumBrokerNodes(1).setNumControllerNodes(1).build())
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                .setConfigProp("group.initial.rebalance.delay.ms", "0");
        more.forEach(builder::setConfigProp);
        KafkaClusterTestKit broker = builder.build();
        broker.format();
        broker.startup();
        broker.waitForReadyBrokers();
        return broker;
    }

    /** Started, with every topic of the contract in {@code partitions} partitions; the caller closes it. */
    public static KafkaClusterTestKit withTopics(int partitions) throws Exception {
        KafkaClusterTestKit broker = start(Map.of());
        TopicSetup.createAll(broker.bootstrapServers(), partitions, (short) 1);
        return broker;
    }

    private InJvmBroker() {
    }
}
