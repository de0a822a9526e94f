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

    @Test
    void theReasonNamesTheCounts() {
        assertThat(LanguageGuess.guess("Die Dürre führt zu geringeren Ernteerträgen und die Preise steigen.")
                .reason()).isEqualTo("5 of 10 words are de function words, 0 English"); // die, führt, zu, und, die
    }
}
