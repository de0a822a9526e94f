package io.causalstream.text.files;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** One JSON object per non-blank line (the shared data sets' JSONL files, the WikiCausal KGs, read-topic output). */
public final class JsonLines {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** What is done with each object; {@code line} is its 1-based line number, for error messages. */
    @FunctionalInterface
    public interface Visitor {
        void visit(JsonNode object, int line) throws IOException;
    }

    public static List<JsonNode> read(Path file) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        forEach(file, (object, line) -> out.add(object));
        return out;
    }

    /** Visits the objects in file order; a line that is not JSON fails with the file and line number. */
    public static void forEach(Path file, Visitor visitor) throws IOException {
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int number = 0;
            while ((line = reader.readLine()) != null) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                JsonNode object;
                try {
                    object = MAPPER.readTree(line);
                } catch (IOException e) {
                    throw new IOException(file + " line " + number + ": " + e.getMessage(), e);
                }
                visitor.visit(object, number);
            }
        }
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
