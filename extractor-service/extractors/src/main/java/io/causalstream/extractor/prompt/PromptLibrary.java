package io.causalstream.extractor.prompt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.extractor.parse.ParsedTriple;
import io.causalstream.extractor.parse.RelationWords;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds prompts from the instruction resources under {@code prompts/} and the few-shot examples (the paper's three
 * by default, or a JSONL file of {@code {"text", "triplets":[{"subject","object","relation"}]}} per line).
 */
public final class PromptLibrary {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<FewShotExample> examples;

    public PromptLibrary(List<FewShotExample> examples) {
        this.examples = List.copyOf(examples);
    }

    /** The paper's three examples (appendix F.2). */
    public static PromptLibrary defaults() {
        return new PromptLibrary(readExamples(resource("three-shot-examples.jsonl")));
    }

    /** Examples from a JSONL file; a missing or malformed file is a startup error. */
    public static PromptLibrary withExamples(Path jsonl) {
        try {
            return new PromptLibrary(readExamples(Files.readString(jsonl, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read few-shot examples " + jsonl, e);
        }
    }

    public List<FewShotExample> examples() {
        return examples;
    }

    /** The instruction text of a format, or of a stage of the staged pipeline ({@code staged/...}). */
    public static String instruction(String name) {
        return resource(name).strip();
    }

    /** The prompt asking for the triplets of one passage. */
    public Prompt build(PromptFormat format, String passage) {
        List<Message> messages = new ArrayList<>();
        messages.add(Message.system(instruction(format.resource())));
        if (format.fewShot()) {
            for (FewShotExample ex : examples) {
                messages.add(Message.user(format.inputPrefix() + ex.text()));
                messages.add(Message.assistant(format.answerPrefix() + answer(format, ex.triplets())));
            }
        }
        messages.add(Message.user(format.inputPrefix() + passage));
        return new Prompt(messages, format, format == PromptFormat.JSON);
    }

    /** How triplets are written in a format's answer style (few-shot examples, candidates for validation). */
    public static String answer(PromptFormat format, List<ParsedTriple> triplets) {
        StringBuilder sb = new StringBuilder();
        switch (format) {
            case TRIPLET_INSTRUCT -> triplets.forEach(t -> sb.append(sb.isEmpty() ? "" : " \n").append("<triplet> ")
                    .append(t.source()).append(" <subj> ").append(word(t)).append(" <obj> ").append(t.target()));
            case ZERO_SHOT -> triplets.forEach(t -> sb.append("<triplet>\n   <subj>").append(t.source())
                    .append("</subj>\n   <obj>").append(t.target()).append("</obj>\n   <relation>")
                    .append(capitalised(word(t))).append("</relation>\n</triplet>\n"));
            case THREE_SHOT -> triplets.forEach(t -> sb.append(sb.isEmpty() ? "" : " ").append("<triplet> ")
                    .append(t.source()).append(" <subj> ").append(t.target()).append(" <obj> ").append(word(t)));
            case JSON -> {
                var root = JSON.createObjectNode();
                var list = root.putArray("triplets");
                triplets.forEach(t -> list.addObject().put("subject", t.source()).put("object", t.target())
                        .put("relation", capitalised(word(t))));
                sb.append(root);
            }
        }
        return sb.toString().strip();
    }

    private static String word(ParsedTriple t) {
        return t.direction() == io.causalstream.schemas.graph.Direction.INCREASE ? "positive" : "negative";
    }

    private static String capitalised(String w) {
        return Character.toUpperCase(w.charAt(0)) + w.substring(1);
    }

    private static List<FewShotExample> readExamples(String jsonl) {
        List<FewShotExample> out = new ArrayList<>();
        int lineNo = 0;
        for (String line : jsonl.split("\n")) {
            lineNo++;
            if (line.isBlank()) {
                continue;
            }
            try {
                JsonNode n = JSON.readTree(line);
                List<ParsedTriple> triplets = new ArrayList<>();
                for (JsonNode t : n.path("triplets")) {
                    triplets.add(new ParsedTriple(t.path("subject").asText(), t.path("object").asText(),
                            RelationWords.direction(t.path("relation").asText()).orElseThrow(() ->
                                    new IllegalArgumentException("unknown relation " + t.path("relation")))));
                }
                if (!n.hasNonNull("text")) {
                    throw new IllegalArgumentException("missing \"text\"");
                }
                out.add(new FewShotExample(n.get("text").asText(), triplets));
            } catch (IOException | RuntimeException e) {
                throw new IllegalArgumentException("few-shot example line " + lineNo + " is invalid: "
                        + e.getMessage(), e);
            }
        }
        return out;
    }

    private static String resource(String name) {
        try (InputStream in = PromptLibrary.class.getResourceAsStream("/prompts/" + name)) {
            if (in == null) {
                throw new IllegalStateException("prompt resource prompts/" + name + " is missing");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
