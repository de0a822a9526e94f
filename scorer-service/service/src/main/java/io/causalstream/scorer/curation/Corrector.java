package io.causalstream.scorer.curation;

import io.causalstream.schemas.extraction.EdgeChange;
import io.causalstream.schemas.extraction.EdgeChangeKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.scorer.curation.CurationRequest.Edit;
import io.causalstream.scorer.curation.CurationRequest.Span;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Applies a curator's edits to an extraction: the corrected triples and, per edge, what became of it (the
 * derivation's {@link EdgeChange}s: one per edge of the extraction in its order, then one per added edge). Every
 * bound is checked here, before anything is published: edge count, label length, edit count, spans inside the
 * passage, indices of existing edges, and "asserts nothing causal" with nothing added.
 *
 * <p>A flip reverses the direction it finds, so flipping twice restores the edge (KEPT). A rename applies to every
 * concept with that label, of model and added edges alike, at the moment it is made; an edge whose labels changed is
 * RENAMED (or FLIPPED with {@code renamed} set, when its direction changed too).
 */
public final class Corrector {

    /** The corrected triples and the derivation's per-edge changes. */
    public record Corrected(List<Triple> triples, List<EdgeChange> changes) {

        /** How many of the extraction's edges (or added edges) ended up as {@code kind}. */
        public long count(EdgeChangeKind kind) {
            return changes.stream().filter(c -> c.getChange() == kind).count();
        }
    }

    private final CurationLimits limits;

    public Corrector(CurationLimits limits) {
        this.limits = limits;
    }

    /** An edge being edited. */
    private static final class Working {
        final Integer sourceIndex;
        String source;
        String target;
        Direction direction;
        final List<EvidenceSpan> evidence;
        final Double confidence;
        boolean deleted;
        boolean confirmed;

        Working(Integer sourceIndex, String source, String target, Direction direction, List<EvidenceSpan> evidence,
                Double confidence) {
            this.sourceIndex = sourceIndex;
            this.source = source;
            this.target = target;
            this.direction = direction;
            this.evidence = evidence;
            this.confidence = confidence;
        }
    }

    /**
     * @param text     the passage text (the spans of added edges are read from it)
     * @param original the extraction's triples, in order
     * @throws CurationException naming the first edit or bound that fails
     */
    public Corrected apply(String text, List<Triple> original, List<Edit> edits, boolean nothingCausal) {
        if (original.size() > limits.maxEdges()) {
            throw new CurationException("too_many_edges", "the extraction has " + original.size()
                    + " edges; the curation page corrects at most " + limits.maxEdges());
        }
        if (edits.size() > limits.maxEdits()) {
            throw new CurationException("too_many_edits", "at most " + limits.maxEdits() + " edits per correction, got "
                    + edits.size());
        }
        List<Working> edges = new ArrayList<>();
        for (int i = 0; i < original.size(); i++) {
            Triple t = original.get(i);
            edges.add(new Working(i, t.getSource(), t.getTarget(), t.getDirection(), t.getEvidence(),
                    t.getConfidence()));
        }
        for (int n = 0; n < edits.size(); n++) {
            Edit e = edits.get(n);
            if (e == null || e.op() == null) {
                throw invalid(n, "every edit needs an op (flip, delete, keep, rename, add)");
            }
            switch (e.op().toLowerCase(Locale.ROOT)) {
                case "flip" -> {
                    Working w = existing(edges, original.size(), e, n);
                    w.direction = w.direction == Direction.INCREASE ? Direction.DECREASE : Direction.INCREASE;
                }
                case "delete" -> existing(edges, original.size(), e, n).deleted = true;
                case "keep" -> existing(edges, original.size(), e, n).confirmed = true;
                case "rename" -> rename(edges, e, n);
                case "add" -> {
                    if (nothingCausal) {
                        throw new CurationException("nothing_causal", "a passage marked as asserting nothing causal "
                                + "cannot have added edges");
                    }
                    edges.add(added(text, e, n));
                }
                default -> throw invalid(n, "unknown op '" + shorten(e.op()) + "' (flip, delete, keep, rename, add)");
            }
        }
        if (nothingCausal) {
            edges.forEach(w -> w.deleted = true);
        }
        List<Triple> triples = new ArrayList<>();
        List<EdgeChange> changes = new ArrayList<>();
        for (Working w : edges) {
            if (w.deleted) {
                if (w.sourceIndex != null) {
                    changes.add(EdgeChange.newBuilder().setChange(EdgeChangeKind.DELETED).setSourceIndex(w.sourceIndex)
                            .setConfirmed(false).build());
                }
                continue;
            }
            int index = triples.size();
            triples.add(Triple.newBuilder().setSource(w.source).setTarget(w.target).setDirection(w.direction)
                    .setEvidence(w.evidence).setConfidence(w.sourceIndex == null ? null : w.confidence).build());
            EdgeChange.Builder c = EdgeChange.newBuilder().setIndex(index).setSourceIndex(w.sourceIndex)
                    .setConfirmed(w.confirmed);
            if (w.sourceIndex == null) {
                c.setChange(EdgeChangeKind.ADDED);
            } else {
                Triple before = original.get(w.sourceIndex);
                boolean renamed = !before.getSource().equals(w.source) || !before.getTarget().equals(w.target);
                boolean flipped = before.getDirection() != w.direction;
                c.setRenamed(renamed).setChange(flipped ? EdgeChangeKind.FLIPPED
                        : renamed ? EdgeChangeKind.RENAMED : EdgeChangeKind.KEPT);
            }
            changes.add(c.build());
        }
        if (triples.size() > limits.maxEdges()) {
            throw new CurationException("too_many_edges", "a correction has at most " + limits.maxEdges()
                    + " edges, this one " + triples.size());
        }
        // the derivation lists the extraction's edges in their order, then the added ones
        changes.sort(Comparator.comparing((EdgeChange c) -> c.getSourceIndex() == null ? 1 : 0)
                .thenComparing(c -> c.getSourceIndex() == null ? c.getIndex() : c.getSourceIndex()));
        return new Corrected(List.copyOf(triples), List.copyOf(changes));
    }

