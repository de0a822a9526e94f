package io.causalstream.graphdb;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.harness.Neo4j;
import org.neo4j.harness.Neo4jBuilders;

/**
 * Neo4j Community in this JVM (the test harness's in-process server): Bolt and HTTP on loopback, no authentication,
 * the store in a directory of its own so that a restart finds its data. Runs until the process is stopped.
 * Usage: {@code GraphDbServer DATA_DIR BOLT_PORT HTTP_PORT}.
 */
public final class GraphDbServer {

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: GraphDbServer DATA_DIR BOLT_PORT HTTP_PORT");
            System.exit(2);
        }
        Path data = Path.of(args[0]).toAbsolutePath();
        int bolt = Integer.parseInt(args[1]);
        int http = Integer.parseInt(args[2]);
        Files.createDirectories(data.resolve("work"));
        Neo4j neo4j = Neo4jBuilders.newInProcessBuilder(data.resolve("work"))
                .withConfig(GraphDatabaseSettings.data_directory, data.resolve("data"))
                .withConfig(BoltConnector.enabled, true)
                .withConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", bolt))
                .withConfig(HttpConnector.enabled, true)
                .withConfig(HttpConnector.listen_address, new SocketAddress("127.0.0.1", http))
                .build();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            neo4j.close();
            stopped.countDown();
        }, "graph-db-stop"));
        System.out.println("graph-db ready: bolt " + neo4j.boltURI() + " http " + neo4j.httpURI());
        stopped.await();
    }

    private GraphDbServer() {
    }
}
