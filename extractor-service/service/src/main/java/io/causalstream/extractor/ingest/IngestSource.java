package io.causalstream.extractor.ingest;

import io.causalstream.openai.resilience.Ticker;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Triple;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** A source of the ingestion CLI: reads it and publishes what it holds, paced, with progress and a summary. */
abstract class IngestSource implements Callable<Integer> {

    @Mixin
    IngestCommand.Common common = new IngestCommand.Common();

    @Spec
    CommandSpec spec;

    IngestCommand.Io io;
    private Publisher publisher;
    private Progress progress;
    private Pacer pacer;
    private final Instant now = Instant.now();
    private int index;

    /** What the source holds: "passages" or "annotations". */
    abstract String what();

    /** Records expected, or -1 when the source is streamed. */
    long total() throws IOException {
        return -1;
    }

    abstract void read() throws IOException, InterruptedException;

    @Override
    public Integer call() throws Exception {
        long total = total();
        progress = new Progress(io.err(), what(), total);
        pacer = new Pacer(common.rate, Ticker.SYSTEM);
        long failed;
        try (Publisher p = io.publishers().apply(common)) {
            publisher = p;
            read();
            failed = p.flush();
        }
        List<String> reasons = publisher.failures();
        if (!reasons.isEmpty()) {
            io.err().println();
            reasons.forEach(r -> io.err().println(r));
            if (failed > reasons.size()) {
                io.err().println("... and " + (failed - reasons.size()) + " more failed");
            }
        }
        io.err().println(publisher.dryRun() ? progress.dryRunSummary() : progress.summary(failed));
        return failed == 0 ? 0 : 1;
    }

    /** Publishes a passage of text; blank text is skipped. */
    void passage(String text, String id, String documentId, String url, String title, Map<String, String> meta)
            throws InterruptedException {
        index++;
        if (text == null || text.isBlank()) {
            progress.skip();
            return;
        }
        Map<String, String> metadata = new LinkedHashMap<>(meta);
        if (common.dataset != null) {
            metadata.put("dataset", common.dataset);
        }
        String passageId = id != null ? id : common.passageIds().id(text, index);
        pacer.await();
        publisher.passage(Records.passage(passageId, text.strip(), documentId, url, title, metadata, now));
        progress.step();
    }

    void annotation(String passageText, String annotatorId, AnnotatorKind kind, List<Triple> triples)
            throws InterruptedException {
        index++;
        if (passageText == null || passageText.isBlank()) {
            progress.skip();
            return;
        }
        pacer.await();
        publisher.annotation(Records.annotation(common.passageIds().id(passageText, index), annotatorId, kind,
                triples, now));
        progress.step();
    }

    void restartIndex() {
        index = 0;
    }

    BufferedReader open(Path file) throws IOException {
        if (file.toString().equals("-")) {
            return new BufferedReader(new InputStreamReader(io.in(), StandardCharsets.UTF_8));
        }
        return Files.newBufferedReader(file, StandardCharsets.UTF_8);
    }
}
