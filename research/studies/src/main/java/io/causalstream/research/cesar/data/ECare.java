package io.causalstream.research.cesar.data;

import com.fasterxml.jackson.databind.JsonNode;
import io.causalstream.cesar.CesarScorer;
import io.causalstream.research.cesar.data.TrainingExample.Kind;
import io.causalstream.text.files.JsonLines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * CESAR training examples from e-CARE (Du et al., 2022), train and dev parts together as in appendix G.3:
 * per question of {@code Causal_Reasoning} the true pair (0.7) and the pair with the wrong hypothesis (0.0),
 * oriented by {@code ask-for} (the hypothesis is the cause when the question asks for the cause); per item of
 * {@code Explanation_Generation} the cause with its conceptual explanation, "C [SEP] H" -> E (1.0).
 */
public final class ECare {

    /** Reads {@code dataset/Causal_Reasoning/{train,dev}.jsonl} and {@code dataset/Explanation_Generation/...}. */
    public static List<TrainingExample> examples(Path ecareRoot) throws IOException {
        Path dataset = Files.isDirectory(ecareRoot.resolve("dataset")) ? ecareRoot.resolve("dataset") : ecareRoot;
        List<TrainingExample> out = new ArrayList<>();
        for (String part : List.of("train", "dev")) {
            out.addAll(reasoning(JsonLines.read(dataset.resolve("Causal_Reasoning").resolve(part + ".jsonl"))));
            out.addAll(explained(JsonLines.read(dataset.resolve("Explanation_Generation").resolve(part + ".jsonl"))));
        }
        return out;
    }

    static List<TrainingExample> reasoning(List<JsonNode> items) {
        List<TrainingExample> out = new ArrayList<>(items.size() * 2);
        for (JsonNode item : items) {
            String premise = JsonLines.text(item, "premise");
            String askFor = JsonLines.text(item, "ask-for");
            int label = item.get("label").asInt();
            String right = JsonLines.text(item, label == 0 ? "hypothesis1" : "hypothesis2");
            String wrong = JsonLines.text(item, label == 0 ? "hypothesis2" : "hypothesis1");
            boolean askCause = switch (askFor) {
                case "cause" -> true;
                case "effect" -> false;
                default -> throw new IllegalArgumentException("ask-for must be cause or effect: " + item);
            };
            out.add(askCause ? TrainingExample.of(right, premise, Kind.ECARE_TRUE)
                    : TrainingExample.of(premise, right, Kind.ECARE_TRUE));
            out.add(askCause ? TrainingExample.of(wrong, premise, Kind.ECARE_FALSE)
                    : TrainingExample.of(premise, wrong, Kind.ECARE_FALSE));
        }
        return out;
    }

    static List<TrainingExample> explained(List<JsonNode> items) {
        List<TrainingExample> out = new ArrayList<>(items.size());
        for (JsonNode item : items) {
            String cause = JsonLines.text(item, "cause");
            String effect = JsonLines.text(item, "effect");
            String explanation = JsonLines.text(item, "conceptual_explanation");
            out.add(TrainingExample.of(CesarScorer.concatenate(cause, explanation), effect, Kind.ECARE_EXPLAINED));
        }
        return out;
    }

    private ECare() {
    }
}
