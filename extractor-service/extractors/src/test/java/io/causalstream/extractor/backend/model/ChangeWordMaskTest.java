package io.causalstream.extractor.backend.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.schemas.graph.Direction;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ChangeWordMaskTest {

    private static ConceptSpan span(String text, String words) {
        int start = text.indexOf(words);
        return new ConceptSpan(0, 0, start, start + words.length(), words);
    }

    private static ChangeWordMask.Masked mask(String s, String cause, String effect) {
        return ChangeWordMask.of(s, span(s, cause), span(s, effect)).orElseThrow();
    }

    private static String bare(ChangeWordMask.Masked m) {
        return m.text().substring(m.causeStart(), m.causeEnd()) + " | "
                + m.text().substring(m.effectStart(), m.effectEnd());
    }

    @Test
    void aChangeWordOpeningTheCauseIsTakenOutAndReverses() {
        String s = "Lower fuel taxes drove down car trips.";
        ChangeWordMask.Masked m = mask(s, "Lower fuel taxes", "car trips");
        assertThat(m.text()).isEqualTo("fuel taxes drove down car trips.");
        assertThat(bare(m)).isEqualTo("fuel taxes | car trips");
        assertThat(m.cause().reversed()).isTrue();
        assertThat(m.effect().reversed()).isFalse();
    }

    @Test
    void aChangeWordBeforeAMentionCountsAsItsOwn() {
        // the chunker left "produced less" outside the effect; "sharply higher" keeps its adverb out too
        String s = "Vaccination rates produced less measles cases in sharply higher districts.";
        ChangeWordMask.Masked m = mask(s, "Vaccination rates", "measles cases");
        assertThat(m.text()).isEqualTo("Vaccination rates produced measles cases in sharply higher districts.");
        assertThat(bare(m)).isEqualTo("Vaccination rates | measles cases");
        assertThat(m.effect().reversed()).isTrue();
    }

    @Test
    void changeWordsOfBothMentionsAreTakenOutAndEachTurnsTheSign() {
        String s = "Growing herds cause reduced grassland cover.";
        ChangeWordMask.Masked m = mask(s, "Growing herds", "grassland cover");
        assertThat(m.text()).isEqualTo("herds cause grassland cover.");
        assertThat(bare(m)).isEqualTo("herds | grassland cover");
        assertThat(m.cause().reversed()).isFalse();
        assertThat(m.effect().reversed()).isTrue();
        // the effect written first
        String back = "Fewer patients follow from reduced staffing.";
        ChangeWordMask.Masked b = mask(back, "reduced staffing", "Fewer patients");
        assertThat(b.text()).isEqualTo("patients follow from staffing.");
        assertThat(bare(b)).isEqualTo("staffing | patients");
        assertThat(b.cause().reversed() && b.effect().reversed()).isTrue();
    }

    @Test
    void aChangeNounsPhraseStaysBeforeTheEffectAndIsTakenOutBeforeTheCause() {
        // as written the head reads "set off a decline in" as the net sign: the noun may not turn it again
        String effect = "Fertilizer subsidies set off a decline in crop yields.";
        assertThat(ChangeWordMask.of(effect, span(effect, "Fertilizer subsidies"), span(effect, "crop yields")))
                .isEmpty();
        String both = "Growing herds cause the loss of grassland cover.";
        ChangeWordMask.Masked m = mask(both, "Growing herds", "grassland cover");
        assertThat(m.text()).isEqualTo("herds cause the loss of grassland cover.");
        assertThat(m.effect().reversed()).isFalse();
        // before the cause the head reads the verb's sign: the phrase is taken out and turns it
        String cause = "A lack of rain has been the source of crop failures.";
        ChangeWordMask.Masked c = mask(cause, "A lack of rain", "crop failures");
        assertThat(bare(c)).isEqualTo("rain | crop failures");
        assertThat(c.cause().reversed()).isTrue();
    }

    @Test
    void theChangeWordsOfObjectsCoordinatedBeforeAChangedEffectAreTakenOutToo() {
        // "reduced" is the first object's: read with it, the head reads the list as reduced
        String s = "The drought led to reduced maize harvests and higher food prices.";
        ChangeWordMask.Masked m = mask(s, "drought", "food prices");
        assertThat(m.text()).isEqualTo("The drought led to maize harvests and food prices.");
        assertThat(bare(m)).isEqualTo("drought | food prices");
        assertThat(m.effect().reversed()).isFalse();
        String three = "The storm caused fewer train services, lower bus ridership and more road congestion.";
        assertThat(mask(three, "storm", "road congestion").text())
                .isEqualTo("The storm caused train services, bus ridership and road congestion.");
        // without a cue right before the first object its change word may be the verb: left as written
        String verb = "Drought reduced incomes and lower food prices.";
        assertThat(mask(verb, "Drought", "food prices").text()).isEqualTo("Drought reduced incomes and food prices.");
        // an effect without a change word of its own: the first object's may be the whole list's
        String shared = "The drought led to reduced maize harvests and food prices.";
        assertThat(ChangeWordMask.of(shared, span(shared, "drought"), span(shared, "food prices"))).isEmpty();
    }

    @Test
    void theVerbItselfAndMentionsWithoutAChangeWordAreLeftAsWritten() {
        String verb = "Prices weakened demand.";
        assertThat(ChangeWordMask.of(verb, span(verb, "Prices"), span(verb, "demand"))).isEmpty();
        String none = "Floods damaged the harvest.";
        assertThat(ChangeWordMask.of(none, span(none, "Floods"), span(none, "the harvest"))).isEmpty();
        String overlap = "Higher rents";
        assertThat(ChangeWordMask.of(overlap, span(overlap, "Higher rents"), span(overlap, "rents"))).isEmpty();
    }

    @Test
    void decodingReadsTheSignOnTheBareSentenceAndTurnsItOncePerChangeWord() {
        List<String> asked = new ArrayList<>();
        // a reader that reads "drove down" as DECREASE and anything else as INCREASE
        PairSignReader reader = (text, cs, ce, es, ee) -> {
            asked.add(text.substring(cs, ce) + " -> " + text.substring(es, ee) + " in " + text);
            return Optional.of(text.contains("drove down") ? Direction.DECREASE : Direction.INCREASE);
        };
        String s = "Lower fuel taxes drove down car trips.";
        assertThat(TripleDecoding.readWithoutChangeWords(s, span(s, "Lower fuel taxes"), span(s, "car trips"), reader))
                .contains(Direction.INCREASE);
        assertThat(asked).containsExactly("fuel taxes -> car trips in fuel taxes drove down car trips.");
        String effect = "Tariffs brought about fewer import volumes.";
        assertThat(TripleDecoding.readWithoutChangeWords(effect, span(effect, "Tariffs"), span(effect,
                "import volumes"), reader)).contains(Direction.DECREASE);
        String both = "Rising wages drove down reduced staff departures.";
        assertThat(TripleDecoding.readWithoutChangeWords(both, span(both, "Rising wages"), span(both,
                "staff departures"), reader)).contains(Direction.INCREASE);
        // no change word, or no reader: the head's reading of the sentence as written stands
        String plain = "Fuel taxes drove down car trips.";
        assertThat(TripleDecoding.readWithoutChangeWords(plain, span(plain, "Fuel taxes"), span(plain, "car trips"),
                reader)).isEmpty();
        assertThat(TripleDecoding.readWithoutChangeWords(s, span(s, "Lower fuel taxes"), span(s, "car trips"), null))
                .isEmpty();
    }
}
