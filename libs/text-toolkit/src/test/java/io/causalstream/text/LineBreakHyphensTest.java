package io.causalstream.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LineBreakHyphensTest {

    @Test
    void aWordBrokenAtALineEndIsOneWordAgain() {
        LineBreakHyphens.Repaired r = LineBreakHyphens.repair(
                "Heavy rain- fall flooded the vil- lages, and the harvest fail- ures raised grain prices.");

        assertThat(r.text()).isEqualTo("Heavy rainfall flooded the villages, and the harvest failures raised grain "
                + "prices.");
        assertThat(r.changed()).isTrue();
    }

    @Test
    void aSyllableBreakWhoseWholeWordWordNetLacksIsJoinedToo() {
        // WordNet 3.0 lacks "peacebuilding", and "peacebuild" is no word: a break inside one word
        assertThat(WordNet.isWord("peacebuilding")).isFalse();
        assertThat(LineBreakHyphens.repair("local peacebuild- ing efforts").text())
                .isEqualTo("local peacebuilding efforts");
    }

    @Test
    void aCompoundBrokenAtItsHyphenKeepsTheHyphen() {
        assertThat(LineBreakHyphens.repair("flood- prone districts and war- torn towns").text())
                .isEqualTo("flood-prone districts and war-torn towns");
    }

    @Test
    void aSuspendedHyphenAndAnUpperCaseWordAreLeftAsWritten() {
        String text = "pre- and post-harvest losses; short- to medium-term aid; the Anglo- Saxon farms";

        assertThat(LineBreakHyphens.repair(text).text()).isEqualTo(text);
        assertThat(LineBreakHyphens.repair(text).changed()).isFalse();
    }

    @Test
    void aBreakAtARealLineEndIsRepairedButABlankLineIsAParagraph() {
        assertThat(LineBreakHyphens.repair("the irri-\ngation canals").text()).isEqualTo("the irrigation canals");
        assertThat(LineBreakHyphens.repair("a list-\n\nnext").text()).isEqualTo("a list-\n\nnext");
    }

    @Test
    void offsetsPointBackIntoTheTextAsGiven() {
        String text = "Drought cut live- stock herds, so pas- toralists moved.";
        LineBreakHyphens.Repaired r = LineBreakHyphens.repair(text);
        String repaired = r.text();

        for (int i = 0; i < repaired.length(); i++) {
            assertThat(text.charAt(r.original()[i])).isEqualTo(repaired.charAt(i));
        }
        int start = repaired.indexOf("livestock herds");
        int end = start + "livestock herds".length();
        assertThat(text.substring(r.originalStart(start), r.originalEnd(end))).isEqualTo("live- stock herds");
        assertThat(r.repaired(text.indexOf("pas-"))).isEqualTo(repaired.indexOf("pastoralists"));
        assertThat(r.repaired(text.indexOf("moved"))).isEqualTo(repaired.indexOf("moved"));
        assertThat(r.repaired(text.length())).isEqualTo(repaired.length());
    }

    @Test
    void textWithoutABreakComesBackAsItIs() {
        String text = "Higher tariffs raised well-known import prices - and cut demand.";
        LineBreakHyphens.Repaired r = LineBreakHyphens.repair(text);

        assertThat(r.text()).isSameAs(text);
        assertThat(r.originalEnd(text.length())).isEqualTo(text.length());
        assertThat(r.repaired(10)).isEqualTo(10);
    }
}
