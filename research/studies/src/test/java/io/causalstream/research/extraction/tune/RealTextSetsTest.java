package io.causalstream.research.extraction.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class RealTextSetsTest {

    private static List<String> split(String tags) {
        return Arrays.asList(tags.split(" "));
    }

    @Test
    void everyRelationOfASentenceIsTaggedInOneRow() {
        List<String> first = split("B-C I-C O B-E I-E O O O");
        List<String> second = split("O O O O O O B-C B-E");

        assertThat(RealTextSets.unionTags(List.of(first, second))).isEqualTo(split("B-C I-C O B-E I-E O B-C B-E"));
    }

    @Test
    void theFirstRelationKeepsAWordBothTagAndASpanCutByAnotherRelationBeginsAgain() {
        List<String> first = split("B-C I-C O O O");
        List<String> second = split("B-E I-E I-E I-E O");

        assertThat(RealTextSets.unionTags(List.of(first, second))).isEqualTo(split("B-C I-C B-E I-E O"));
    }

    @Test
    void adjacentSpansOfTwoRelationsStaySeparate() {
        List<String> first = split("B-S I-S O");
        List<String> second = split("O O B-S");
        List<String> third = split("O O O");

        assertThat(RealTextSets.unionTags(List.of(first, second, third))).isEqualTo(split("B-S I-S B-S"));
        assertThat(RealTextSets.unionTags(List.of(split("B-E O"), split("O I-E")))).isEqualTo(split("B-E B-E"));
    }
}
