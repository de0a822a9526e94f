package io.causalstream.extractor.parse;

import static io.causalstream.schemas.graph.Direction.DECREASE;
import static io.causalstream.schemas.graph.Direction.INCREASE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.causalstream.extractor.parse.ParseProblem.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The parser on the outputs printed in the soft-measures paper (appendices E and F) and on broken variants. */
class TripletParserTest {

    private final TripletParser parser = new TripletParser();

    private static Object[] t(String s, String o, io.causalstream.schemas.graph.Direction d) {
        return new Object[] {s, o, d};
    }

    @Test
    void appendixE1MistralInstructionTunedAnswerSourceSubjTargetObjRelation() {
        ParseResult r = parser.parse("""
                <s>[INST] Given the input sentence, identify all the triplets ... separated by <subj> and <obj> tokens.
                Input Sentence: Islamist violence in Mali has also hit cattle herding areas, forcing farmers to abandon \
                their trade. Climate change too has led to competition for grazing lands and water, leading to \
                intercommunal conflicts. The result, increased costs for breeders. [/INST]
                - Causal Relation Triplets : <triplet> islamist violence <subj> cattle herding <obj> negative
                - <triplet> climate change <subj> competition for grazing lands and water <obj> positive
                - <triplet> competition for grazing lands and water <subj> intercommunal conflicts <obj> positive
                - <triplet> intercommunal conflicts <subj> increased costs for breeders <obj> positive </s>""");
        assertThat(r.format()).isEqualTo("triplet");
        assertThat(r.triples()).extracting(ParsedTriple::source, ParsedTriple::target, ParsedTriple::direction)
                .containsExactly(
                        tuple("islamist violence", "cattle herding", DECREASE),
                        tuple("climate change", "competition for grazing lands and water", INCREASE),
                        tuple("competition for grazing lands and water", "intercommunal conflicts", INCREASE),
                        tuple("intercommunal conflicts", "increased costs for breeders", INCREASE));
        // the "- " before each next <triplet> is list markup left in the previous field's line: noted, not fatal
        assertThat(r.problems()).extracting(ParseProblem::kind).containsOnly(Kind.EXTRA_TEXT);
    }

    @Test
    void appendixF1Llama2ZeroShotTaggedAnswerWithTrailingNote() {
        ParseResult r = parser.parse("""
                Causal Relation Triplet :
                <triplet>
                   <subj> pastoralists</subj>
                   <obj> low levels of rainfall</obj>
                   <relation> Negative</relation>
                </triplet>
                <triplet>
                <subj> Mali</subj>
                <obj> increasing risk</obj>
                <relation> Positive</relation>
                </triplet>
                Note: The subject and object phrases are
                enclosed within <subj> and <obj>
                tokens, respectively, and the causal
                relation is enclosed within <relation>
                and </relation> tokens.""");
        assertThat(r.format()).isEqualTo("tagged");
        assertThat(r.triples()).extracting(ParsedTriple::source, ParsedTriple::target, ParsedTriple::direction)
                .containsExactly(tuple("pastoralists", "low levels of rainfall", DECREASE),
                        tuple("Mali", "increasing risk", INCREASE));
        assertThat(r.problems()).extracting(ParseProblem::kind).containsExactly(Kind.EXTRA_TEXT);
        assertThat(r.problems().get(0).detail()).startsWith("Note: The subject and object phrases are enclosed");
    }

    @Test
    void appendixF1Llama3ZeroShotWithAMultiLineObject() {
        ParseResult r = parser.parse("""
                <|begin_of_text|> <|start_header_id|> system <|end_header_id|>Given the input sentence ...
                <|eot_id|><|start_header_id|> user <|end_header_id|>
                Input Sentence : Women identified forced sex and men highlighted lack of awareness about contraception \
                and fear of side effects as important causes of kunika. <|eot_id|><|start_header_id|> assistant \
                <|end_header_id|>
                <triplet>
                   <subj>Women</subj>
                   <obj>forced sex</obj>
                   <relation>Positive</relation>
                </triplet>
                <triplet>
                   <subj>men</subj>
                   <obj>lack of awareness about
                        contraception and fear of side
                        effects</obj>
                   <relation>Positive</relation>
                </triplet>
                <triplet>
                   <subj>men</subj>
                   <obj>kunika</obj>
                   <relation>Negative</relation>
                </triplet>""");
        assertThat(r.triples()).extracting(ParsedTriple::source, ParsedTriple::target, ParsedTriple::direction)
                .containsExactly(tuple("Women", "forced sex", INCREASE),
                        tuple("men", "lack of awareness about contraception and fear of side effects", INCREASE),
                        tuple("men", "kunika", DECREASE));
        assertThat(r.clean()).isTrue();
    }

