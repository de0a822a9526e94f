package io.causalstream.research.extraction.train;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.extractor.dataset.ReleasedSplit;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The 20 Elo passages are the held-out comparison with the paper's LLMs: the trainer must never see them. The
 * released splits (unchanged copies in src/test/resources/soft-measures) hold them, some cut into several
 * sentences or with other punctuation.
 */
class EloPassagesTest {

    private static Path root() throws URISyntaxException {
        return Path.of(EloPassagesTest.class.getResource("/soft-measures/README.md").toURI()).getParent();
    }

    @Test
    void everyEloPassageOfTheTrainSplitIsFoundAndDropped() throws Exception {
        EloPassages elo = EloPassages.load(root());
        assertThat(elo.texts()).hasSize(20);
        List<GoldPassage> train = ReleasedSplit.read(root().resolve("data/train_data.csv"));
        // all 20 are in train: some whole, one cut into several sentences
        for (String text : elo.texts()) {
            String key = EloPassages.key(text);
            assertThat(train.stream().anyMatch(p -> key.contains(EloPassages.key(p.text()))
                    || EloPassages.key(p.text()).contains(key.substring(0, 60)))).as(text).isTrue();
        }
        List<GoldPassage> kept = elo.without(train);
        assertThat(train.size() - kept.size()).isEqualTo(28);
        // nothing kept shares a sentence with an Elo passage: no 8-word run of any Elo passage survives
        for (GoldPassage p : kept) {
            for (String text : elo.texts()) {
                assertThat(shares8Words(EloPassages.key(p.text()), EloPassages.key(text))).as(p.text()).isFalse();
            }
        }
    }

    @Test
    void theValAndTestSplitsLoseTheirEloPassagesAndNothingElse() throws Exception {
        EloPassages elo = EloPassages.load(root());
        List<GoldPassage> val = ReleasedSplit.read(root().resolve("data/val_data.csv"));
        List<GoldPassage> test = ReleasedSplit.read(root().resolve("test_data.csv"));
        assertThat(elo.countIn(val)).isEqualTo(2);
        assertThat(elo.countIn(test)).isEqualTo(4);
        for (List<GoldPassage> split : List.of(val, test)) {
            for (GoldPassage p : elo.without(split)) {
                for (String text : elo.texts()) {
                    assertThat(shares8Words(EloPassages.key(p.text()), EloPassages.key(text))).as(p.text())
                            .isFalse();
                }
            }
        }
    }

    @Test
    void matchingIgnoresCaseAccentsAndPunctuationButNotOtherText() {
        EloPassages elo = new EloPassages(List.of("Low levels of rainfall increase the risk faced by pastoralists "
                + "in Mali."));
        assertThat(elo.contains("low levels of rainfall increase the risk faced by pastoralists in Malí")).isTrue();
        assertThat(elo.contains("Low levels of rainfall increase the risk")).isTrue();
        assertThat(elo.contains("High prices of fuel increase the cost of transport in Mali.")).isFalse();
        assertThat(elo.contains("Mali")).isFalse();
    }

    private static boolean shares8Words(String a, String b) {
        String[] w = a.split(" ");
        for (int i = 0; i + 8 <= w.length; i++) {
            if (b.contains(String.join(" ", java.util.Arrays.copyOfRange(w, i, i + 8)))) {
                return true;
            }
        }
        return false;
    }
}
