package io.causalstream.validation;

import static io.causalstream.validation.EdgeValidationTest.triple;
import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.cesar.CesarSettings;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.scoring.ValidationState;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The default stages on one-clause sentences whose sign is stated by a cue verb, turned by change words on either end
 * or by a change noun the verb acts on: the edge as the sentence states it, and the same edge with the sign flipped,
 * each validated alone. A flipped edge is never VALIDATED; the share of right edges VALIDATED must not fall below what
 * the shipped reader reaches, less room for another CPU's float order (docs/validation.md).
 */
class OneClauseSignsTest {

    private record Change(String word, boolean reverses) {
    }

    private record Verb(String form, boolean increases) {
    }

    private static final List<Change> ON_THE_CAUSE = List.of(new Change("", false), new Change("lower", true),
            new Change("higher", false), new Change("fewer", true), new Change("more", false),
            new Change("reduced", true), new Change("weaker", true), new Change("falling", true),
            new Change("rising", false), new Change("less", true), new Change("declining", true),
            new Change("smaller", true));

    private static final List<Verb> SIGNED = List.of(new Verb("raised", true), new Verb("boosted", true),
            new Verb("fuelled", true), new Verb("drove up", true), new Verb("pushed up", true),
            new Verb("intensified", true), new Verb("lowered", false), new Verb("reduced", false),
            new Verb("curbed", false), new Verb("weakened", false), new Verb("hampered", false),
            new Verb("drove down", false), new Verb("pushed down", false));

    private static final List<String> UNSIGNED = List.of("led to", "caused", "resulted in", "brought about",
            "gave rise to", "triggered");

    private static final List<Change> ON_THE_EFFECT = List.of(new Change("lower", true), new Change("higher", false),
            new Change("fewer", true), new Change("more", false), new Change("reduced", true),
            new Change("greater", false));

    private static final List<Change> NOUNS = List.of(new Change("a decline in", true), new Change("a drop in", true),
            new Change("a loss of", true), new Change("the rise in", false), new Change("an increase in", false),
            new Change("the growth of", false));

    private static final List<Verb> ON_A_CHANGE = List.of(new Verb("fuelled", true), new Verb("accelerated", true),
            new Verb("curbed", false), new Verb("limited", false), new Verb("led to", true),
            new Verb("caused", true));

    private static final String[][] PAIRS = {{"oil prices", "airline fares"}, {"rainfall", "river levels"},
            {"screen time", "sleep quality"}, {"minimum wages", "teen employment"}, {"ad spending",
            "brand awareness"}, {"soil salinity", "wheat harvests"}};

    private static EdgeValidation validation;

    @BeforeAll
    static void open() {
        validation = EdgeValidation.open(ValidationSettings.defaults(), CesarSettings.defaults());
    }

    @AfterAll
    static void close() {
        validation.close();
    }

    @Test
    void aFlippedSignIsNeverValidated() {
        List<Object[]> sentences = new ArrayList<>();
        int k = 0;
        for (Change change : ON_THE_CAUSE) {
            for (Verb verb : SIGNED) {
                String[] pair = PAIRS[k++ % PAIRS.length];
                sentences.add(new Object[] {(change.word() + " " + pair[0]).strip() + " " + verb.form() + " "
                        + pair[1], pair, verb.increases() ^ change.reverses()});
            }
        }
        for (Change change : ON_THE_EFFECT) {
            for (String verb : UNSIGNED) {
                String[] pair = PAIRS[k++ % PAIRS.length];
                sentences.add(new Object[] {pair[0] + " " + verb + " " + change.word() + " " + pair[1], pair,
                        !change.reverses()});
            }
        }
        for (Change noun : NOUNS) {
            for (Verb verb : ON_A_CHANGE) {
                String[] pair = PAIRS[k++ % PAIRS.length];
                sentences.add(new Object[] {pair[0] + " " + verb.form() + " " + noun.word() + " " + pair[1], pair,
                        verb.increases() ^ noun.reverses()});
            }
        }
        List<String> wrong = new ArrayList<>();
        int right = 0;
        for (Object[] s : sentences) {
            String text = Character.toUpperCase(((String) s[0]).charAt(0)) + ((String) s[0]).substring(1) + ".";
            String[] pair = (String[]) s[1];
            Direction stated = (boolean) s[2] ? Direction.INCREASE : Direction.DECREASE;
            right += validatesOnlyTheStatedSign(text, pair, stated, wrong) ? 1 : 0;
        }
        double share = (double) right / sentences.size();
        System.out.printf(Locale.ROOT, "one-clause signs: %d sentences, %d stated edges VALIDATED (%.1f %%), %d "
                + "flipped ones%n", sentences.size(), right, 100 * share, wrong.size());
        assertThat(wrong).as("flipped edges VALIDATED").isEmpty();
        assertThat(share).as("share of the stated edges VALIDATED").isGreaterThanOrEqualTo(0.70);
    }

