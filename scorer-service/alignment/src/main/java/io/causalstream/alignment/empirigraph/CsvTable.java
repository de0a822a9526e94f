package io.causalstream.alignment.empirigraph;

import io.causalstream.alignment.PythonStrings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A CSV file read the way the reference notebooks read it with {@code pandas.read_csv} and then {@code _safe(value)}:
 * RFC 4180 quoting (quoted fields may hold separators, doubled quotes and line breaks), blank lines skipped, and a cell
 * that pandas reads as missing (empty, {@code NA}, {@code NaN}, {@code None}, {@code null}, ...) becomes "" — then
 * every cell is stripped of Python whitespace.
 */
public final class CsvTable {

    /** pandas' default {@code na_values}. */
    private static final Set<String> NA = Set.of("", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan",
            "1.#IND", "1.#QNAN", "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null");

    private final List<String> header;
    private final List<Map<String, String>> rows;

    private CsvTable(List<String> header, List<Map<String, String>> rows) {
        this.header = header;
        this.rows = rows;
    }

    public static CsvTable read(Path file) {
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    public static CsvTable parse(String text) {
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        List<List<String>> records = records(text);
        if (records.isEmpty()) {
            return new CsvTable(List.of(), List.of());
        }
        List<String> header = records.get(0);
        List<Map<String, String>> rows = new ArrayList<>();
        for (List<String> record : records.subList(1, records.size())) {
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.putIfAbsent(header.get(i), i < record.size() ? record.get(i) : "");
            }
            rows.add(Collections.unmodifiableMap(row));
        }
        return new CsvTable(List.copyOf(header), List.copyOf(rows));
    }

    public List<String> header() {
        return header;
    }

    /** The rows, raw (unquoted but not stripped), keyed by header name. */
    public List<Map<String, String>> rows() {
        return rows;
    }

    /** The reference's {@code _safe(row.get(column, ''))}: "" for a missing column or missing value, else stripped. */
    public static String cell(Map<String, String> row, String column) {
        String raw = row.get(column);
        return raw == null || NA.contains(raw) ? "" : PythonStrings.strip(raw);
    }

    private static List<List<String>> records(String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean fieldStarted = false;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
                        field.append('"');
                        i += 2;
                        continue;
                    }
                    quoted = false;
                } else {
                    field.append(c);
                }
                i++;
                continue;
            }
            switch (c) {
                case '"' -> {
                    quoted = true;
                    fieldStarted = true;
                }
                case ',' -> {
                    record.add(field.toString());
                    field.setLength(0);
                    fieldStarted = true;
                }
                case '\r', '\n' -> {
                    if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                        i++;
                    }
                    if (fieldStarted || !field.isEmpty() || !record.isEmpty()) {
                        record.add(field.toString());
                        records.add(record);
                    }
                    record = new ArrayList<>();
                    field.setLength(0);
                    fieldStarted = false;
                }
                default -> {
                    field.append(c);
                    fieldStarted = true;
                }
            }
            i++;
        }
        if (fieldStarted || !field.isEmpty() || !record.isEmpty()) {
            record.add(field.toString());
            records.add(record);
        }
        return records;
    }
}
