package io.causalstream.local;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The local graph database: Neo4j Community (the {@code neo4j-harness} in-process server) in a child JVM of its own,
 * from the {@code graph-db} distribution ({@code lib/*.jar}), with Bolt and HTTP on loopback and no authentication.
 * A child process, not a class loader in the caller: Neo4j brings its own Netty 4.2, Jackson, Lucene and Scala,
 * which differ from the services' and the registry client's. Its store lives in {@code dataDir}, so a restart
 * finds the graph as it was.
 */
public final class GraphDbProcess implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(GraphDbProcess.class);
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(180);

    private final Process process;
    private final int boltPort;
    private final int httpPort;

    private GraphDbProcess(Process process, int boltPort, int httpPort) {
        this.process = process;
        this.boltPort = boltPort;
        this.httpPort = httpPort;
    }

    /** Starts Neo4j from {@code home} (the unpacked graph-db distribution) and returns when its HTTP API answers. */
    public static GraphDbProcess start(Path home, Path dataDir, int boltPort, int httpPort, Path logFile) {
        LocalPorts.requireFree(boltPort, "Neo4j Bolt");
        LocalPorts.requireFree(httpPort, "Neo4j HTTP");
        if (!Files.isDirectory(home.resolve("lib"))) {
            throw new IllegalStateException("no graph-db distribution at " + home + ": build with Maven first");
        }
        List<String> cmd = List.of(JavaRuntime.requireJava21(), "-Xmx768m", "-XX:+UseSerialGC",
                "--enable-native-access=ALL-UNNAMED", "-cp", home.resolve("lib").toAbsolutePath() + "/*",
                "io.causalstream.graphdb.GraphDbServer", dataDir.toAbsolutePath().toString(),
                Integer.toString(boltPort), Integer.toString(httpPort));
        try {
            Files.createDirectories(dataDir);
            Files.createDirectories(logFile.toAbsolutePath().getParent());
            Process p = new ProcessBuilder(ChildProcesses.inOwnSession(ChildProcesses.withUnsafeAllowed(cmd)))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
                    .start();
            GraphDbProcess db = new GraphDbProcess(p, boltPort, httpPort);
            try {
                ChildProcesses.awaitHttpOk(p, "Neo4j", URI.create(db.httpUrl() + "/"), STARTUP_TIMEOUT, logFile);
            } catch (IllegalStateException e) {
                db.close();
                throw e;
            }
            log.info("Neo4j ready: {} {} (pid {})", db.boltUri(), db.httpUrl(), p.pid());
            return db;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start Neo4j: " + cmd, e);
        }
    }

    public String boltUri() {
        return "bolt://127.0.0.1:" + boltPort;
    }

    public String httpUrl() {
        return "http://127.0.0.1:" + httpPort;
    }

    /**
     * Runs a read query returning one number (e.g. {@code MATCH (c:Concept) RETURN count(c)}) through Neo4j's HTTP
     * Query API, as any analyst's tool would.
     */
    public long count(String cypher) {
        return count(httpUrl(), cypher);
    }

    /** The same against any Neo4j HTTP address. */
    public static long count(String httpUrl, String cypher) {
        JsonNode value = answer(httpUrl, cypher).at("/values/0/0");
        if (!value.isIntegralNumber()) {
            throw new IllegalStateException("Neo4j gave no number for " + cypher + ": " + value);
        }
        return value.asLong();
    }

    /** Runs any read query and gives its rows, each a list of the returned values as JSON. */
    public List<List<JsonNode>> rows(String cypher) {
        List<List<JsonNode>> out = new java.util.ArrayList<>();
        for (JsonNode row : answer(httpUrl(), cypher).path("values")) {
            List<JsonNode> values = new java.util.ArrayList<>();
            row.forEach(values::add);
            out.add(values);
        }
        return out;
    }

    /** The Query API's answer: {"data": {"fields": [...], "values": [[...], ...]}, ...}; its data part. */
    private static JsonNode answer(String httpUrl, String cypher) {
        String body = JSON.createObjectNode().put("statement", cypher).toString();
        try {
            var r = HTTP.send(java.net.http.HttpRequest.newBuilder(URI.create(httpUrl + "/db/neo4j/query/v2"))
                    .header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofString(body)).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            JsonNode data = r.statusCode() / 100 == 2 ? JSON.readTree(r.body()).path("data") : null;
            if (data == null || !data.has("values")) {
                throw new IllegalStateException("Neo4j answered " + r.statusCode() + " to " + cypher + ": " + r.body());
            }
            return data;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static final java.net.http.HttpClient HTTP = java.net.http.HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    public long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        ChildProcesses.stop(process, "Neo4j");
    }
}
