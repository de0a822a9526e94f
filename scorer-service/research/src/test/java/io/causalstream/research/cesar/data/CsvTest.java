package io.causalstream.research.cesar.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CsvTest {

    @Test
    void quotedFieldsWithCommasQuotesAndLineBreaks() {
        Csv csv = Csv.parse("\uFEFFid,text,n\r\n1,\"a, \"\"b\"\"\nc\",2\r\n2,plain,\n");

        assertThat(csv.header()).containsExactly("id", "text", "n");
        assertThat(csv.rows()).hasSize(2);
        assertThat(csv.rows().get(0)).containsExactly("1", "a, \"b\"\nc", "2");
        assertThat(csv.rows().get(1)).containsExactly("2", "plain", "");
        assertThat(csv.column("text")).isEqualTo(1);
        assertThatThrownBy(() -> csv.column("missing")).isInstanceOf(IllegalArgumentException.class);
    }
}
