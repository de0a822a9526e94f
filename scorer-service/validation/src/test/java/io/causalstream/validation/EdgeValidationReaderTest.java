package io.causalstream.validation;

import static io.causalstream.validation.EdgeValidationTest.reason;
import static io.causalstream.validation.EdgeValidationTest.triple;
import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.encoder.TextPair;
import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.TokenEncoder;
import io.causalstream.extractor.backend.model.TunedReader;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.validation.ValidationSettings.Lexicon;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The learned verification stage with a stand-in reader whose readings each test writes down, so every verdict is
 * the stage's own logic: an agreeing reading, an opposite one, none, a negated claim, a pair stated with both signs.
 */
class EdgeValidationReaderTest {

    /** Readings by "cause -> effect" as written in the sentence; any other pair reads no link. */
    private final Map<String, TunedReader.Probabilities> readings = new HashMap<>();
    private final StandInEncoder encoder = new StandInEncoder();
    private final List<String> read = new ArrayList<>();

    private final PairReader reader = new PairReader() {
        @Override
        public TokenEncoder encoder() {
            return encoder;
        }

        @Override
        public String name() {
            return "stand-in";
        }

        @Override
        public TunedReader.PairReading read(String sentence, TokenEmbeddings embeddings, int causeStart,
                                            int causeEnd, int effectStart, int effectEnd) {
            String cause = sentence.substring(causeStart, causeEnd);
            String effect = sentence.substring(effectStart, effectEnd);
            read.add(cause + " -> " + effect);
            return new TunedReader.PairReading(reading(cause, effect), reading(effect, cause));
        }

        @Override
        public double claim(TokenEmbeddings sentence) {
            return 1;
        }

        @Override
        public double claimThreshold() {
            return 0.5;
        }

        @Override
        public double edgeThreshold() {
            return 0.2;
        }
    };

    private TunedReader.Probabilities reading(String cause, String effect) {
        return readings.getOrDefault(cause.toLowerCase(Locale.ROOT) + " -> " + effect.toLowerCase(Locale.ROOT),
                new TunedReader.Probabilities(1, 0, 0));
    }

    private void reads(String cause, String effect, double increase, double decrease) {
        readings.put(cause + " -> " + effect, new TunedReader.Probabilities((float) (1 - increase - decrease),
                (float) increase, (float) decrease));
    }

    private EdgeValidation validation(Lexicon lexicon) {
        ValidationSettings d = ValidationSettings.defaults();
        return EdgeValidation.reading(d.withReader(true, 0.7, null, false, lexicon), reader, null, null, false);
    }

    private static final String TAXES = "Higher fuel taxes reduce car use in large cities.";

    @Test
    void anAgreeingReadingValidatesTheEdge() {
        reads("fuel taxes", "car use", 0.03, 0.90);

        ValidatedEdge edge = validation(Lexicon.REQUIRE).validate(TAXES,
                List.of(triple("fuel taxes", "car use", Direction.DECREASE))).edges().getFirst();

        assertThat(edge.state()).isEqualTo(ValidationState.VALIDATED);
        // 0.90 of P(link) 0.93 is 0.97 >= 0.7
        assertThat(reason(edge, Verdict.VERIFICATION)).isEqualTo("reader stand-in reads DECREASE (P(link) 0.93, "
                + "0.97 of it DECREASE) source -> target in sentence 1: agrees");
    }

    @Test
    void aChangeWordBeforeTheCauseIsReadOutAndTurnsTheBareReading() {
        // the head reads "fuel taxes reduce car use" (the sentence without "Lower") as a decrease: less of the
        // taxes, less of the decrease, so the edge the sentence states is an increase
        reads("fuel taxes", "car use", 0.03, 0.90);
        String lower = "Lower fuel taxes reduce car use in large cities.";

        ValidatedEdge right = validation(Lexicon.REQUIRE).validate(lower,
                List.of(triple("fuel taxes", "car use", Direction.INCREASE))).edges().getFirst();
        ValidatedEdge wrong = validation(Lexicon.OFF).validate(lower,
                List.of(triple("fuel taxes", "car use", Direction.DECREASE))).edges().getFirst();

        assertThat(right.state()).isEqualTo(ValidationState.VALIDATED);
        assertThat(reason(right, Verdict.VERIFICATION)).startsWith("reader stand-in reads INCREASE (P(link) 0.93, "
                + "0.97 of it INCREASE), read for 'fuel taxes' without 'Lower' source -> target in sentence 1: agrees");
        assertThat(wrong.state()).isEqualTo(ValidationState.HYPOTHESIZED);
        assertThat(reason(wrong, Verdict.VERIFICATION)).contains("where the edge states DECREASE");
        assertThat(encoder.encoded).contains(List.of("fuel taxes reduce car use in large cities."));
    }

