package io.causalstream.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class LanguageGuessTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Die Dürre führt zu geringeren Ernteerträgen, und die steigenden Preise verschärfen die Not.|de",
            "La sécheresse réduit les rendements des cultures et la hausse des prix aggrave la faim dans le pays.|fr",
            "La sequía reduce los rendimientos de los cultivos y el aumento de los precios agrava el hambre.|es",
            "La siccità riduce i raccolti e l'aumento dei prezzi aggrava la fame della popolazione nel paese.|it",
            "De droogte vermindert de oogst en de stijgende prijzen verergeren de honger in het land.|nl",
            "A seca reduz a produção das culturas e o aumento dos preços agrava a fome no país.|pt",
            "Засуха снижает урожайность, а рост цен усиливает голод в стране.|cyrillic",
            "干旱降低了作物产量，价格上涨加剧了该国的饥饿。|han"})
    void otherLanguagesAreNotEnglish(String text, String language) {
        LanguageGuess.Result r = LanguageGuess.guess(text);
        assertThat(r.english()).isFalse();
        assertThat(r.language()).isEqualTo(language);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "Drought reduces crop yields, and rising prices worsen food insecurity in the rural regions.",
            "Pastoralists in the arid and semi-arid regions of Mali continue to face increasing risk due to low "
                    + "levels of rainfall.",
            "The Banque de France and the Deutsche Bundesbank raised rates, which lowered consumer spending in the "
                    + "euro area.",
            "Heavy rainfall leads to flooding.",
            "X and Y increase Z."})
    void englishAndShortPassagesAreEnglish(String text) {
        assertThat(LanguageGuess.guess(text).english()).isTrue();
    }

    // OpenAiExtractorServiceIT's passages, "Passage N of <8 hex digits> effect N": the letters of an id such as
    // 07e3a2da were read as the words e and da, Portuguese function words, and about one id in seventy made every
    // passage of the test "Portuguese" (an empty extraction instead of a triple)
    @ParameterizedTest
    @ValueSource(strings = {"Passage 3 of 07e3a2da effect 3", "Passage 3 of 6e7e90e0 effect 3",
            "Passage 3 of de2de2bb effect 3", "Passage 3 of b8e08b9e effect 3",
            "Lots 1e3e, 2e5e, 7da0 and 9e1e fail the test."})
    void lettersInsideAnIdOrACodeAreNoWords(String text) {
        assertThat(LanguageGuess.guess(text).english()).as(LanguageGuess.guess(text).reason()).isTrue();
    }

    @Test
    void numbersAndCodesDoNotCountAsWordsNorHideTheLanguage() {
        assertThat(LanguageGuess.guess("Die Dürre 2e3e führt zu geringeren Ernteerträgen und die Preise steigen 4da.")
                .reason()).isEqualTo("5 of 10 words are de function words, 0 English");
    }

    @Test
    void theReasonNamesTheCounts() {
        assertThat(LanguageGuess.guess("Die Dürre führt zu geringeren Ernteerträgen und die Preise steigen.")
                .reason()).isEqualTo("5 of 10 words are de function words, 0 English"); // die, führt, zu, und, die
    }
}
