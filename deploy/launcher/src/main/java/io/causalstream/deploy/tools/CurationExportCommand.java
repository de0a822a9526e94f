package io.causalstream.deploy.tools;

import io.causalstream.research.extraction.CuratedAnnotations;
import io.causalstream.runtime.CommonSettings;
import io.causalstream.runtime.KafkaClients;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.serde.AvroSerdes;
import io.causalstream.topics.Topics;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.kafka.common.serialization.StringDeserializer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Writes the curators' corrections (the annotations on {@code extractions} that carry a derivation) with their
 * passage text as JSON Lines ({@link CuratedAnnotations}), the training data of {@code extractor-train --curated}
 * and {@code extractor-tune --curated} and the gold of {@code evaluate --curated}:
 * <pre>
 * deploy/causal-stream curation-export --out curated.jsonl [--gold-only]
 * </pre>
 * The latest record of each (passage, annotation id) counts; a correction whose passage text is not on
 * {@code passages} is skipped and counted.
 */
@Command(name = "curation-export", mixinStandardHelpOptions = true,
        description = "Write the curators' corrections with their passage text as JSON Lines (training data).")
public final class CurationExportCommand implements Callable<Integer> {

    @Mixin
    ClientOptions connection = new ClientOptions();

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The JSON Lines file to write.")
    Path out;

    @Option(names = "--gold-only", description = "Only the corrections the curators also published as gold.")
    boolean goldOnly;

    @Option(names = "--timeout-s", defaultValue = "120", description = "How long reading the topics may take.")
    long timeoutSeconds;

    private final PrintStream console = System.out;

    @Override
    public Integer call() throws Exception {
        CommonSettings settings = connection.settings("causal-stream-curation-export");
        Map<String, Object> client = KafkaClients.properties(settings);
        AvroSerdes serdes = KafkaClients.serdes(settings);
        Duration timeout = Duration.ofSeconds(timeoutSeconds);
        Map<String, String> texts = new HashMap<>();
        TopicSnapshot.forEach(client, Topics.PASSAGES.name(), new StringDeserializer(),
                serdes.valueDeserializer(Topics.PASSAGES), timeout, r -> {
                    Passage p = r.value();
                    if (p != null) {
                        texts.put(p.getId(), p.getText());
                    }
                });
        Map<String, Extraction> corrections = new LinkedHashMap<>();
        TopicSnapshot.forEach(client, Topics.EXTRACTIONS.name(), new StringDeserializer(),
                serdes.valueDeserializer(Topics.EXTRACTIONS), timeout, r -> {
                    Extraction e = r.value();
                    if (e != null && e.getDerivation() != null && (!goldOnly || e.getDerivation().getGold())) {
                        corrections.put(e.getPassageId() + "\u0000" + e.getAnnotationId(), e);
                    }
                });
        int written = 0;
        int noText = 0;
        StringBuilder lines = new StringBuilder();
        for (Extraction e : corrections.values()) {
            String text = texts.get(e.getPassageId());
            if (text == null) {
                noText++;
                continue;
            }
            lines.append(CuratedAnnotations.line(e, text)).append('\n');
            written++;
        }
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(out, lines, StandardCharsets.UTF_8);
        console.printf("wrote %d corrections to %s (%d skipped: no passage text)%n", written, out, noText);
        return 0;
    }
}
