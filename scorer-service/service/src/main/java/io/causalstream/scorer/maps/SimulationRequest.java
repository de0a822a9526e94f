package io.causalstream.scorer.maps;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.fcm.analysis.SimulationSettings;
import io.causalstream.fcm.analysis.Squashing;
import io.causalstream.fcm.analysis.UpdateRule;
import io.causalstream.fcm.io.MapJson;
import io.javalin.http.HttpStatus;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** A simulation request's body ({@code POST /api/maps/{id}/simulate}), checked: a bad one is refused with 400. */
record SimulationRequest(Map<String, Double> clamp, Map<String, Double> initial, double start,
                         SimulationSettings settings) {

    private static final ObjectMapper JSON = MapJson.mapper();
    private static final Set<String> SIMULATE_FIELDS = Set.of("clamp", "initial", "start", "squashing", "lambda",
            "rule", "maxIterations", "maxSteps", "epsilon");

    static SimulationRequest parse(String body) {
        JsonNode root;
        try {
            root = JSON.readTree(body == null || body.isBlank() ? "{}" : body);
        } catch (JsonProcessingException e) {
            throw new MapsApi.Refused(HttpStatus.BAD_REQUEST, "the body is not JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            throw new MapsApi.Refused(HttpStatus.BAD_REQUEST, "the body is a JSON object");
        }
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!SIMULATE_FIELDS.contains(name)) {
                throw new MapsApi.Refused(HttpStatus.BAD_REQUEST, "unknown field " + name + "; fields: "
                        + new java.util.TreeSet<>(SIMULATE_FIELDS));
            }
        }
        Map<String, Double> clamp = values(root.get("clamp"), "clamp");
        Map<String, Double> initial = values(root.get("initial"), "initial");
        double start = value(root.get("start"), "start", 0);
        String squashing = text(root.get("squashing"), "squashing", "sigmoid");
        double lambda = root.has("lambda") ? finite(root.get("lambda"), "lambda") : 1;
        if (!(lambda > 0 && lambda <= 100)) {
            throw new MapsApi.Refused(HttpStatus.BAD_REQUEST, "lambda must be in (0, 100]");
        }
        String rule = text(root.get("rule"), "rule", "kosko");
        JsonNode steps = root.has("maxIterations") ? root.get("maxIterations") : root.get("maxSteps");
        int maxIterations = 100;
        if (steps != null && !steps.isNull()) {
            if (!steps.canConvertToInt() || !steps.isIntegralNumber()) {
                throw new MapsApi.Refused(HttpStatus.BAD_REQUEST, "maxIterations must be an integer");
            }
            maxIterations = steps.intValue();
        }
        if (maxIterations < 1 || maxIterations > MapsApi.MAX_ITERATIONS) {
            throw new MapsApi.Refused(HttpStatus.BAD_REQUEST, "maxIterations must be in [1, "
                    + MapsApi.MAX_ITERATIONS + "]");
        }
        double epsilon = root.has("epsilon") ? finite(root.get("epsilon"), "epsilon") : 1e-5;
        if (!(epsilon > 0 && epsilon < 1)) {
            throw new MapsApi.Refused(HttpStatus.BAD_REQUEST, "epsilon must be in (0, 1)");
        }
        UpdateRule r;
        Squashing f;
        try {
            r = UpdateRule.valueOf(rule.strip().toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new MapsApi.Refused(HttpStatus.BAD_REQUEST, "rule is kosko, modified-kosko or rescaled, not " + rule);
        }
        try {
            f = Squashing.parse(squashing.strip(), lambda);
        } catch (IllegalArgumentException e) {
            throw new MapsApi.Refused(HttpStatus.BAD_REQUEST, "squashing is sigmoid, tanh, bivalent or trivalent, not "
                    + squashing);
        }
        return new SimulationRequest(clamp, initial, start, new SimulationSettings(r, f, maxIterations, epsilon));
    }

    private static Map<String, Double> values(JsonNode node, String name) {
        Map<String, Double> out = new LinkedHashMap<>();
        if (node == null || node.isNull()) {
            return out;
        }
        if (!node.isObject()) {
            throw new MapsApi.Refused(HttpStatus.BAD_REQUEST, name + " is an object {\"<concept id>\": value}");
        }
        if (node.size() > MapsApi.MAX_CLAMPS) {
            throw new MapsApi.Refused(HttpStatus.BAD_REQUEST, name + " has more than " + MapsApi.MAX_CLAMPS
                    + " entries");
        }
        node.properties().forEach(e -> out.put(e.getKey(), value(e.getValue(), name + "." + e.getKey(), 0)));
        return out;
    }

    private static double value(JsonNode node, String name, double absent) {
        if (node == null || node.isNull()) {
            return absent;
        }
        double v = finite(node, name);
        if (v < -1 || v > 1) {
            throw new MapsApi.Refused(HttpStatus.BAD_REQUEST, name + " must be in [-1, 1], got " + v);
        }
        return v;
    }

    private static double finite(JsonNode node, String name) {
        if (!node.isNumber() || !Double.isFinite(node.doubleValue())) {
            throw new MapsApi.Refused(HttpStatus.BAD_REQUEST, name + " must be a finite number");
        }
        return node.doubleValue();
    }

    private static String text(JsonNode node, String name, String absent) {
        if (node == null || node.isNull()) {
            return absent;
        }
        if (!node.isTextual()) {
            throw new MapsApi.Refused(HttpStatus.BAD_REQUEST, name + " must be a string");
        }
        return node.textValue();
    }
}
