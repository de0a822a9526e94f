package io.causalstream.alignment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * An order in which the search assigns the gold nodes (EmpiriGraph A.3: "degree-descending, degree-ascending, label
 * order, and seeded random orders"). Every order explores the same search space, so a search that finishes under any
 * order is optimal; orders differ in how soon good mappings are found, and — among several optimal mappings — in
 * which one is reported. Sorting is stable on the gold graph's node order, as the reference's Python {@code sorted}.
 *
 * @param kind which order
 * @param seed the seed of a {@link Kind#RANDOM} order (ignored otherwise)
 */
public record NodeOrder(Kind kind, long seed) {

    public enum Kind { DEGREE_DESC, DEGREE_ASC, LABEL, RANDOM }

    public static final NodeOrder DEGREE_DESC = new NodeOrder(Kind.DEGREE_DESC, 0);
    public static final NodeOrder DEGREE_ASC = new NodeOrder(Kind.DEGREE_ASC, 0);
    public static final NodeOrder LABEL = new NodeOrder(Kind.LABEL, 0);

    /** The reference evaluator's five orders, in its order: degree_desc, degree_asc, label, random_11, random_29. */
    public static final List<NodeOrder> REFERENCE = List.of(DEGREE_DESC, DEGREE_ASC, LABEL, random(11), random(29));

    public NodeOrder {
        Objects.requireNonNull(kind, "kind");
        seed = kind == Kind.RANDOM ? seed : 0;
    }

    /** A CPython-compatible shuffle of the node order with {@code random.Random(seed)}. */
    public static NodeOrder random(long seed) {
        return new NodeOrder(Kind.RANDOM, seed);
    }

    /** Parses a reference strategy name: {@code degree_desc}, {@code degree_asc}, {@code label}, {@code random_<n>}. */
    public static NodeOrder parse(String name) {
        String n = name.strip().toLowerCase(Locale.ROOT);
        return switch (n) {
            case "degree_desc" -> DEGREE_DESC;
            case "degree_asc" -> DEGREE_ASC;
            case "label" -> LABEL;
            default -> {
                if (n.startsWith("random_")) {
                    try {
                        yield random(Long.parseLong(n.substring("random_".length())));
                    } catch (NumberFormatException e) {
                        // fall through to the error below
                    }
                }
                throw new IllegalArgumentException("unknown node order '" + name
                        + "' (expected degree_desc, degree_asc, label or random_<seed>)");
            }
        };
    }

    /** The reference's strategy name, e.g. {@code degree_desc} or {@code random_11}. */
    public String name() {
        return kind == Kind.RANDOM ? "random_" + seed : kind.name().toLowerCase(Locale.ROOT);
    }

    /** The gold graph's node ids in this order. */
    public List<String> apply(TypedGraph gold) {
        List<String> nodes = new ArrayList<>(gold.nodes());
        switch (kind) {
            case DEGREE_DESC -> nodes.sort(Comparator.comparingInt(gold::degree).reversed());
            case DEGREE_ASC -> nodes.sort(Comparator.comparingInt(gold::degree));
            case LABEL -> nodes.sort((a, b) -> PythonStrings.compare(gold.label(a), gold.label(b)));
            case RANDOM -> new PythonRandom(seed).shuffle(nodes);
        }
        return nodes;
    }

    @Override
    public String toString() {
        return name();
    }
}