    @Test
    void appendixF2Llama2ThreeShotEchoTakesTheLastAnswerOnly() {
        // the three-shot prompt echoed back, garbled tags ("**FINST**") and repeated </s> included
        ParseResult r = parser.parse("<</SYS>> Input Sentence : the current price of local rice ... due to the high "
                + "cost of oil. [/INST] Causal Relation Triplets : <triplet> high cost of oil <subj> price of local "
                + "rice <obj> positive </s> **FINST** Input Sentence : Other health sources of protein are lean "
                + "meats, low-fat milk, nuts, and beans such as kidney beans. **F/INST** Causal Relation Triplets : "
                + "<triplet> nuts <subj> health sources of protein <obj> positive </s> <triplet> milk <subj> health "
                + "sources of protein <obj> positive </s> </s> [INST] Input Sentence : pastoralists in the arid and "
                + "semi-arid regions of Mali continue to face increasing risk due to low levels of rainfall [/INST] "
                + "Causal Relation Triplets : <triplet> low rainfall <subj> risk faced by pastoralists <obj> negative");
        assertThat(r.triples()).extracting(ParsedTriple::source, ParsedTriple::target, ParsedTriple::direction)
                .containsExactly(tuple("low rainfall", "risk faced by pastoralists", DECREASE));
    }

    @Test
    void appendixF2MistralAnswerWithATrailingFullStop() {
        ParseResult r = parser.parse("Causal Relation Triplets : <triplet> low levels of rainfall <subj> risk faced "
                + "by pastoralists in arid and semi-arid regions of Mali <obj> positive.");
        assertThat(r.triples()).extracting(ParsedTriple::source, ParsedTriple::target, ParsedTriple::direction)
                .containsExactly(tuple("low levels of rainfall",
                        "risk faced by pastoralists in arid and semi-arid regions of Mali", INCREASE));
        assertThat(r.clean()).isTrue();
    }

    @Test
    void appendixF2Llama3AnswerCutOffBeforeItsLastRelation() {
        // as printed: the last triplet lost its "<obj> positive" (it landed after the next heading)
        ParseResult r = parser.parse("Causal Relation Triplets : <triplet> forced sex <subj> kunika <obj> positive "
                + "<triplet> lack of awareness about contraception <subj> kunika <obj> positive <triplet> fear of "
                + "side effects <subj> kunika");
        assertThat(r.triples()).extracting(ParsedTriple::source, ParsedTriple::target)
                .containsExactly(tuple("forced sex", "kunika"), tuple("lack of awareness about contraception",
                        "kunika"));
        assertThat(r.problems()).extracting(ParseProblem::kind).containsExactly(Kind.MISSING_FIELD);
    }

    @Test
    void appendixF2MistralEchoOfItsPromptAsATriplet() {
        // mistral.json, passage 8: {"src": "token, followed by the subject phrase, ...", "tgt": "and",
        // "direction": "tokens."}: the model repeated its instruction
        ParseResult r = parser.parse("<triplet> token, followed by the subject phrase, the object phrase, and the "
                + "relationship, separated by <subj> and <obj> tokens.");
        assertThat(r.triples()).isEmpty();
        assertThat(r.problems()).extracting(ParseProblem::kind)
                .containsExactly(Kind.UNKNOWN_RELATION, Kind.NO_TRIPLETS);
    }

