package io.causalstream.research.cesar.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.research.cesar.data.TrainingExample.Kind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The training recipe of issue 6 on small inline samples of e-CARE and delta-CAUSAL. */
class TrainingDataTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void eCareQuestionsAreOrientedByAskFor() throws IOException {
        List<TrainingExample> examples = ECare.reasoning(List.of(
                JSON.readTree("{\"premise\": \"It rains.\", \"ask-for\": \"effect\", \"hypothesis1\": \"Roads get "
                        + "wet.\", \"hypothesis2\": \"Cats sing.\", \"label\": 0}"),
                JSON.readTree("{\"premise\": \"The glass broke.\", \"ask-for\": \"cause\", \"hypothesis1\": \"It "
                        + "was polished.\", \"hypothesis2\": \"It fell.\", \"label\": 1}")));

        assertThat(examples).containsExactly(
                new TrainingExample("It rains.", "Roads get wet.", 0.7, Kind.ECARE_TRUE),
                new TrainingExample("It rains.", "Cats sing.", 0.0, Kind.ECARE_FALSE),
                new TrainingExample("It fell.", "The glass broke.", 0.7, Kind.ECARE_TRUE),
                new TrainingExample("It was polished.", "The glass broke.", 0.0, Kind.ECARE_FALSE));
    }

    @Test
    void explanationsAreConcatenatedToTheCause() throws IOException {
        List<TrainingExample> examples = ECare.explained(List.of(JSON.readTree("{\"cause\": \"It rains.\", "
                + "\"effect\": \"Roads get wet.\", \"conceptual_explanation\": \"Rain wets surfaces.\"}")));

        assertThat(examples).containsExactly(new TrainingExample("It rains. [SEP] Rain wets surfaces.",
                "Roads get wet.", 1.0, Kind.ECARE_EXPLAINED));
    }

    @Test
    void deltaCausalTrainGivesSupportersAndDefeaters(@TempDir Path dir) throws IOException {
        Path train = dir.resolve(DeltaCausal.TRAIN_FILE);
        Files.writeString(train, "ID,domain,keyword,keyword-model,cause,long_term_interval,long_term_effect,"
                + "defeater_time_interval,defeater,supporter\n"
                + "1,health,none,none,John starts running.,\"Years later,\",John is fit.,\"Weeks later,\","
                + "John breaks a leg.,John runs daily.\n");

        assertThat(DeltaCausal.trainExamples(dir, false)).containsExactly(
                new TrainingExample("John starts running. [SEP] John runs daily.", "John is fit.", 1.0,
                        Kind.DELTA_SUPPORTER),
                new TrainingExample("John starts running. [SEP] John breaks a leg.", "John is fit.", 0.2,
                        Kind.DELTA_DEFEATER));
        assertThat(DeltaCausal.trainExamples(train, true)).hasSize(3)
                .last().isEqualTo(new TrainingExample("John starts running.", "John is fit.", 0.7,
                        Kind.DELTA_BASE));
    }

    @Test
    void theTestSplitIsRefused(@TempDir Path dir) throws IOException {
        Path test = Files.writeString(dir.resolve("shuffled_test_extended.csv"), "ID\n");

        assertThatThrownBy(() -> DeltaCausal.trainExamples(test, false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("train split");
    }
}
