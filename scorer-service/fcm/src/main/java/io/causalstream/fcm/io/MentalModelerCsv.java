package io.causalstream.fcm.io;

import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.fcm.model.Concept;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * Mental Modeler's CSV (also FCMapper's and FCMpy's matrix input): a square adjacency matrix, the first row and the
 * first column naming the concepts (the top-left cell empty), cell (row i, column j) the weight of concept i on
 * concept j, 0 for no edge. Concepts are written by label; provenance, support and zero-weight (fully contradicted)
 * edges do not fit the format — GraphML and JSON keep them.
 */
public final class MentalModelerCsv {

    public static void write(CognitiveMap map, Writer out) throws IOException {
        double[][] w = map.weightMatrix();
        // written by hand rather than by CSVPrinter: it quotes the empty top-left cell ("")
        StringBuilder header = new StringBuilder();
        for (Concept c : map.concepts()) {
            header.append(',').append(cell(c.label()));
        }
        out.write(header.append('\n').toString());
        for (int i = 0; i < w.length; i++) {
            StringBuilder row = new StringBuilder(cell(map.concepts().get(i).label()));
            for (double x : w[i]) {
                row.append(',').append(number(x));
            }
            out.write(row.append('\n').toString());
        }
        out.flush();
    }

    /** RFC 4180 quoting when the label needs it. */
    static String cell(String s) {
        if (s.isEmpty() || s.chars().anyMatch(ch -> ch == ',' || ch == '"' || ch == '\n' || ch == '\r')
                || !s.equals(s.strip())) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }

    public static String write(CognitiveMap map) {
        StringWriter s = new StringWriter();
        try {
            write(map, s);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return s.toString();
    }

    /** Reads a matrix; a blank or 0 cell is no edge, a non-zero diagonal cell (a self-loop) is an error. */
    public static CognitiveMap read(String mapId, Reader in) throws IOException {
        List<CSVRecord> rows = CSVFormat.DEFAULT.parse(in).getRecords();
        if (rows.isEmpty()) {
            throw new IOException("empty Mental Modeler CSV");
        }
        CSVRecord header = rows.getFirst();
        List<String> names = new ArrayList<>();
        for (int j = 1; j < header.size(); j++) {
            names.add(header.get(j).strip());
        }
        if (rows.size() - 1 != names.size()) {
            throw new IOException("not a square matrix: " + names.size() + " columns, " + (rows.size() - 1)
                    + " rows");
        }
        CognitiveMap.Builder b = CognitiveMap.builder(mapId);
        names.forEach(n -> b.concept(Concept.of(n)));
        for (int i = 1; i < rows.size(); i++) {
            CSVRecord row = rows.get(i);
            String from = row.get(0).strip();
            if (!from.equals(names.get(i - 1))) {
                throw new IOException("row " + (i + 1) + " is '" + from + "', column " + i + " is '"
                        + names.get(i - 1) + "': rows and columns must name the concepts in the same order");
            }
            for (int j = 1; j < row.size() && j <= names.size(); j++) {
                String cell = row.get(j).strip();
                if (cell.isEmpty()) {
                    continue;
                }
                double x;
                try {
                    x = Double.parseDouble(cell);
                } catch (NumberFormatException e) {
                    throw new IOException("row " + (i + 1) + " column " + (j + 1) + ": not a number: " + cell, e);
                }
                if (x == 0) {
                    continue;
                }
                if (i - 1 == j - 1) {
                    throw new IOException("self-loop on " + from + " (row " + (i + 1) + ")");
                }
                b.edge(from, names.get(j - 1), x);
            }
        }
        return b.build();
    }

    /** Shortest exact decimal, no exponent: "0", "0.5", "-1", "0.4666666666666666". */
    static String number(double x) {
        if (x == 0) {
            return "0";
        }
        return java.math.BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
    }

    private MentalModelerCsv() {
    }
}