    /** "X <verb> A and <second verb> Y": the second verb gives X -> Y its sign, whatever the first one's. */
    @Test
    void aSecondVerbGivesItsObjectItsSign() {
        List<Verb> first = List.of(new Verb("raised", true), new Verb("cut", false), new Verb("boosted", true),
                new Verb("curbed", false), new Verb("damaged", false));
        List<Verb> second = List.of(new Verb("reduced", false), new Verb("increased", true),
                new Verb("lowered", false), new Verb("weakened", false), new Verb("intensified", true),
                new Verb("enhanced", true));
        String[][] concepts = {{"the heatwave", "crop yields", "water prices"}, {"the new tariff", "steel imports",
                "car prices"}, {"the strike", "train services", "road congestion"}};
        List<String> wrong = new ArrayList<>();
        int right = 0;
        int k = 0;
        for (Verb a : first) {
            for (Verb b : second) {
                String[] c = concepts[k++ % concepts.length];
                String text = Character.toUpperCase(c[0].charAt(0)) + c[0].substring(1) + " " + a.form() + " " + c[1]
                        + " and " + b.form() + " " + c[2] + ".";
                String[] pair = {c[0].substring(c[0].indexOf(' ') + 1), c[2]};
                Direction stated = b.increases() ? Direction.INCREASE : Direction.DECREASE;
                right += validatesOnlyTheStatedSign(text, pair, stated, wrong) ? 1 : 0;
            }
        }
        int all = first.size() * second.size();
        System.out.printf(Locale.ROOT, "second verbs: %d sentences, %d stated edges VALIDATED (%.1f %%), %d flipped "
                + "ones%n", all, right, 100.0 * right / all, wrong.size());
        assertThat(wrong).as("flipped edges VALIDATED").isEmpty();
        assertThat(right).as("stated edges VALIDATED").isGreaterThanOrEqualTo(all / 2);
    }

    /**
     * "X <unsigned verb> <change> A and <change> Y": Y's own change word gives X -> Y its sign, whatever A's is ("The
     * drought led to reduced maize harvests and higher food prices" states drought INCREASE food prices).
     */
    @Test
    void eachCoordinatedEffectTakesItsOwnChangeWord() {
        List<String> verbs = List.of("led to", "caused", "resulted in", "brought");
        List<Change> changes = List.of(new Change("reduced", true), new Change("increased", false),
                new Change("lower", true), new Change("higher", false), new Change("fewer", true),
                new Change("more", false));
        String[][] concepts = {{"the drought", "maize harvests", "food prices"}, {"the strike", "train services",
                "road congestion"}, {"the new tariff", "steel imports", "car prices"}};
        List<String> wrong = new ArrayList<>();
        int right = 0;
        int all = 0;
        int k = 0;
        for (String verb : verbs) {
            for (Change a : changes) {
                for (Change b : changes) {
                    String[] c = concepts[k++ % concepts.length];
                    String text = Character.toUpperCase(c[0].charAt(0)) + c[0].substring(1) + " " + verb + " "
                            + a.word() + " " + c[1] + " and " + b.word() + " " + c[2] + ".";
                    String[] pair = {c[0].substring(c[0].indexOf(' ') + 1), c[2]};
                    Direction stated = b.reverses() ? Direction.DECREASE : Direction.INCREASE;
                    all++;
                    right += validatesOnlyTheStatedSign(text, pair, stated, wrong) ? 1 : 0;
                }
            }
        }
        System.out.printf(Locale.ROOT, "coordinated effects: %d sentences, %d stated edges VALIDATED (%.1f %%), %d "
                + "flipped ones%n", all, right, 100.0 * right / all, wrong.size());
        assertThat(wrong).as("flipped edges VALIDATED").isEmpty();
        // the shipped reader validates 121 of 144 (84.0 %, docs/validation.md), less room for another CPU
        assertThat(right).as("stated edges VALIDATED").isGreaterThanOrEqualTo(all * 8 / 10);
    }

