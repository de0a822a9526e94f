package io.causalstream.research.study;

import io.causalstream.text.files.Csv;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The published per-passage Elo table ({@code elo_comparison/final_elo_rankings.csv}): one row per passage with
 * the opening of its text, each annotator's final Elo and the winner.
 *
 * @param annotators the Elo columns, in file order (llama2, llama3, mistral, Human1 .. Human7)
 */
public record EloRankings(List<String> annotators, List<Row> rows) implements HumanRanking {

    /** One passage's tournament result. */
    public record Row(String sentenceStart, double[] elo, String winner) {
    }

    public EloRankings {
        annotators = List.copyOf(annotators);
        rows = List.copyOf(rows);
    }

    public static EloRankings read(Path csv) throws IOException {
        List<List<String>> table = Csv.parse(Files.readString(csv, StandardCharsets.UTF_8));
        List<String> header = table.get(0);
        if (!header.get(0).equals("sentence_start") || !header.get(header.size() - 1).equals("winner")) {
            throw new IOException(csv + ": expected columns sentence_start, <annotators...>, winner; got " + header);
        }
        List<String> annotators = header.subList(1, header.size() - 1);
        List<Row> rows = new ArrayList<>();
        for (List<String> r : table.subList(1, table.size())) {
            if (r.size() != header.size()) {
                throw new IOException(csv + ": row of " + r.size() + " fields, header has " + header.size());
            }
            double[] elo = new double[annotators.size()];
            for (int i = 0; i < elo.length; i++) {
                elo[i] = Double.parseDouble(r.get(i + 1));
            }
            rows.add(new Row(r.get(0), elo, r.get(r.size() - 1)));
        }
        return new EloRankings(annotators, rows);
    }

    @Override
    public String name() {
        return "elo-published";
    }

    @Override
    public int passages() {
        return rows.size();
    }

    @Override
    public double score(int p, String annotator) {
        return elo(p, annotator);
    }

    /** The table's {@code winner} column. */
    @Override
    public String winner(int p) {
        return rows.get(p).winner();
    }

    public double elo(int row, String annotator) {
        int i = annotators.indexOf(annotator);
        if (i < 0) {
            throw new IllegalArgumentException("no Elo column for " + annotator);
        }
        return rows.get(row).elo()[i];
    }

    /** The annotator with the highest Elo, the first column on ties (pandas' {@code index[0]} of the max). */
    @Override
    public String leader(int row) {
        double[] elo = rows.get(row).elo();
        int best = 0;
        for (int i = 1; i < elo.length; i++) {
            if (elo[i] > elo[best]) {
                best = i;
            }
        }
        return annotators.get(best);
    }
}