    private static Working existing(List<Working> edges, int originals, Edit e, int n) {
        if (e.index() == null || e.index() < 0 || e.index() >= originals) {
            throw invalid(n, e.op() + " needs the index of one of the extraction's " + originals + " edges, got "
                    + e.index());
        }
        Working w = edges.get(e.index());
        if (w.deleted && !"delete".equalsIgnoreCase(e.op())) {
            throw invalid(n, "edge " + e.index() + " was deleted by an earlier edit");
        }
        return w;
    }

    private void rename(List<Working> edges, Edit e, int n) {
        String from = key(e.from());
        String to = label(e.to(), n, "to");
        if (from.isEmpty()) {
            throw invalid(n, "rename needs the concept to rename (from)");
        }
        boolean found = false;
        for (Working w : edges) {
            if (w.deleted) {
                continue;
            }
            if (key(w.source).equals(from)) {
                w.source = to;
                found = true;
            }
            if (key(w.target).equals(from)) {
                w.target = to;
                found = true;
            }
        }
        if (!found) {
            throw invalid(n, "no edge has the concept '" + shorten(e.from()) + "'");
        }
    }

    private Working added(String text, Edit e, int n) {
        Span s = span(text, e.sourceSpan(), n, "sourceSpan");
        Span t = span(text, e.targetSpan(), n, "targetSpan");
        Direction direction = direction(e.direction(), n);
        String source = e.source() == null || e.source().isBlank() ? label(text.substring(s.start(), s.end()), n,
                "sourceSpan") : label(e.source(), n, "source");
        String target = e.target() == null || e.target().isBlank() ? label(text.substring(t.start(), t.end()), n,
                "targetSpan") : label(e.target(), n, "target");
        if (key(source).equals(key(target))) {
            throw invalid(n, "an added edge needs two different concepts");
        }
        List<EvidenceSpan> evidence = new ArrayList<>(List.of(new EvidenceSpan(s.start(), s.end()),
                new EvidenceSpan(t.start(), t.end())));
        evidence.sort(Comparator.comparingInt(EvidenceSpan::getStart));
        return new Working(null, source, target, direction, evidence, null);
    }

    private Span span(String text, Span span, int n, String name) {
        if (span == null) {
            throw invalid(n, "add needs " + name + " {start, end}");
        }
        if (span.start() < 0 || span.end() <= span.start() || span.end() > text.length()) {
            throw invalid(n, name + " [" + span.start() + ", " + span.end() + ") is not a span of the "
                    + text.length() + "-character passage");
        }
        if (span.end() - span.start() > limits.maxLabel()) {
            throw new CurationException("label_too_long", "edit " + n + ": " + name + " is longer than "
                    + limits.maxLabel() + " characters");
        }
        return span;
    }

    private static Direction direction(String d, int n) {
        if (d != null) {
            switch (d.strip().toUpperCase(Locale.ROOT)) {
                case "INCREASE", "+" -> {
                    return Direction.INCREASE;
                }
                case "DECREASE", "-" -> {
                    return Direction.DECREASE;
                }
                default -> {
                }
            }
        }
        throw invalid(n, "direction must be INCREASE or DECREASE");
    }

    /** A concept label: spaces collapsed, non-blank, no control characters, within the limit. */
    private String label(String raw, int n, String name) {
        String l = raw == null ? "" : raw.replaceAll("\\s+", " ").strip();
        if (l.isEmpty()) {
            throw invalid(n, name + " must name a concept");
        }
        if (l.length() > limits.maxLabel()) {
            throw new CurationException("label_too_long", "edit " + n + ": " + name + " is longer than "
                    + limits.maxLabel() + " characters");
        }
        for (int i = 0; i < l.length(); i++) {
            if (Character.isISOControl(l.charAt(i))) {
                throw invalid(n, name + " has a control character");
            }
        }
        return l;
    }

    private static String key(String label) {
        return label == null ? "" : label.replaceAll("\\s+", " ").strip().toLowerCase(Locale.ROOT);
    }

    private static CurationException invalid(int n, String message) {
        return new CurationException("invalid_edit", "edit " + n + ": " + message);
    }

    private static String shorten(String s) {
        String clean = s.replaceAll("\\p{Cntrl}", "?");
        return clean.length() > 60 ? clean.substring(0, 60) + "…" : clean;
    }
}