    @Test
    void releasedTrainingOrderSourceSubjRelationObjTarget() {
        ParseResult r = parser.parse("<triplet> conditions for competitive markets <subj> positive <obj> trade "
                + "margins \n<triplet> conditions for competitive markets <subj> positive <obj> price transmission "
                + "along the value chain </s>");
        assertThat(r.triples()).extracting(ParsedTriple::source, ParsedTriple::target, ParsedTriple::direction)
                .containsExactly(tuple("conditions for competitive markets", "trade margins", INCREASE),
                        tuple("conditions for competitive markets", "price transmission along the value chain",
                                INCREASE));
        assertThat(r.clean()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Positive", "positive", "POSITIVE", "increase", "Increase", "+", "**Positive**",
            "positive.", "'Positive'"})
    void increaseWordsInAnyCase(String word) {
        assertThat(parser.parse("<triplet> a <subj> b <obj> " + word).triples())
                .extracting(ParsedTriple::direction).containsExactly(INCREASE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Negative", "negative", "decrease", "Decrease", "-", "NEGATIVE"})
    void decreaseWordsInAnyCase(String word) {
        assertThat(parser.parse("<triplet><subj>a</subj><obj>b</obj><relation>" + word + "</relation></triplet>")
                .triples()).extracting(ParsedTriple::direction).containsExactly(DECREASE);
    }

    @Test
    void missingClosingTagsAreRepaired() {
        ParseResult r = parser.parse("<triplet>\n<subj> drought\n<obj> crop yields</obj>\n<relation> Negative\n");
        assertThat(r.triples()).extracting(ParsedTriple::source, ParsedTriple::target, ParsedTriple::direction)
                .containsExactly(tuple("drought", "crop yields", DECREASE));
        assertThat(r.problems()).extracting(ParseProblem::kind).containsExactly(Kind.UNCLOSED_TAG, Kind.UNCLOSED_TAG);
    }

    @Test
    void tripleTypoOfTheZeroShotPromptIsAccepted() {
        assertThat(parser.parse("<triple><subj>heat</subj><obj>yields</obj><relation>negative</relation></triplet>")
                .triples()).extracting(ParsedTriple::source).containsExactly("heat");
    }

    @Test
    void repeatedTripletsAreKeptOnce() {
        ParseResult r = parser.parse("<triplet> a <subj> b <obj> positive <triplet> A <subj> B <obj> Positive");
        assertThat(r.triples()).hasSize(1);
        assertThat(r.problems()).extracting(ParseProblem::kind).containsExactly(Kind.DUPLICATE);
    }

    @Test
    void emptyFieldsAreDroppedAndNoted() {
        ParseResult r = parser.parse("<triplet><subj> </subj><obj>b</obj><relation>positive</relation></triplet>"
                + "<triplet><subj>c</subj><obj>d</obj><relation>negative</relation></triplet>");
        assertThat(r.triples()).extracting(ParsedTriple::source).containsExactly("c");
        assertThat(r.problems()).extracting(ParseProblem::kind).containsExactly(Kind.EMPTY_FIELD);
    }

    @Test
    void proseAroundTheTripletsIsNoted() {
        ParseResult r = parser.parse("Sure! Here are the triplets:\n<triplet> a <subj> b <obj> negative\nHope this "
                + "helps.");
        assertThat(r.triples()).extracting(ParsedTriple::source, ParsedTriple::target).containsExactly(tuple("a", "b"));
        assertThat(r.problems()).extracting(ParseProblem::kind).containsExactly(Kind.EXTRA_TEXT, Kind.EXTRA_TEXT);
    }

    @Test
    void jsonFromStructuredOutputInAFenceOrBare() {
        String json = "{\"triplets\": [{\"subject\": \"drought\", \"object\": \"yields\", \"relation\": \"Negative\"},"
                + " {\"subject\": \"irrigation\", \"object\": \"yields\", \"relation\": \"Positive\"}]}";
        for (String output : new String[] {json, "```json\n" + json + "\n```", "[{\"src\": \"drought\", \"tgt\": "
                + "\"yields\", \"direction\": \"decrease\"}, {\"source\": \"irrigation\", \"target\": \"yields\", "
                + "\"direction\": \"increase\"}]"}) {
            ParseResult r = parser.parse(output);
            assertThat(r.format()).isEqualTo("json");
            assertThat(r.triples()).extracting(ParsedTriple::source, ParsedTriple::target, ParsedTriple::direction)
                    .containsExactly(tuple("drought", "yields", DECREASE), tuple("irrigation", "yields", INCREASE));
            assertThat(r.clean()).isTrue();
        }
    }

    @Test
    void truncatedJsonKeepsItsCompleteObjects() {
        ParseResult r = parser.parse("{\"triplets\": [{\"subject\": \"drought\", \"object\": \"yields\", "
                + "\"relation\": \"Negative\"}, {\"subject\": \"irriga", true);
        assertThat(r.triples()).extracting(ParsedTriple::source).containsExactly("drought");
        assertThat(r.problems()).extracting(ParseProblem::kind).contains(Kind.TRUNCATED, Kind.INVALID_JSON);
    }

    @Test
    void anythingElseGivesNoTripletsAndNeverThrows() {
        for (String output : new String[] {null, "", "   ", "I cannot find any causal relation.", "<triplet>",
                "<subj><obj><relation>", "{", "[1, 2, 3]", "<triplet> a <subj> b <obj> maybe", "\u0000\uFFFF"}) {
            ParseResult r = parser.parse(output);
            assertThat(r.triples()).isEmpty();
            assertThat(r.problems()).isNotEmpty();
        }
    }
}
