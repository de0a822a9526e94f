package io.causalstream.extractor.staged;

import io.causalstream.extractor.generator.Generation;
import io.causalstream.extractor.generator.TextGenerator;
import io.causalstream.extractor.parse.ParseProblem;
import io.causalstream.extractor.parse.ParseResult;
import io.causalstream.extractor.parse.ParsedTriple;
import io.causalstream.extractor.parse.TripletParser;
import io.causalstream.extractor.prompt.Message;
import io.causalstream.extractor.prompt.Prompt;
import io.causalstream.extractor.prompt.PromptFormat;
import io.causalstream.extractor.prompt.PromptLibrary;
import java.util.ArrayList;
import java.util.List;

/**
 * The staged extraction of EmpiriGraph (section 5.1) as five separate model calls, each fed the previous stage's
 * output: variables, normalisation, evidence sentences, relations, validation. Smaller questions give a model less
 * room to drift, and the evidence stage keeps the relation stage to what the text says. A stage that finds nothing
 * ends the run early (no variables, no evidence: no relation), which also saves the later calls.
 */
public final class StagedPipeline {

    /** The stages in order, with the resource holding each instruction. */
    public enum Stage {
        VARIABLES("staged/1-variables.txt"),
        NORMALISATION("staged/2-normalisation.txt"),
        EVIDENCE("staged/3-evidence.txt"),
        RELATIONS("staged/4-relations.txt"),
        VALIDATION("staged/5-validation.txt");

        private final String resource;

        Stage(String resource) {
            this.resource = resource;
        }
    }

    /**
     * The outcome of one staged run.
     *
     * @param parse            the triplets of the last stage that produced any, and every stage's problems
     * @param rawOutput        each stage's answer under a {@code ## stage} header, for audit
     * @param promptTokens     summed over the calls made
     * @param completionTokens summed over the calls made
     * @param calls            how many calls were made (5, or fewer when a stage found nothing)
     * @param allCached        every call was answered from the cache
     */
    public record Result(ParseResult parse, String rawOutput, Integer promptTokens, Integer completionTokens,
                         int calls, boolean allCached) {
    }

    private final TextGenerator generator;
    private final TripletParser parser = new TripletParser();

    public StagedPipeline(TextGenerator generator) {
        this.generator = generator;
    }

    public Result run(String text) {
        Calls calls = new Calls();
        List<String> variables = ListAnswer.parse(calls.ask(Stage.VARIABLES, "Text: " + text), "variables");
        if (variables.isEmpty()) {
            return calls.result(List.of(), List.of(problem("stage 1 found no variables")));
        }
        List<String> normalised = ListAnswer.parse(calls.ask(Stage.NORMALISATION, "Text: " + text
                + "\nVariables: " + ListAnswer.json(variables)), "variables");
        if (normalised.isEmpty()) {
            normalised = variables; // a normalisation that drops everything is not believable; keep stage 1
        }
        List<String> sentences = ListAnswer.parse(calls.ask(Stage.EVIDENCE, "Text: " + text + "\nVariables: "
                + ListAnswer.json(normalised)), "sentences");
        if (sentences.isEmpty()) {
            return calls.result(List.of(), List.of(problem("stage 3 found no evidence sentence")));
        }
        ParseResult relations = parser.parse(calls.ask(Stage.RELATIONS, "Variables: " + ListAnswer.json(normalised)
                + "\nEvidence sentences: " + ListAnswer.json(sentences)), calls.lastTruncated);
        if (relations.triples().isEmpty()) {
            return calls.result(List.of(), relations.problems());
        }
        ParseResult validated = parser.parse(calls.ask(Stage.VALIDATION, "Text: " + text + "\nCandidate triplets: "
                + PromptLibrary.answer(PromptFormat.JSON, relations.triples())), calls.lastTruncated);
        List<ParseProblem> problems = new ArrayList<>(relations.problems());
        problems.addAll(validated.problems());
        boolean unreadable = validated.triples().isEmpty() && !validated.format().equals("json");
        // an unreadable validation answer must not erase the relations: keep stage 4's then
        return calls.result(unreadable ? relations.triples() : validated.triples(), problems);
    }

    private static ParseProblem problem(String detail) {
        return new ParseProblem(ParseProblem.Kind.NO_TRIPLETS, detail);
    }

    /** The calls of one run, with their accounting. */
    private final class Calls {
        private final StringBuilder raw = new StringBuilder();
        private Integer promptTokens;
        private Integer completionTokens;
        private int count;
        private boolean allCached = true;
        private boolean lastTruncated;

        String ask(Stage stage, String input) {
            Prompt prompt = new Prompt(List.of(Message.system(PromptLibrary.instruction(stage.resource)),
                    Message.user(input)), PromptFormat.JSON, false);
            Generation g = generator.generate(prompt);
            count++;
            allCached &= g.cached();
            lastTruncated = g.truncated();
            promptTokens = add(promptTokens, g.promptTokens());
            completionTokens = add(completionTokens, g.completionTokens());
            raw.append("## ").append(stage.name().toLowerCase()).append('\n').append(g.text().strip()).append('\n');
            return g.text();
        }

        Result result(List<ParsedTriple> triples, List<ParseProblem> problems) {
            return new Result(new ParseResult(triples, problems, "staged"), raw.toString().strip(), promptTokens,
                    completionTokens, count, allCached && count > 0);
        }

        private Integer add(Integer a, Integer b) {
            return a == null ? b : (b == null ? a : a + b);
        }
    }
}
