package io.causalstream.extractor.staged;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the list answer of a stage ({@code {"variables": [...]}}, a bare JSON array, or one item per line) and
 * never throws: a model that ignores the JSON instruction still gets its lines read.
 */
final class ListAnswer {

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_TRAILING_COMMA, JsonReadFeature.ALLOW_SINGLE_QUOTES).build();
    private static final Pattern JSON_VALUE = Pattern.compile("[\\[{].*[]}]", Pattern.DOTALL);
    private static final Pattern BULLET = Pattern.compile("^\\s*(?:[-*•]|\\d+[.)])\\s*");

    static List<String> parse(String answer, String key) {
        LinkedHashSet<String> items = new LinkedHashSet<>();
        String text = answer == null ? "" : answer;
        Matcher m = JSON_VALUE.matcher(text);
        if (m.find()) {
            try {
                JsonNode n = JSON.readTree(m.group());
                JsonNode list = n.isArray() ? n : n.path(key);
                if (list.isArray()) {
                    for (JsonNode item : list) {
                        String s = item.isTextual() ? item.asText() : item.path("name").asText(item.toString());
                        if (!s.isBlank()) {
                            items.add(s.strip());
                        }
                    }
                    return new ArrayList<>(items);
                }
            } catch (Exception e) {
                // not JSON after all: read lines below
            }
        }
        for (String line : text.split("\n")) {
            String s = BULLET.matcher(line).replaceFirst("").strip();
            if (!s.isEmpty() && !s.endsWith(":") && !s.startsWith("{") && !s.startsWith("}")) {
                items.add(s.replaceAll("^\"|\",?$", ""));
            }
        }
        return new ArrayList<>(items);
    }

    static String json(List<String> items) {
        try {
            return JSON.writeValueAsString(items);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private ListAnswer() {
    }
}
