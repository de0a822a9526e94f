package io.causalstream.scorer.cesar.data;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A small RFC 4180 reader (quoted fields, doubled quotes, commas and line breaks inside quotes), enough for the
 * pandas-written CSVs of the released data sets. The first record is the header.
 */
public record Csv(List<String> header, List<List<String>> rows) {

    public static Csv read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8));
    }

    public static Csv parse(String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        int start = text.startsWith("\uFEFF") ? 1 : 0;
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
                        field.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    field.append(c);
                }
                continue;
            }
            switch (c) {
                case '"' -> {
                    quoted = true;
                    any = true;
                }
                case ',' -> {
                    record.add(field.toString());
                    field.setLength(0);
                    any = true;
                }
                case '\r' -> { }
                case '\n' -> {
                    if (any || field.length() > 0) {
                        record.add(field.toString());
                        records.add(record);
                    }
                    record = new ArrayList<>();
                    field.setLength(0);
                    any = false;
                }
                default -> {
                    field.append(c);
                    any = true;
                }
            }
        }
        if (any || field.length() > 0) {
            record.add(field.toString());
            records.add(record);
        }
        if (records.isEmpty()) {
            return new Csv(List.of(), List.of());
        }
        return new Csv(List.copyOf(records.getFirst()), List.copyOf(records.subList(1, records.size())));
    }

    /** Index of a header column; fails loudly when the file is not the expected one. */
    public int column(String name) {
        int i = header.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no column '" + name + "' in " + header);
        }
        return i;
    }
}
