package io.causalstream.text.files;

import java.io.IOException;
import java.io.PushbackReader;
import java.io.Reader;
import java.io.StringReader;
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
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * The project's one CSV reader (Apache Commons CSV underneath), tuned to the released, pandas-written files: RFC 4180
 * quoting (quoted fields hold commas, doubled quotes and line breaks), a UTF-8 byte-order mark is dropped, blank lines
 * are skipped, a quote inside an unquoted field is a literal character, text after a closing quote is kept, and an
 * unterminated quote runs to the end of the file instead of failing. Rows are lists of cells exactly as written; a
 * {@link Table} adds the header, and its {@link Table#maps() maps} pad missing trailing cells with "" and let the first
 * of duplicated column names win (as pandas, which renames the later ones).
 */
public final class Csv {

    private static final CSVFormat FORMAT = CSVFormat.RFC4180.builder()
            .setIgnoreEmptyLines(true)
            .setTrailingData(true)
            .setLenientEof(true)
            .get();

    /** pandas' default {@code na_values}: cells that {@code read_csv} turns into NaN (e.g. "nan", "NA", "None"). */
    private static final Set<String> NA = Set.of("", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan",
            "1.#IND", "1.#QNAN", "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null");

    /** A file whose first record is the header. */
    public record Table(List<String> header, List<List<String>> rows) {

        public Table {
            header = List.copyOf(header);
            rows = List.copyOf(rows);
        }

        /** Index of a header column; fails loudly when the file is not the expected one. */
        public int column(String name) {
            int i = header.indexOf(name);
            if (i < 0) {
                throw new IllegalArgumentException("no column '" + name + "' in " + header);
            }
            return i;
        }

        /**
         * Every row as column name (stripped) to cell: missing trailing cells are "", cells beyond the header are
         * dropped, and of duplicated names the first column wins.
         */
        public List<Map<String, String>> maps() {
            List<Map<String, String>> out = new ArrayList<>(rows.size());
            for (List<String> row : rows) {
                Map<String, String> m = new LinkedHashMap<>();
                for (int i = 0; i < header.size(); i++) {
                    m.putIfAbsent(header.get(i).strip(), i < row.size() ? row.get(i) : "");
                }
                out.add(Collections.unmodifiableMap(m));
            }
            return out;
        }
    }

    /** Every record of the text, the header included. */
    public static List<List<String>> parse(String text) {
        return records(new StringReader(text));
    }

    /** Every record, the header included; the reader is consumed but not closed. */
    public static List<List<String>> records(Reader reader) {
        try {
            CSVParser parser = CSVParser.builder().setReader(withoutBom(reader)).setFormat(FORMAT).get();
            List<List<String>> out = new ArrayList<>();
            for (CSVRecord r : parser) {
                out.add(List.copyOf(r.toList()));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (IllegalStateException e) {
            // Commons CSV wraps read errors met while iterating
            if (e.getCause() instanceof IOException io) {
                throw new UncheckedIOException(io);
            }
            throw e;
        }
    }

    public static Table table(String text) {
        return table(new StringReader(text));
    }

    public static Table table(Reader reader) {
        List<List<String>> records = records(reader);
        if (records.isEmpty()) {
            return new Table(List.of(), List.of());
        }
        return new Table(records.getFirst(), records.subList(1, records.size()));
    }

    public static Table read(Path file) {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return table(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** The rows of a file with a header, as maps (see {@link Table#maps()}). */
    public static List<Map<String, String>> maps(Reader reader) {
        return table(reader).maps();
    }

    /** Whether pandas reads the cell as a missing value (NaN). */
    public static boolean missing(String cell) {
        return cell == null || NA.contains(cell);
    }

    private static Reader withoutBom(Reader reader) throws IOException {
        PushbackReader in = new PushbackReader(reader, 1);
        int first = in.read();
        if (first != -1 && first != '\uFEFF') {
            in.unread(first);
        }
        return in;
    }

    private Csv() {
    }
}
