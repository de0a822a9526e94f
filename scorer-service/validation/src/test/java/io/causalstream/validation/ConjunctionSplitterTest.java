package io.causalstream.validation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Guideline 7: split at "and" when the concepts are distinct. */
class ConjunctionSplitterTest {

    @Test
    void distributesASharedHeadOverModifiers() {
        assertThat(ConjunctionSplitter.split("ecological and social compensation measures"))
                .containsExactly("ecological compensation measures", "social compensation measures");
        assertThat(ConjunctionSplitter.split("economic, political and cultural ties"))
                .containsExactly("economic ties", "political ties", "cultural ties");
    }

    @Test
    void splitsPlainConjunctionsOfConcepts() {
        assertThat(ConjunctionSplitter.split("poverty and social exclusion"))
                .containsExactly("poverty", "social exclusion");
        assertThat(ConjunctionSplitter.split("floods & droughts")).containsExactly("floods", "droughts");
    }

    @Test
    void leavesFixedPairsRelationsAndSingleConceptsAlone() {
        assertThat(ConjunctionSplitter.split("research and development spending"))
                .containsExactly("research and development spending");
        assertThat(ConjunctionSplitter.split("the gap between rich and poor"))
                .containsExactly("the gap between rich and poor");
        assertThat(ConjunctionSplitter.split("income inequality")).containsExactly("income inequality");
        assertThat(ConjunctionSplitter.split("the and")).containsExactly("the and");
    }
}
