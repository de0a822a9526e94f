package io.causalstream.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causalstream.runtime.RegistryAdmin;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.TestCluster;
import io.causalstream.topics.Topics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Through the real broker and registry: records carry the Confluent wire format, schemas stay BACKWARD. */
@ExtendWith(KafkaTestCluster.class)
class ConfluentWireFormatIT {

    @Test
    void recordsOnTheTopicUseMagicByteAndSchemaIdResolvableThroughTheConfluentApi(TestCluster cluster) {
        Passage passage = Passage.newBuilder().setId("wire-1").setText("Rain leads to floods.")
                .setMetadata(Map.of("dataset", "test")).setPublishedAt(Instant.parse("2026-01-01T00:00:00Z")).build();
        cluster.send(Topics.PASSAGES, "wire-1", passage);

        var raw = cluster.readRawUntil(Topics.PASSAGES.name(), Duration.ofSeconds(30),
                rs -> rs.stream().anyMatch(r -> "wire-1".equals(r.key())));
        byte[] bytes = raw.stream().filter(r -> "wire-1".equals(r.key())).findFirst().orElseThrow().value();

        assertThat(bytes[0]).as("Confluent magic byte").isZero();
        int schemaId = ByteBuffer.wrap(bytes, 1, 4).getInt();
        String schema = new RegistryAdmin(cluster.registryUrl()).schemaById(schemaId);
        assertThat(schema).contains("io.causalstream.schemas.passage").contains("Passage");

        Passage decoded = cluster.serdes().valueDeserializer(Topics.PASSAGES).deserialize("passages", bytes);
        assertThat(decoded).isEqualTo(passage);
    }

    @Test
    void registryRefusesASchemaChangeThatBreaksBackwardCompatibility(TestCluster cluster) throws Exception {
        cluster.send(Topics.PASSAGES, "compat-1", Passage.newBuilder().setId("compat-1").setText("x")
                .setPublishedAt(Instant.EPOCH).build());
        assertThat(new RegistryAdmin(cluster.registryUrl()).compatibility()).contains("BACKWARD");

        // a new required field without a default cannot read old records
        String breaking = Passage.getClassSchema().toString()
                .replace("\"fields\":[", "\"fields\":[{\"name\":\"mandatory\",\"type\":\"string\"},");
        String body = "{\"schema\":" + com.fasterxml.jackson.databind.node.TextNode.valueOf(breaking) + "}";
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                        RegistryEndpoints.confluentApi(cluster.registryUrl()) + "/subjects/passages-value/versions"))
                .header("Content-Type", "application/vnd.schemaregistry.v1+json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(409);
    }

    @Test
    void aRecordOfAnotherSchemaIsRejectedByTheTopicsDeserializer(TestCluster cluster) {
        var judgment = io.causalstream.schemas.judgment.Judgment.newBuilder().setJudgmentId("j").setPassageId("p")
                .setRaterId("r").setLeft("a").setRight("b")
                .setOutcome(io.causalstream.schemas.judgment.Outcome.TIE).setTime(Instant.EPOCH).build();
        byte[] bytes = cluster.serdes().valueSerializer(Topics.JUDGMENTS).serialize("judgments", judgment);
        assertThatThrownBy(() -> cluster.serdes().valueDeserializer(Topics.PASSAGES).deserialize("passages", bytes))
                .hasMessageContaining("expected Passage");
    }
}