    @Test
    void theSecondObjectOfTwoVerbsIsReadWithoutTheFirst() {
        reads("fuel prices", "bus ridership", 0.90, 0.03);
        String two = "Higher fuel prices reduced car trips and increased bus ridership.";

        ValidatedEdge edge = validation(Lexicon.REQUIRE).validate(two,
                List.of(triple("fuel prices", "bus ridership", Direction.INCREASE))).edges().getFirst();

        assertThat(edge.state()).isEqualTo(ValidationState.VALIDATED);
        assertThat(reason(edge, Verdict.VERIFICATION)).startsWith("reader stand-in reads INCREASE (P(link) 0.93, "
                + "0.97 of it INCREASE), read without 'reduced car trips and' source -> target in sentence 1: agrees");
        assertThat(encoder.encoded).contains(List.of("Higher fuel prices increased bus ridership."));
    }

    @Test
    void anOppositeReadingLeavesTheEdgeHypothesizedNamingBothReadings() {
        reads("fuel taxes", "car use", 0.03, 0.90);

        ValidatedEdge edge = validation(Lexicon.OFF).validate(TAXES,
                List.of(triple("fuel taxes", "car use", Direction.INCREASE))).edges().getFirst();

        assertThat(edge.state()).isEqualTo(ValidationState.HYPOTHESIZED);
        assertThat(reason(edge, Verdict.VERIFICATION)).isEqualTo("reader stand-in reads DECREASE (P(link) 0.93, "
                + "0.97 of it DECREASE) where the edge states INCREASE, sentence 1: opposite signs");
    }

    @Test
    void noReadingLeavesTheEdgeHypothesized() {
        reads("fuel taxes", "car use", 0.05, 0.05);

        ValidatedEdge edge = validation(Lexicon.OFF).validate(TAXES,
                List.of(triple("fuel taxes", "car use", Direction.DECREASE))).edges().getFirst();

        assertThat(edge.state()).isEqualTo(ValidationState.HYPOTHESIZED);
        assertThat(reason(edge, Verdict.VERIFICATION)).isEqualTo("reader stand-in reads no one sign source -> "
                + "target in sentence 1 (none 0.90, DECREASE 0.05, INCREASE 0.05; a link needs 0.20, its sign 0.70 "
                + "of it)");
    }

    @Test
    void aLinkWithoutOneSignIsNoReadingEither() {
        // P(link) 0.9, but DECREASE only 0.5 of it
        reads("fuel taxes", "car use", 0.45, 0.45);

        ValidatedEdge edge = validation(Lexicon.OFF).validate(TAXES,
                List.of(triple("fuel taxes", "car use", Direction.DECREASE))).edges().getFirst();

        assertThat(edge.state()).isEqualTo(ValidationState.HYPOTHESIZED);
        assertThat(reason(edge, Verdict.VERIFICATION)).startsWith("reader stand-in reads no one sign");
    }

