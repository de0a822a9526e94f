package io.causalstream.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.sun.net.httpserver.HttpServer;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.topics.Topics;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.kafka.common.serialization.Deserializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Records with schema ids the registry does not have, through the factory's real deserializer and registry client,
 * against an HTTP server answering as Apicurio does (a schema by content id, 404 problem details, the version
 * search). With the default confirmation window (15 s) in force, such a record is invalid at once while the
 * registry serves the schemas it holds, and a flood of them asks the registry once per distinct id.
 */
class UnknownSchemaIdsTest {

    private static final Pattern CONTENT = Pattern.compile("/apis/registry/v3/ids/contentIds/(-?\\d+)(/references)?");
    private static final long KNOWN = 1;

    private HttpServer server;
    /** content ids the registry holds */
    private final Map<Long, String> held = new ConcurrentHashMap<>(Map.of(KNOWN, Passage.getClassSchema().toString()));
    /** lookups per content id */
    private final Map<Long, AtomicInteger> lookups = new ConcurrentHashMap<>();
    private volatile boolean loading;
    /** while loading: how many more lookups of schema id 2 it answers 404 before it has loaded (0: not counted) */
    private final AtomicInteger id2LookupsWhileLoading = new AtomicInteger();
    /** while loading: how many more witness requests (the known schema, the newest) it answers before it has loaded */
    private final AtomicInteger knownLookupsWhileLoading = new AtomicInteger();

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private String registry() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", ex -> {
            String path = ex.getRequestURI().getPath();
            int status;
            String body;
            Matcher m = CONTENT.matcher(path);
            if (m.matches()) {
                long id = Long.parseLong(m.group(1));
                String schema = loading ? null : held.get(id);
                if (loading && id == 2 && m.group(2) == null && id2LookupsWhileLoading.get() > 0
                        && id2LookupsWhileLoading.decrementAndGet() == 0) {
                    loading = false; // loaded right after answering the record's lookup: before the witness's
                }
                if (loading && id == KNOWN && knownLookupsWhileLoading.decrementAndGet() <= 0) {
                    loading = false; // loaded: the next request finds everything it holds
                }
                if (m.group(2) != null) {
                    status = schema == null ? 404 : 200;
                    body = schema == null ? notFound(id) : "[]";
                } else {
                    lookups.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
                    status = schema == null ? 404 : 200;
                    body = schema == null ? notFound(id) : schema;
                }
            } else if (path.equals("/apis/registry/v3/search/versions")) {
                boolean wasLoading = loading;
                if (loading && knownLookupsWhileLoading.decrementAndGet() <= 0) {
                    loading = false;
                }
                status = 200;
                body = wasLoading ? "{\"count\":0,\"versions\":[]}"
                        : "{\"count\":1,\"versions\":[{\"globalId\":1,\"contentId\":" + KNOWN + "}]}";
            } else {
                status = 404;
                body = "{\"status\":404,\"title\":\"no such path\"}";
            }
            byte[] b = body.getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(status, b.length);
            ex.getResponseBody().write(b);
            ex.close();
        });
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private static String notFound(long id) {
        return "{\"detail\":\"ContentNotFoundException: No content with ID '" + id + "' was found.\",\"title\":"
                + "\"No content with ID '" + id + "' was found.\",\"status\":404,"
                + "\"name\":\"ContentNotFoundException\"}";
    }

    private static Deserializer<Passage> deserializer(String registryUrl, RetryingDeserializer.Policy policy) {
        return new AvroSerdes(registryUrl, Map.of(), policy).valueDeserializer(Topics.PASSAGES);
    }

    /** Magic byte 0, the 4-byte id, three junk bytes. */
    private static byte[] unknown(int id) {
        return ByteBuffer.allocate(8).put((byte) 0).putInt(id).put(new byte[]{7, 7, 7}).array();
    }

    private static byte[] passage(long schemaId, String id) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(ByteBuffer.allocate(5).put((byte) 0).putInt((int) schemaId).array());
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
        new SpecificDatumWriter<>(Passage.class).write(Passage.newBuilder().setId(id).setText("Rain raises rivers.")
                .setPublishedAt(Instant.ofEpochMilli(0)).build(), encoder);
        encoder.flush();
        return out.toByteArray();
    }

    @Test
    void aFloodOfUnknownIdsIsInvalidAtOnceWithOneLookupPerDistinctId() throws IOException {
        Deserializer<Passage> passages = deserializer(registry(), RetryingDeserializer.Policy.DEFAULT);
        assertThat(passages.deserialize("passages", passage(KNOWN, "p1")).getId()).isEqualTo("p1");

        long start = System.nanoTime();
        for (int n = 0; n < 500; n++) {
            int id = 0x3f000000 + n % 25;
            Throwable e = catchThrowable(() -> passages.deserialize("passages", unknown(id)));
            assertThat(e).isInstanceOf(UnknownSchemaIdException.class)
                    .hasMessageContaining("schema id " + id + " of a record on passages is unknown to the schema "
                            + "registry");
            assertThat(DecodeFailures.classify(e)).isEqualTo(DecodeFailures.Kind.INVALID);
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        // waiting out the 15 s confirmation per id would take 25 x 15 s
        assertThat(took).isLessThan(Duration.ofSeconds(5));
        for (int n = 0; n < 25; n++) {
            assertThat(lookups.get((long) 0x3f000000 + n)).as("lookups of id %d", 0x3f000000 + n).hasValue(1);
        }
        // the valid record still decodes, without a lookup (cached schema)
        assertThat(passages.deserialize("passages", passage(KNOWN, "p2")).getId()).isEqualTo("p2");
        // a negative id (0xffffffff) is just another unknown id
        assertThat(catchThrowable(() -> passages.deserialize("passages", unknown(-1))))
                .isInstanceOf(UnknownSchemaIdException.class);
    }

    @Test
    void aProcessThatHasDecodedNothingYetAsksForTheNewestSchemaAsItsWitness() throws IOException {
        Deserializer<Passage> passages = deserializer(registry(), RetryingDeserializer.Policy.DEFAULT);
        long start = System.nanoTime();
        assertThat(catchThrowable(() -> passages.deserialize("passages", unknown(0x3f000000))))
                .isInstanceOf(UnknownSchemaIdException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        assertThat(lookups.get(KNOWN)).hasValue(1);
    }

    @Test
    void aRegistryStillLoadingItsStorageDoesNotGetAValidRecordDeadLettered() throws Exception {
        String url = registry();
        // decoded once: the process knows a schema the registry holds
        Deserializer<Passage> passages = deserializer(url, new RetryingDeserializer.Policy(Duration.ofMillis(50),
                Duration.ofMillis(200), Duration.ofSeconds(30), Duration.ofSeconds(20), Duration.ofSeconds(60)));
        assertThat(passages.deserialize("passages", passage(KNOWN, "p1")).getId()).isEqualTo("p1");
        // a schema registered elsewhere, the registry restarted and answers 404 for everything for a while
        held.put(2L, Passage.getClassSchema().toString());
        // it stays so until the process has asked it twice for a schema it holds (and found none): not a time,
        // so a slow machine cannot see the registry recover between the record's 404 and the witness's
        knownLookupsWhileLoading.set(2);
        loading = true;
        assertThat(passages.deserialize("passages", passage(2, "p3")).getId()).isEqualTo("p3");
        assertThat(knownLookupsWhileLoading.get()).isLessThanOrEqualTo(0);
    }

    @Test
    void aRegistryThatFinishesLoadingBetweenTheRecordsLookupAndTheWitnessDoesNotGetItDeadLettered()
            throws Exception {
        String url = registry();
        Deserializer<Passage> passages = deserializer(url, new RetryingDeserializer.Policy(Duration.ofMillis(50),
                Duration.ofMillis(200), Duration.ofSeconds(30), Duration.ofSeconds(20), Duration.ofSeconds(60)));
        assertThat(passages.deserialize("passages", passage(KNOWN, "p1")).getId()).isEqualTo("p1");
        held.put(2L, Passage.getClassSchema().toString());
        knownLookupsWhileLoading.set(Integer.MAX_VALUE);
        // the second 404 for id 2 is the registry's last answer while loading: the witness then finds it serving
        id2LookupsWhileLoading.set(2);
        loading = true;
        assertThat(passages.deserialize("passages", passage(2, "p3")).getId()).isEqualTo("p3");
        assertThat(loading).isFalse();
    }

    @Test
    void anIdTheRegistryDidNotHaveIsAskedAgainOnceItsMemoryExpires() throws Exception {
        Deserializer<Passage> passages = deserializer(registry(), new RetryingDeserializer.Policy(
                Duration.ofMillis(50), Duration.ofMillis(200), Duration.ofSeconds(30), Duration.ofSeconds(15),
                Duration.ofMillis(300)));
        assertThat(passages.deserialize("passages", passage(KNOWN, "p1")).getId()).isEqualTo("p1");
        assertThat(catchThrowable(() -> passages.deserialize("passages", passage(5, "p5"))))
                .isInstanceOf(UnknownSchemaIdException.class);
        held.put(5L, Passage.getClassSchema().toString()); // registered now
        assertThat(catchThrowable(() -> passages.deserialize("passages", passage(5, "p5"))))
                .isInstanceOf(UnknownSchemaIdException.class);
        Thread.sleep(350);
        assertThat(passages.deserialize("passages", passage(5, "p5")).getId()).isEqualTo("p5");
    }
}
