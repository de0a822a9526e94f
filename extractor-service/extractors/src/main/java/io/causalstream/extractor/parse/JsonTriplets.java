package io.causalstream.extractor.parse;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.causalstream.extractor.parse.ParseProblem.Kind;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JSON forms {@link TripletParser} understands, from structured output: {@code {"triplets":[{"subject",
 * "object","relation"}]}} or a bare array, with source/target/direction or src/tgt/direction keys too, inside a code
 * fence or not; a reply cut off at the token limit gives the complete objects it holds.
 */
final class JsonTriplets {

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_TRAILING_COMMA, JsonReadFeature.ALLOW_SINGLE_QUOTES,
                    JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES, JsonReadFeature.ALLOW_JAVA_COMMENTS)
            .disable(JsonParser.Feature.AUTO_CLOSE_SOURCE)
            .build();

    private static final Pattern CODE_FENCE = Pattern.compile("```(?:json)?\\s*(.*?)```",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    /** The answer is a JSON value, inside a code fence or not, and no tagged triplet. */
    static boolean looksLikeJson(String answer) {
        String s = answer.strip();
        Matcher fence = CODE_FENCE.matcher(s);
        if (fence.find()) {
            s = fence.group(1).strip();
        }
        return (s.startsWith("{") || s.startsWith("[")) && !TripletParser.TRIPLET_OPEN.matcher(s).find();
    }

    /** Reads the triplets of a JSON answer into {@code triples}, every repair or drop into {@code problems}. */
    static void parse(String answer, List<ParsedTriple> triples, List<ParseProblem> problems) {
        String s = answer.strip();
        Matcher fence = CODE_FENCE.matcher(s);
        if (fence.find()) {
            if (!s.substring(0, fence.start()).isBlank() || !s.substring(fence.end()).isBlank()) {
                problems.add(ParseProblem.of(Kind.EXTRA_TEXT, s.substring(0, fence.start()) + " "
                        + s.substring(fence.end())));
            }
            s = fence.group(1).strip();
        }
        JsonNode root;
        try (JsonParser p = JSON.createParser(s)) {
            root = JSON.readTree(p);
            if (p.nextToken() != null) {
                problems.add(ParseProblem.of(Kind.EXTRA_TEXT, "after the JSON value"));
            }
        } catch (Exception e) {
            problems.add(ParseProblem.of(Kind.INVALID_JSON, e.getMessage()));
            salvageJsonObjects(s, triples, problems);
            return;
        }
        JsonNode list = root;
        if (root != null && root.isObject()) {
            list = firstArray(root);
        }
        if (list == null || !list.isArray()) {
            problems.add(ParseProblem.of(Kind.INVALID_JSON, "no list of triplets in " + root));
            return;
        }
        for (JsonNode item : list) {
            jsonTriple(item, triples, problems);
        }
    }

    /** A cut-off JSON reply (token limit): read the complete {...} objects it holds. */
    private static void salvageJsonObjects(String s, List<ParsedTriple> triples, List<ParseProblem> problems) {
        Matcher m = Pattern.compile("\\{[^{}\\[\\]]*}").matcher(s);
        while (m.find()) {
            try {
                jsonTriple(JSON.readTree(m.group()), triples, problems);
            } catch (Exception e) {
                problems.add(ParseProblem.of(Kind.INVALID_JSON, m.group()));
            }
        }
    }

    private static JsonNode firstArray(JsonNode object) {
        for (String key : List.of("triplets", "triples", "relations", "causal_relations", "causal relations",
                "edges")) {
            if (object.has(key) && object.get(key).isArray()) {
                return object.get(key);
            }
        }
        for (JsonNode child : object) {
            if (child.isArray()) {
                return child;
            }
        }
        return object.has("subject") || object.has("source") || object.has("src")
                ? JSON.createArrayNode().add(object) : null;
    }

    private static void jsonTriple(JsonNode item, List<ParsedTriple> triples, List<ParseProblem> problems) {
        if (item == null || !item.isObject()) {
            problems.add(ParseProblem.of(Kind.MISSING_FIELD, String.valueOf(item)));
            return;
        }
        String subject = text(item, "subject", "source", "src", "cause", "subj");
        String object = text(item, "object", "target", "tgt", "effect", "obj");
        String relation = text(item, "relation", "direction", "polarity", "relationship", "sign");
        TripletParser.add(subject, object, relation, item.toString(), triples, problems);
    }

    private static String text(JsonNode item, String... keys) {
        for (String key : keys) {
            JsonNode v = item.get(key);
            if (v != null && !v.isNull()) {
                return v.isValueNode() ? v.asText() : v.toString();
            }
        }
        return null;
    }

    private JsonTriplets() {
    }
}