    @Test
    void aNegatedClaimIsNotValidatedWhateverTheReaderReads() {
        // a reader blind to the denial reads the claim inside it
        reads("fuel taxes", "car use", 0.02, 0.95);
        String denied = "There is no evidence that higher fuel taxes reduce car use.";

        for (Lexicon lexicon : List.of(Lexicon.VETO, Lexicon.REQUIRE)) {
            ValidatedEdge edge = validation(lexicon).validate(denied,
                    List.of(triple("fuel taxes", "car use", Direction.DECREASE))).edges().getFirst();

            assertThat(edge.state()).as(lexicon.name()).isEqualTo(ValidationState.HYPOTHESIZED);
            assertThat(reason(edge, Verdict.VERIFICATION)).as(lexicon.name())
                    .contains("reads DECREASE").contains("the evidence states no link (denied claim)");
        }
        // without the lexicon the reader alone decides
        assertThat(validation(Lexicon.OFF).validate(denied, List.of(triple("fuel taxes", "car use",
                Direction.DECREASE))).edges().getFirst().state()).isEqualTo(ValidationState.VALIDATED);
    }

    @Test
    void aPassageStatingBothSignsValidatesNeither() {
        String passage = "Irrigation raises rice yields on the plains. In dry years irrigation lowers rice yields "
                + "downstream.";
        reads("irrigation", "rice yields", 0.9, 0.05);
        // the stand-in reads by words, so the second sentence gets a reading of its own
        PairReader twoReadings = new SentenceReader(reader, "dry years",
                new TunedReader.Probabilities(0.05f, 0.05f, 0.9f));
        EdgeValidation validation = EdgeValidation.reading(validation(Lexicon.OFF).settings(), twoReadings, null,
                null, false);

        ValidatedEdge one = validation.validate(passage, List.of(triple("irrigation", "rice yields",
                Direction.INCREASE))).edges().getFirst();

        assertThat(one.state()).isEqualTo(ValidationState.HYPOTHESIZED);
        assertThat(reason(one, Verdict.VERIFICATION)).isEqualTo("reader stand-in reads INCREASE (P(link) 0.95, "
                + "0.95 of it INCREASE) in sentence 1 and DECREASE (P(link) 0.95, 0.95 of it DECREASE) in sentence 2: "
                + "the passage states both signs");
    }

    @Test
    void anExtractionStatingBothSignsForOnePairHasNeitherValidated() {
        reads("fuel taxes", "car use", 0.03, 0.90);

        ValidatedGraph graph = validation(Lexicon.OFF).validate(TAXES, List.of(
                triple("fuel taxes", "car use", Direction.DECREASE),
                triple("fuel taxes", "car use", Direction.INCREASE)));

        assertThat(graph.edges()).extracting(ValidatedEdge::state)
                .containsExactly(ValidationState.VALIDATED, ValidationState.HYPOTHESIZED);
        assertThat(reason(graph.edges().get(1), Verdict.VERIFICATION)).endsWith("opposite signs");
    }

    @Test
    void aMentionThatNegatesItsLabelTurnsTheReading() {
        // the reader read "food insecurity" -> "social unrest": for the label "food security" that is a decrease
        reads("food insecurity", "social unrest", 0.9, 0.0);

        ValidatedEdge edge = validation(Lexicon.REQUIRE).validate("Food insecurity fuels social unrest.",
                List.of(triple("food security", "social unrest", Direction.DECREASE))).edges().getFirst();

        assertThat(edge.state()).isEqualTo(ValidationState.VALIDATED);
        assertThat(reason(edge, Verdict.VERIFICATION)).startsWith("reader stand-in reads DECREASE (P(link) 0.90, "
                + "1.00 of it DECREASE), read for 'insecurity' for 'food security' source -> target in sentence 1");
    }

    @Test
    void requiringTheLexiconWithholdsAReadingNoCueStates() {
        String noCue = "Fuel taxes and car use were both on the council's agenda.";
        reads("fuel taxes", "car use", 0.02, 0.95);

        ValidatedEdge required = validation(Lexicon.REQUIRE).validate(noCue,
                List.of(triple("fuel taxes", "car use", Direction.DECREASE))).edges().getFirst();
        ValidatedEdge alone = validation(Lexicon.OFF).validate(noCue,
                List.of(triple("fuel taxes", "car use", Direction.DECREASE))).edges().getFirst();

        assertThat(required.state()).isEqualTo(ValidationState.HYPOTHESIZED);
        assertThat(reason(required, Verdict.VERIFICATION)).endsWith("; no causal cue in the evidence");
        assertThat(alone.state()).isEqualTo(ValidationState.VALIDATED);
    }

