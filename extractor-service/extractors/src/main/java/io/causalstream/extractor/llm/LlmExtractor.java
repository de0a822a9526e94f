package io.causalstream.extractor.llm;

import io.causalstream.extractor.backend.ExtractionOutcome;
import io.causalstream.extractor.backend.Extractor;
import io.causalstream.extractor.generator.Generation;
import io.causalstream.extractor.generator.StructuredOutputUnsupportedException;
import io.causalstream.extractor.generator.TextGenerator;
import io.causalstream.extractor.parse.ParseProblem;
import io.causalstream.extractor.parse.ParseResult;
import io.causalstream.extractor.parse.ParsedTriple;
import io.causalstream.extractor.parse.SpanAligner;
import io.causalstream.extractor.parse.TripletParser;
import io.causalstream.extractor.prompt.Prompt;
import io.causalstream.extractor.prompt.PromptFormat;
import io.causalstream.extractor.prompt.PromptLibrary;
import io.causalstream.extractor.staged.StagedPipeline;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An extractor backed by a language model: builds the prompt, asks the {@link TextGenerator} (one call, or the five
 * of the staged pipeline), parses the answer tolerantly and aligns every node to its span in the passage.
 *
 * <p>With structured output on, the first choice is the JSON format under the server's JSON-schema constraint; the
 * first time a server refuses it, the extractor falls back to the configured tagged format for good.
 *
 * <p>Evidence: each triple carries the spans of its source and of its target where they occur in the passage; a
 * node the passage does not contain gets no span and a {@code NODE_NOT_IN_TEXT} problem.
 */
public final class LlmExtractor implements Extractor {

    private static final Logger log = LoggerFactory.getLogger(LlmExtractor.class);

    /** How the model is asked. */
    public enum Mode {
        /** One call per passage, in the configured prompt format. */
        SINGLE,
        /** The five calls of the EmpiriGraph staged pipeline. */
        STAGED
    }

    private final String annotatorId;
    private final TextGenerator generator;
    private final PromptLibrary prompts;
    private final PromptFormat format;
    private final Mode mode;
    private final AtomicBoolean structured;
    private final AtomicBoolean schemaRefused = new AtomicBoolean();
    private final TripletParser parser = new TripletParser();
    private final StagedPipeline staged;

    public LlmExtractor(String annotatorId, TextGenerator generator, PromptLibrary prompts, PromptFormat format,
                        boolean structuredOutput, Mode mode) {
        this.annotatorId = annotatorId;
        this.generator = generator;
        this.prompts = prompts;
        this.format = format;
        this.mode = mode;
        this.structured = new AtomicBoolean(structuredOutput && format != PromptFormat.JSON);
        this.staged = new StagedPipeline(generator);
    }

    @Override
    public Annotator annotator() {
        String promptFormat = mode == Mode.STAGED ? "staged" : (structured.get() ? "json-schema" : format.id());
        return Annotator.newBuilder().setId(annotatorId).setKind(AnnotatorKind.MODEL).setModel(generator.model())
                .setPromptFormat(promptFormat).build();
    }

    /** Whether answers are still requested as JSON under a schema (false once the server refused it). */
    public boolean structuredOutput() {
        return structured.get();
    }

    @Override
    public ExtractionOutcome extract(Passage passage) {
        String text = passage.getText();
        if (mode == Mode.STAGED) {
            StagedPipeline.Result r = staged.run(text);
            return outcome(text, r.parse(), r.rawOutput(), r.promptTokens(), r.completionTokens(), r.allCached());
        }
        Generation g = generateSingle(text);
        ParseResult parsed = parser.parse(g.text(), g.truncated());
        return outcome(text, parsed, g.text(), g.promptTokens(), g.completionTokens(), g.cached());
    }

    private Generation generateSingle(String text) {
        if (structured.get()) {
            try {
                return generator.generate(prompts.build(PromptFormat.JSON, text));
            } catch (StructuredOutputUnsupportedException e) {
                schemaRefused.set(true);
                if (structured.compareAndSet(true, false)) {
                    log.warn("the server refuses structured output ({}); using the {} format from now on",
                            e.getMessage(), format.id());
                }
            }
        }
        Prompt prompt = prompts.build(format, text);
        if (prompt.structured() && schemaRefused.get()) {
            prompt = new Prompt(prompt.messages(), prompt.format(), false);
        }
        try {
            return generator.generate(prompt);
        } catch (StructuredOutputUnsupportedException e) {
            // the json format itself, on a server without JSON schemas: the instruction alone asks for JSON
            schemaRefused.set(true);
            return generator.generate(new Prompt(prompt.messages(), prompt.format(), false));
        }
    }

    private static ExtractionOutcome outcome(String text, ParseResult parsed, String raw, Integer promptTokens,
                                             Integer completionTokens, boolean cached) {
        SpanAligner aligner = new SpanAligner(text);
        List<ParseProblem> problems = new ArrayList<>(parsed.problems());
        List<Triple> triples = new ArrayList<>();
        for (ParsedTriple t : parsed.triples()) {
            List<EvidenceSpan> evidence = new ArrayList<>();
            span(aligner, t.source(), problems).ifPresent(evidence::add);
            span(aligner, t.target(), problems).filter(s -> !evidence.contains(s)).ifPresent(evidence::add);
            triples.add(new Triple(t.source(), t.target(), t.direction(), evidence, null));
        }
        return new ExtractionOutcome(triples, raw, promptTokens, completionTokens, problems, cached);
    }

    private static Optional<EvidenceSpan> span(SpanAligner aligner, String node, List<ParseProblem> problems) {
        Optional<EvidenceSpan> span = aligner.align(node);
        if (span.isEmpty()) {
            problems.add(new ParseProblem(ParseProblem.Kind.NODE_NOT_IN_TEXT, node));
        }
        return span;
    }

    @Override
    public void close() {
        generator.close();
    }
}
