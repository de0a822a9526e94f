package io.causalstream.serde;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TypeCheckingDeserializerTest {

    @Test
    void namesTheExpectedRecordWithItsArticle() {
        assertThat(TypeCheckingDeserializer.withArticle("Extraction")).isEqualTo("an Extraction");
        assertThat(TypeCheckingDeserializer.withArticle("Passage")).isEqualTo("a Passage");
        assertThat(TypeCheckingDeserializer.withArticle("Judgment")).isEqualTo("a Judgment");
    }
}
