package io.causalstream.research.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The raw pairwise judgments of the soft-measures Elo study as released
 * ({@code elo_comparison/comparison_jsons/elo/hN_elo.json}, one file per rater N = 1..7): records
 * {@code "key": [text, [left, right], passage number, winner or "Tie"]}, in file order.
 */
public final class ReleasedJudgments {

    public static final String FOLDER = "elo_comparison/comparison_jsons/elo";
    /** The order in which the authors replayed the rater files (reproduces the published table). */
    public static final List<Integer> AUTHORS_ORDER = List.of(1, 6, 7, 5, 4, 3, 2);

    /** One judgment: rater file, record key, the two annotators, the released passage number (1-based), winner. */
    public record Judgment(int rater, String key, String left, String right, int passage, String winner) {

        public boolean tie() {
            return "Tie".equals(winner);
        }
    }

    /** The judgments of the rater files in {@code order} (e.g. 1, 6, 7, 5, 4, 3, 2), each file in record order. */
    public static List<Judgment> read(Path root, List<Integer> order) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<Judgment> out = new ArrayList<>();
        for (int h : order) {
            Path file = root.resolve(FOLDER).resolve("h" + h + "_elo.json");
            JsonNode node = json.readTree(Files.readString(file));
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode v = e.getValue();
                if (!v.isArray() || v.size() < 4 || v.get(1).size() != 2) {
                    throw new IOException(file + ": record " + e.getKey() + " is not [text, [left, right], passage, "
                            + "winner]");
                }
                String left = v.get(1).get(0).asText();
                String right = v.get(1).get(1).asText();
                String winner = v.get(3).asText();
                if (!winner.equals("Tie") && !winner.equals(left) && !winner.equals(right)) {
                    throw new IOException(file + ": record " + e.getKey() + " names winner " + winner
                            + ", neither " + left + " nor " + right);
                }
                out.add(new Judgment(h, e.getKey(), left, right, v.get(2).asInt(), winner));
            }
        }
        return out;
    }

    /**
     * Parses a rater order such as {@code h1,h6,h7,h5,h4,h3,h2} (or {@code 1,6,7,...}): each rater 1..7 at most
     * once.
     */
    public static List<Integer> parseOrder(String order) {
        List<Integer> out = new ArrayList<>();
        for (String item : order.split(",")) {
            String s = item.strip().toLowerCase(java.util.Locale.ROOT);
            if (s.startsWith("h")) {
                s = s.substring(1);
            }
            int h;
            try {
                h = Integer.parseInt(s);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("rater '" + item.strip() + "' is not h1..h7");
            }
            if (h < 1 || h > 7 || out.contains(h)) {
                throw new IllegalArgumentException("rater '" + item.strip() + "' is not h1..h7 or is listed twice");
            }
            out.add(h);
        }
        return out;
    }

    private ReleasedJudgments() {
    }
}
