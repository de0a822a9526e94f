package io.causalstream.text.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One test per quirk the four hand-written readers this one replaced each handled. */
class CsvTest {

    @Test
    void quotedFieldsHoldCommasDoubledQuotesAndLineBreaks() {
        Csv.Table t = Csv.table("\uFEFFid,text,n\r\n1,\"a, \"\"b\"\"\nc\",2\r\n2,plain,\n");
        assertThat(t.header()).containsExactly("id", "text", "n");
        assertThat(t.rows()).containsExactly(List.of("1", "a, \"b\"\nc", "2"), List.of("2", "plain", ""));
        assertThat(t.column("text")).isEqualTo(1);
        assertThatThrownBy(() -> t.column("missing")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void byteOrderMarkIsDroppedOnlyAtTheStart() {
        assertThat(Csv.parse("\uFEFFa,b\n1,2")).containsExactly(List.of("a", "b"), List.of("1", "2"));
        assertThat(Csv.parse("a\n\uFEFFx\n")).containsExactly(List.of("a"), List.of("\uFEFFx"));
    }

    @Test
    void lineEndsMayBeLfCrLfOrCrAndTheLastMayBeMissing() {
        assertThat(Csv.parse("a\r\nb\rc\nd")).containsExactly(List.of("a"), List.of("b"), List.of("c"), List.of("d"));
    }

    @Test
    void blankLinesAreSkipped() {
        assertThat(Csv.parse("a,b\n\n1,2\r\n\r\n\n3,4\n\n")).containsExactly(List.of("a", "b"), List.of("1", "2"),
                List.of("3", "4"));
    }

    @Test
    void trailingEmptyColumnsAreCellsAndMissingOnesArePaddedInMaps() {
        Csv.Table t = Csv.table("a,b,c\n1,,\n2\n3,4,5,6\n");
        assertThat(t.rows().get(0)).containsExactly("1", "", "");
        assertThat(t.rows().get(1)).containsExactly("2");
        assertThat(t.maps().get(1)).containsExactly(Map.entry("a", "2"), Map.entry("b", ""), Map.entry("c", ""));
        assertThat(t.maps().get(2)).as("cells beyond the header are dropped").hasSize(3).containsEntry("c", "5");
    }

    @Test
    void duplicatedHeaderNamesKeepTheFirstColumnAndNamesAreStripped() {
        Csv.Table t = Csv.table(" text ,id,text\nfirst,1,second\n");
        assertThat(t.header()).as("the header itself is raw").containsExactly(" text ", "id", "text");
        assertThat(t.maps().getFirst()).containsExactly(Map.entry("text", "first"), Map.entry("id", "1"));
    }

    @Test
    void pandasMissingValuesAreRecognised() {
        for (String na : List.of("", "nan", "NaN", "NA", "None", "null", "N/A", "<NA>")) {
            assertThat(Csv.missing(na)).as(na).isTrue();
        }
        assertThat(Csv.missing(null)).isTrue();
        assertThat(Csv.missing("0")).isFalse();
        assertThat(Csv.missing(" nan")).as("not stripped first, like pandas").isFalse();
        assertThat(Csv.table("a,b\nnan,x\n").rows().getFirst()).as("the reader itself keeps the text")
                .containsExactly("nan", "x");
    }

    @Test
    void quotesInsideAnUnquotedFieldAreLiteralAndTextAfterAClosingQuoteIsKept() {
        assertThat(Csv.parse("5 \"in\" tall,\"a\"b,c\n")).containsExactly(List.of("5 \"in\" tall", "ab", "c"));
    }

    @Test
    void anUnterminatedQuoteRunsToTheEnd() {
        assertThat(Csv.parse("a,\"b\nc")).containsExactly(List.of("a", "b\nc"));
    }

    @Test
    void emptyInputHasNoRecords() {
        assertThat(Csv.parse("")).isEmpty();
        assertThat(Csv.parse("\uFEFF")).isEmpty();
        assertThat(Csv.table("").header()).isEmpty();
        assertThat(Csv.maps(new StringReader("a,b\n"))).isEmpty();
    }
}
