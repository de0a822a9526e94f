package io.causalstream.scorer.cesar.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** One JSON object per non-blank line. */
public final class JsonLines {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    public static List<JsonNode> read(Path file) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int number = 0;
            while ((line = reader.readLine()) != null) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                try {
                    out.add(MAPPER.readTree(line));
                } catch (IOException e) {
                    throw new IOException(file + " line " + number + ": " + e.getMessage(), e);
                }
            }
        }
        return out;
    }

    /** A required text field; fails with the field name when it is missing. */
    public static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw new IllegalArgumentException("missing field '" + field + "' in " + node);
        }
        return value.asText();
    }

    private JsonLines() {
    }
}