    @Test
    void endsInDifferentSentencesAreNotRead() {
        ValidatedEdge edge = validation(Lexicon.OFF).validate("Fuel taxes rose sharply. Car use fell in the "
                + "cities.", List.of(triple("fuel taxes", "car use", Direction.DECREASE))).edges().getFirst();

        assertThat(edge.state()).isEqualTo(ValidationState.HYPOTHESIZED);
        assertThat(reason(edge, Verdict.VERIFICATION)).isEqualTo("reader stand-in: the ends are named in different "
                + "sentences; it reads one sentence");
        assertThat(read).isEmpty();
    }

    @Test
    void eachSentenceIsEncodedOnceAndReadOncePerPassage() {
        reads("fuel taxes", "car use", 0.03, 0.90);
        EdgeValidation validation = validation(Lexicon.OFF);
        String passage = TAXES + " Parking fees reduce car use as well.";

        validation.validate(passage, List.of(triple("fuel taxes", "car use", Direction.DECREASE)));
        validation.validate(passage, List.of(triple("fuel taxes", "car use", Direction.DECREASE),
                triple("parking fees", "car use", Direction.DECREASE)));

        // the first extraction encodes sentence 1; the second only sentence 2, and reads only the new pair
        assertThat(encoder.encoded).containsExactly(List.of(TAXES), List.of("Parking fees reduce car use as well."));
        assertThat(read).containsExactly("fuel taxes -> car use", "Parking fees -> car use");
    }

    /** A reader that reads {@code reading} for every pair of a sentence holding {@code words}. */
    private record SentenceReader(PairReader inner, String words, TunedReader.Probabilities reading)
            implements PairReader {

        @Override
        public TokenEncoder encoder() {
            return inner.encoder();
        }

        @Override
        public String name() {
            return inner.name();
        }

        @Override
        public TunedReader.PairReading read(String sentence, TokenEmbeddings embeddings, int causeStart,
                                            int causeEnd, int effectStart, int effectEnd) {
            return sentence.contains(words) ? new TunedReader.PairReading(reading, reading)
                    : inner.read(sentence, embeddings, causeStart, causeEnd, effectStart, effectEnd);
        }

        @Override
        public double claim(TokenEmbeddings sentence) {
            return inner.claim(sentence);
        }

        @Override
        public double claimThreshold() {
            return inner.claimThreshold();
        }

        @Override
        public double edgeThreshold() {
            return inner.edgeThreshold();
        }
    }

    /**
     * TEST-ONLY encoder: a word's vector is drawn from a generator seeded by the word, so unrelated labels match
     * no sentence by embedding; records what it was asked to encode.
     */
    static final class StandInEncoder implements TokenEncoder {

        final List<List<String>> encoded = new ArrayList<>();

        @Override
        public String name() {
            return "stand-in";
        }

        @Override
        public int dimension() {
            return 32;
        }

        @Override
        public synchronized List<TokenEmbeddings> encode(List<String> texts) {
            encoded.add(List.copyOf(texts));
            List<TokenEmbeddings> out = new ArrayList<>();
            for (String t : texts) {
                List<String> words = new ArrayList<>(List.of("[CLS]"));
                for (String w : t.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
                    if (!w.isEmpty()) {
                        words.add(w);
                    }
                }
                words.add("[SEP]");
                boolean[] special = new boolean[words.size()];
                special[0] = true;
                special[words.size() - 1] = true;
                float[][] vectors = new float[words.size()][];
                for (int i = 0; i < words.size(); i++) {
                    Random r = new Random(words.get(i).hashCode());
                    vectors[i] = new float[dimension()];
                    for (int k = 0; k < dimension(); k++) {
                        vectors[i][k] = (float) r.nextGaussian();
                    }
                }
                out.add(new TokenEmbeddings(words.toArray(String[]::new), new int[words.size()], special, vectors));
            }
            return out;
        }

        @Override
        public List<TokenEmbeddings> encodePairs(List<TextPair> pairs) {
            throw new UnsupportedOperationException("the reader encodes sentences alone");
        }

        @Override
        public void close() {
        }
    }
}
