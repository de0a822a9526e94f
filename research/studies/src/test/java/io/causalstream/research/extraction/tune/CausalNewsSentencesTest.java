package io.causalstream.research.extraction.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CausalNewsSentencesTest {

    @Test
    void theCorpusTokensAreJoinedIntoOrdinarySpacing() {
        assertThat(CausalNewsSentences.detokenised("\uFEFFHe said ( in Delhi ) it 's over , 20 % .  "))
                .isEqualTo("He said (in Delhi) it's over, 20%.");
        assertThat(CausalNewsSentences.detokenised("They ca n't , [ he said ] ; rates fell !"))
                .isEqualTo("They can't, [he said]; rates fell!");
        assertThat(CausalNewsSentences.detokenised("Plain text, as written.")).isEqualTo("Plain text, as written.");
    }

    @Test
    void labelledRowsAreReadDetokenised(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("train_subtask1.csv");
        Files.writeString(csv, "index,text,label\n1,\"Rain fell , so floods rose .\",1\n2,\"  \",0\n3,"
                + "\"He spoke .\",0\n4,\"Unlabelled .\",x\n");
        assertThat(CausalNewsSentences.read(csv)).containsExactly(
                new CausalNewsSentences.Sentence("Rain fell, so floods rose.", true),
                new CausalNewsSentences.Sentence("He spoke.", false));
    }
}
