package io.causalstream.text.files;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks (the released splits' passages do).
 * Rows are maps from the header's column names; a UTF-8 byte-order mark before the header is dropped.
 */
public final class CsvRecords {

    /** Every row after the header, as column name to value (missing trailing cells are empty). */
    public static List<Map<String, String>> read(Reader in) {
        List<List<String>> rows = rows(in);
        if (rows.isEmpty()) {
            return List.of();
        }
        List<String> header = new ArrayList<>(rows.get(0));
        if (!header.isEmpty() && header.get(0).startsWith("\uFEFF")) {
            header.set(0, header.get(0).substring(1));
        }
        List<Map<String, String>> out = new ArrayList<>();
        for (List<String> row : rows.subList(1, rows.size())) {
            if (row.size() == 1 && row.get(0).isEmpty()) {
                continue; // blank line
            }
            Map<String, String> m = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                m.put(header.get(i).strip(), i < row.size() ? row.get(i) : "");
            }
            out.add(m);
        }
        return out;
    }

    static List<List<String>> rows(Reader reader) {
        Reader in = reader.markSupported() ? reader : new java.io.BufferedReader(reader);
        try {
            List<List<String>> rows = new ArrayList<>();
            List<String> row = new ArrayList<>();
            StringBuilder field = new StringBuilder();
            boolean quoted = false;
            boolean any = false;
            int c;
            while ((c = in.read()) != -1) {
                any = true;
                if (quoted) {
                    if (c == '"') {
                        in.mark(1);
                        int next = in.read();
                        if (next == '"') {
                            field.append('"');
                        } else {
                            quoted = false;
                            if (next == -1) {
                                break;
                            }
                            c = next;
                            // fall through to the unquoted handling of the character after the closing quote
                            if (handleUnquoted(c, field, row, rows, in)) {
                                row = new ArrayList<>();
                            }
                        }
                    } else {
                        field.append((char) c);
                    }
                } else if (c == '"' && field.isEmpty()) {
                    quoted = true;
                } else if (handleUnquoted(c, field, row, rows, in)) {
                    row = new ArrayList<>();
                }
            }
            if (any && (!field.isEmpty() || !row.isEmpty())) {
                row.add(field.toString());
                rows.add(row);
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return true when the character ended the row */
    private static boolean handleUnquoted(int c, StringBuilder field, List<String> row, List<List<String>> rows,
                                          Reader in) throws IOException {
        if (c == ',') {
            row.add(field.toString());
            field.setLength(0);
            return false;
        }
        if (c == '\r' || c == '\n') {
            if (c == '\r') {
                in.mark(1);
                if (in.read() != '\n') {
                    in.reset();
                }
            }
            row.add(field.toString());
            field.setLength(0);
            rows.add(row);
            return true;
        }
        field.append((char) c);
        return false;
    }

    private CsvRecords() {
    }
}
