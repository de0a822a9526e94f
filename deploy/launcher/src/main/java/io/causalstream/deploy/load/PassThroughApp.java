package io.causalstream.deploy.load;

import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Produced;

/**
 * The platform's own cost: a Kafka Streams application that copies every record of one topic to another, bytes
 * in, bytes out, exactly-once (v2) like the services. The load harness runs it as a child process on the same
 * broker, fed the same passages at the same rate, and divides each service's CPU per record by its.
 *
 * <p>{@code java ... PassThroughApp <bootstrap> <in-topic> <out-topic> <state-dir>}
 */
public final class PassThroughApp {

    public static final String APPLICATION_ID = "load-pass-through";

    private PassThroughApp() {
    }

    static Topology topology(String in, String out) {
        StreamsBuilder b = new StreamsBuilder();
        b.stream(in, Consumed.with(Serdes.ByteArray(), Serdes.ByteArray()).withName("pass-through-source"))
                .to(out, Produced.with(Serdes.ByteArray(), Serdes.ByteArray()).withName("pass-through-sink"));
        return b.build();
    }

    static Properties properties(String bootstrap, String stateDir) {
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, APPLICATION_ID);
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(StreamsConfig.STATE_DIR_CONFIG, stateDir);
        p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        return p;
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 4) {
            System.err.println("usage: PassThroughApp <bootstrap> <in-topic> <out-topic> <state-dir>");
            System.exit(2);
        }
        KafkaStreams streams = new KafkaStreams(topology(args[1], args[2]), properties(args[0], args[3]));
        CountDownLatch done = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            streams.close();
            done.countDown();
        }));
        streams.start();
        done.await();
    }
}
