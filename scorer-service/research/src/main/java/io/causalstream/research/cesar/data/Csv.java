package io.causalstream.research.cesar.data;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A CSV file whose first record is the header (the pandas-written CSVs of the released data sets), parsed by the
 * project's RFC 4180 reader {@link io.causalstream.research.study.Csv}.
 */
public record Csv(List<String> header, List<List<String>> rows) {

    public static Csv read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8));
    }

    public static Csv parse(String text) {
        List<List<String>> records = io.causalstream.research.study.Csv.parse(text);
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
