package io.causalstream.wikicausal;

import java.util.Locale;

/**
 * One row of WikiCausal's recall table ({@code results/recall-v1.csv}).
 *
 * @param evalType     full, classes or instances
 * @param recall       hit count / base KG size
 * @param hitCount     edges in both the input KG and the base KG
 * @param relCount     edges in the input KG
 * @param baseKgSize   edges in the base KG
 * @param precision    hit count / rel count (computed by the script, not printed in its table)
 * @param baseCount    base KG source concepts that are also sources in the input
 * @param baseCoverage base count / base KG source concepts
 */
public record RecallRow(String inputName, String baseName, String evalType, double recall, int hitCount,
                        int relCount, int baseKgSize, double precision, int baseCount, double baseCoverage) {

    public static final String HEADER = "input_kg_file_name,base_kg_file_name,eval_type,recall,hit_count,rel_count,"
            + "base_kg_size,base_count,base_coverage";

    /** The CSV line exactly as {@code recall.py} writes it (4 decimals, Python rounding of a float). */
    public String csv() {
        return String.join(",", inputName, baseName, evalType, fixed4(recall), Integer.toString(hitCount),
                Integer.toString(relCount), Integer.toString(baseKgSize), Integer.toString(baseCount),
                fixed4(baseCoverage));
    }

    /** Python's f"{x:.4f}": round half to even on the exact binary value, which BigDecimal reproduces. */
    static String fixed4(double x) {
        return new java.math.BigDecimal(x).setScale(4, java.math.RoundingMode.HALF_EVEN).toPlainString()
                .toLowerCase(Locale.ROOT);
    }
}