    /**
     * "X <verb> A and Y", "A and X <verb> Y", "X and A <verb> Y": each conjunct is an end of the claim, with the verb's
     * sign; the reader reads a second conjunct on the sentence without the other one.
     */
    @Test
    void everyConjunctIsAnEndOfTheClaim() {
        String[][] objects = {{"the drought", "crop yields", "farm incomes"}, {"the strike", "train services",
                "bus services"}, {"the new tariff", "steel imports", "aluminium imports"}, {"the storm",
                "power supplies", "water supplies"}, {"the subsidy", "solar installations", "heat pump sales"}};
        String[][] causes = {{"heat", "drought", "grain yields"}, {"rents", "wages", "living costs"}, {"tariffs",
                "quotas", "import volumes"}, {"storms", "floods", "insurance claims"}, {"subsidies", "tax credits",
                "solar installations"}};
        List<String> wrong = new ArrayList<>();
        int right = 0;
        int all = 0;
        int k = 0;
        for (Verb verb : SIGNED) {
            for (int form = 0; form < 3; form++) {
                String text;
                String[] pair;
                if (form == 0) {
                    String[] c = objects[k++ % objects.length];
                    text = c[0] + " " + verb.form() + " " + c[1] + " and " + c[2];
                    pair = new String[] {c[0].substring(c[0].indexOf(' ') + 1), c[2]};
                } else {
                    String[] c = causes[k++ % causes.length];
                    text = c[0] + " and " + c[1] + " " + verb.form() + " " + c[2];
                    pair = new String[] {c[form - 1], c[2]};
                }
                text = Character.toUpperCase(text.charAt(0)) + text.substring(1) + ".";
                Direction stated = verb.increases() ? Direction.INCREASE : Direction.DECREASE;
                all++;
                right += validatesOnlyTheStatedSign(text, pair, stated, wrong) ? 1 : 0;
            }
        }
        System.out.printf(Locale.ROOT, "conjuncts: %d sentences, %d stated edges VALIDATED (%.1f %%), %d flipped "
                + "ones%n", all, right, 100.0 * right / all, wrong.size());
        assertThat(wrong).as("flipped edges VALIDATED").isEmpty();
        // the shipped reader validates 27 of 39 (69.2 %; 21 read as written), less room for another CPU
        assertThat(right).as("stated edges VALIDATED").isGreaterThanOrEqualTo(all * 6 / 10);
    }

    /**
     * Validates the edge with the sign the sentence states and with the opposite one, each alone: whether the stated one
     * is VALIDATED; a VALIDATED opposite one is added to {@code wrong}.
     */
    private static boolean validatesOnlyTheStatedSign(String text, String[] pair, Direction stated,
                                                      List<String> wrong) {
        Direction flipped = stated == Direction.INCREASE ? Direction.DECREASE : Direction.INCREASE;
        if (state(text, pair, flipped) == ValidationState.VALIDATED) {
            wrong.add(text + " -> " + pair[0] + " " + flipped + " " + pair[1]);
        }
        return state(text, pair, stated) == ValidationState.VALIDATED;
    }

    private static ValidationState state(String text, String[] pair, Direction direction) {
        return validation.validate(text, List.of(triple(pair[0], pair[1], direction))).edges().getFirst().state();
    }
}
