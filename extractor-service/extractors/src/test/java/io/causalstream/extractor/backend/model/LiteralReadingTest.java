package io.causalstream.extractor.backend.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.extractor.backend.choice.BackendConfig;
import io.causalstream.extractor.backend.Extractor;
import io.causalstream.extractor.backend.choice.ExtractorBackends;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.text.cues.CueLexicon;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every edge the default backend reads from a one-clause sentence is true to the sentence when read literally: its
 * labels as written, its sign as given. The convention: a label is the bare concept, the sign the net one, so a change
 * word that opens a mention ("lower interest rates") is in the sign and never also in the label ("Lower interest rates
 * raised house prices" is interest rates -> house prices DECREASE: more of one, less of the other).
 *
 * <p>The sentences cross every change word the convention moves into the sign ({@link #CHANGE}), none, with cue verbs
 * in several forms, phrasal ones among them ({@link #VERBS}), and concept pairs of unrelated domains. Where the cue
 * lexicon reads the verb, decoding states the sign by rule and every edge must be true. Where it does not, the sign
 * is the relation head's reading: the share of its edges that are true is measured and must not fall below what the
 * shipped model reads, less a sentence or two of room for another CPU's float order (92.2 % of its edges true, 95.9 %
 * of the sentences read right, docs/extractor-model.md; the goal is 95 % of the sentences).
 */
class LiteralReadingTest {

    /** A change word and whether it reverses (more / less of the concept). */
    private record Change(String word, boolean reverses) {
    }

    private record Verb(String form, boolean increases) {
    }

    private static final List<Change> CHANGE = List.of(new Change("", false), new Change("lower", true),
            new Change("higher", false), new Change("fewer", true), new Change("more", false),
            new Change("reduced", true), new Change("increased", false), new Change("weaker", true),
            new Change("stronger", false), new Change("falling", true), new Change("rising", false),
            new Change("less", true), new Change("greater", false), new Change("declining", true),
            new Change("growing", false));

    /** Signed cue verbs, past and base forms (the subjects are plural), phrasal ones among them. */
    private static final List<Verb> VERBS = List.of(new Verb("raised", true), new Verb("raise", true),
            new Verb("increased", true), new Verb("increase", true), new Verb("boosted", true),
            new Verb("boost", true), new Verb("fueled", true), new Verb("fuel", true), new Verb("drove up", true),
            new Verb("push up", true), new Verb("amplified", true),
            new Verb("lowered", false), new Verb("lower", false), new Verb("reduced", false),
            new Verb("reduce", false), new Verb("cut", false), new Verb("curbed", false), new Verb("curb", false),
            new Verb("dampened", false), new Verb("suppressed", false), new Verb("decreased", false),
            new Verb("drove down", false), new Verb("pushed down", false), new Verb("limited", false));

    /** Cue verbs that state a cause but no sign: the change word on the effect gives it. */
    private static final List<String> UNSIGNED = List.of("led to", "caused", "resulted in", "brought about",
            "produced", "triggered", "gave rise to");

    /** Change nouns and their phrases before an effect ("a decline in"), and whether they reverse. */
    private static final List<Change> NOUNS = List.of(new Change("a decline in", true), new Change("a drop in", true),
            new Change("a fall in", true), new Change("a loss of", true), new Change("a reduction in", true),
            new Change("a sharp drop in", true), new Change("the rise in", false), new Change("an increase in", false),
            new Change("the growth of", false), new Change("a surge in", false));

    /**
     * Verbs that act on a change ("fuelled a decline in Y"): signed ones of the lexicon, unsigned ones, and some the
     * lexicon does not hold (their sign is the head's).
     */
    private static final List<Verb> ON_A_CHANGE = List.of(new Verb("fuelled", true), new Verb("accelerated", true),
            new Verb("deepened", true), new Verb("spurred", true), new Verb("curbed", false),
            new Verb("limited", false), new Verb("led to", true), new Verb("caused", true),
            new Verb("triggered", true), new Verb("resulted in", true), new Verb("set off", true),
            new Verb("was behind", true));

    private static final String[][] PAIRS = {{"interest rates", "house prices"}, {"fertilizer subsidies",
            "crop yields"}, {"tariffs", "import volumes"}, {"vaccination rates", "measles cases"}, {"fuel taxes",
            "car trips"}, {"wages", "staff departures"}};

    private static Extractor model;

    @BeforeAll
    static void load() {
        model = ExtractorBackends.create(BackendConfig.read(ExtractorBackends.DEFAULT, Map.<String, String>of()::get));
    }

    @AfterAll
    static void close() {
        model.close();
    }

    @Test
    void everyEdgeReadLiterallyIsTrueToItsSentence() {
        List<String[]> sentences = new ArrayList<>();
        int k = 0;
        for (Change change : CHANGE) {
            // "<change> X <signed verb> Y": the verb's sign, turned by the cause's change word
            for (Verb verb : VERBS) {
                String[] pair = PAIRS[k++ % PAIRS.length];
                boolean increases = verb.increases() ^ change.reverses();
                sentences.add(new String[] {(change.word() + " " + pair[0]).strip() + " " + verb.form() + " "
                        + pair[1], pair[0], pair[1], increases ? "INCREASE" : "DECREASE", change.word()});
            }
            // "X <unsigned verb> <change> Y": the effect's change word gives the sign
            for (String verb : UNSIGNED) {
                String[] pair = PAIRS[k++ % PAIRS.length];
                sentences.add(new String[] {pair[0] + " " + verb + " " + (change.word() + " " + pair[1]).strip(),
                        pair[0], pair[1], change.reverses() ? "DECREASE" : "INCREASE", change.word()});
            }
        }
        // "X <verb> <change noun> of/in Y": the verb's sign, turned by the change the noun names
        for (Change noun : NOUNS) {
            for (Verb verb : ON_A_CHANGE) {
                String[] pair = PAIRS[k++ % PAIRS.length];
                sentences.add(new String[] {pair[0] + " " + verb.form() + " " + noun.word() + " " + pair[1], pair[0],
                        pair[1], verb.increases() ^ noun.reverses() ? "INCREASE" : "DECREASE", noun.word()});
            }
        }
        List<String> wrong = new ArrayList<>();
        int read = 0;
        int headEdges = 0;
        int headWrong = 0;
        int right = 0;
        for (String[] s : sentences) {
            boolean lexicon = byLexicon(s);
            String sentence = capitalised(s[0]) + ".";
            List<Triple> triples = model.extract(new Passage("p", sentence, null, null, null, Map.of(),
                    Instant.EPOCH)).triples();
            read += triples.isEmpty() ? 0 : 1;
            boolean allTrue = !triples.isEmpty();
            for (Triple t : triples) {
                boolean edgeTrue = t.getSource().equalsIgnoreCase(s[1]) && t.getTarget().equalsIgnoreCase(s[2])
                        && t.getDirection() == Direction.valueOf(s[3]);
                allTrue &= edgeTrue;
                if (lexicon && !edgeTrue) {
                    wrong.add(sentence + " -> " + t.getSource() + " " + t.getDirection() + " " + t.getTarget());
                } else if (!lexicon) {
                    headEdges++;
                    headWrong += edgeTrue ? 0 : 1;
                }
            }
            right += allTrue ? 1 : 0;
        }
        double headRight = 1 - (double) headWrong / Math.max(1, headEdges);
        double rightShare = (double) right / sentences.size();
        System.out.printf(Locale.ROOT, "literal reading: %d sentences, %d with an edge, %d read right (%.1f %%); the "
                + "lexicon's verbs: %d edges untrue; the head's: %d of %d edges true (%.1f %%)%n", sentences.size(),
                read, right, 100 * rightShare, wrong.size(), headEdges - headWrong, headEdges, 100 * headRight);
        assertThat(wrong).as("edges untrue to their sentence when read literally").isEmpty();
        assertThat(headRight).as("share of the head's edges true to the sentence").isGreaterThanOrEqualTo(0.90);
        assertThat(rightShare).as("share of the sentences read right").isGreaterThanOrEqualTo(0.95);
    }

    /**
     * "X <verb> A and <past form> Y": the past form after "and" is a second verb of X ("Drought reduced incomes and
     * increased food prices"), not Y's change word, so X -> Y has that verb's sign whatever the first verb's is.
     */
    @Test
    void aSecondVerbAfterAndGivesItsOwnSign() {
        List<Verb> first = List.of(new Verb("raised", true), new Verb("cut", false), new Verb("boosted", true),
                new Verb("curbed", false), new Verb("displaced", false), new Verb("damaged", false));
        List<Verb> second = List.of(new Verb("reduced", false), new Verb("increased", true),
                new Verb("lowered", false), new Verb("decreased", false), new Verb("weakened", false),
                new Verb("diminished", false), new Verb("intensified", true), new Verb("enhanced", true),
                new Verb("elevated", true));
        String[][] concepts = {{"the drought", "farm incomes", "food prices"}, {"the new levy", "fuel imports",
                "bus ridership"}, {"the flooding", "road traffic", "school attendance"}, {"the subsidy", "bread prices",
                "household savings"}};
        List<String> wrong = new ArrayList<>();
        int k = 0;
        int read = 0;
        for (Verb a : first) {
            for (Verb b : second) {
                String[] c = concepts[k++ % concepts.length];
                String sentence = capitalised(c[0] + " " + a.form() + " " + c[1] + " and " + b.form() + " " + c[2])
                        + ".";
                String cause = c[0].substring(c[0].indexOf(' ') + 1);
                Direction expected = b.increases() ? Direction.INCREASE : Direction.DECREASE;
                List<Triple> toEffect = model.extract(new Passage("p", sentence, null, null, null, Map.of(),
                        Instant.EPOCH)).triples().stream().filter(t -> t.getTarget().equalsIgnoreCase(c[2])).toList();
                read += toEffect.isEmpty() ? 0 : 1;
                if (toEffect.stream().anyMatch(t -> !t.getSource().equalsIgnoreCase(cause)
                        || t.getDirection() != expected)) {
                    wrong.add(sentence + " -> " + toEffect.stream().map(t -> t.getSource() + " " + t.getDirection())
                            .toList());
                }
            }
        }
        System.out.printf(Locale.ROOT, "second verbs: %d sentences, %d with an edge to the second object%n",
                first.size() * second.size(), read);
        assertThat(wrong).as("edges to the second object untrue to the sentence").isEmpty();
        // an edge the claim detector or the head does not read is missed, not wrong: most sentences give it
        assertThat(read).isGreaterThanOrEqualTo(first.size() * second.size() * 3 / 4);
    }

    /**
     * "X <unsigned verb> <change> A and <change> Y": each object's own change word gives its sign, so X -> Y has Y's
     * whatever A's is, and neither object is the other's cause.
     */
    @Test
    void eachCoordinatedObjectTakesItsOwnChangeWord() {
        List<String> verbs = List.of("led to", "caused", "resulted in", "triggered");
        List<Change> changes = List.of(new Change("reduced", true), new Change("increased", false),
                new Change("lower", true), new Change("higher", false), new Change("fewer", true),
                new Change("more", false), new Change("declining", true), new Change("rising", false));
        String[][] concepts = {{"the drought", "maize harvests", "food prices"}, {"the strike", "train services",
                "road congestion"}, {"the new tariff", "steel imports", "car prices"}, {"the merger",
                "branch closures", "staff turnover"}, {"the storm", "power outages", "insurance claims"}};
        List<String> wrong = new ArrayList<>();
        int k = 0;
        int read = 0;
        for (String verb : verbs) {
            for (Change a : changes) {
                for (Change b : changes) {
                    String[] c = concepts[k++ % concepts.length];
                    String sentence = capitalised(c[0] + " " + verb + " " + a.word() + " " + c[1] + " and "
                            + b.word() + " " + c[2]) + ".";
                    String cause = c[0].substring(c[0].indexOf(' ') + 1);
                    Direction expected = b.reverses() ? Direction.DECREASE : Direction.INCREASE;
                    List<Triple> triples = model.extract(new Passage("p", sentence, null, null, null, Map.of(),
                            Instant.EPOCH)).triples();
                    List<Triple> toEffect = triples.stream().filter(t -> t.getTarget().equalsIgnoreCase(c[2]))
                            .toList();
                    read += toEffect.isEmpty() ? 0 : 1;
                    if (toEffect.stream().anyMatch(t -> !t.getSource().equalsIgnoreCase(cause)
                            || t.getDirection() != expected)) {
                        wrong.add(sentence + " -> " + triples.stream().map(t -> t.getSource() + " "
                                + t.getDirection() + " " + t.getTarget()).toList());
                    }
                }
            }
        }
        int all = verbs.size() * changes.size() * changes.size();
        System.out.printf(Locale.ROOT, "coordinated objects: %d sentences, %d with an edge to the second object, %d "
                + "of them untrue%n", all, read, wrong.size());
        assertThat(wrong).as("edges to the second object untrue to the sentence").isEmpty();
        assertThat(read).isGreaterThanOrEqualTo(all * 3 / 4);
    }

    /** "Deaths from malaria": an event noun before "from" is the effect; an entity ("wine from France") is not. */
    @Test
    void anEffectFromItsCauseInsideANounPhrase() {
        List<Triple> deaths = model.extract(new Passage("p", "Deaths from malaria fell after the bed-net campaign.",
                null, null, null, Map.of(), Instant.EPOCH)).triples();
        List<Triple> wine = model.extract(new Passage("p", "Wine from France filled the shelves after the trade deal.",
                null, null, null, Map.of(), Instant.EPOCH)).triples();

        assertThat(deaths).anySatisfy(t -> {
            assertThat(t.getSource()).isEqualTo("malaria");
            assertThat(t.getTarget()).isEqualTo("Deaths");
            assertThat(t.getDirection()).isEqualTo(Direction.INCREASE);
        });
        assertThat(wine).noneMatch(t -> t.getSource().equals("France"));
    }

    /**
     * Whether decoding states the sign by rule: a signed cue of the lexicon between the two concepts, or an unsigned
     * one right before the effect with a change word on a concept (not a phrasal verb: "drove down").
     */
    private static boolean byLexicon(String[] s) {
        String sentence = capitalised(s[0]);
        int from = sentence.toLowerCase(Locale.ROOT).indexOf(s[1]) + s[1].length();
        int to = sentence.toLowerCase(Locale.ROOT).lastIndexOf(s[2]);
        String between = sentence.substring(from, to);
        // the change word right before the effect is the effect's, not a cue between the two ("caused reduced Y")
        String changed = " " + s[4] + " ";
        boolean effectChanged = !s[4].isEmpty() && between.toLowerCase(Locale.ROOT).endsWith(changed);
        String bridge = effectChanged ? between.substring(0, between.length() - changed.length() + 1) : between;
        return CueLexicon.DEFAULT.find(bridge).stream()
                .anyMatch(m -> m.cue().orientation() == io.causalstream.text.cues.Cue.Orientation.FORWARD
                        && (m.cue().sign() != io.causalstream.text.cues.Cue.Sign.UNSIGNED
                        || effectChanged && bridge.substring(m.end()).isBlank()));
    }

    private static String capitalised(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
