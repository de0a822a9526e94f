package io.causalstream.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How LocalLauncherIT compares the pages' demo output with what the command prints on this CPU. */
class DemoOutputLinesTest {

    private static final String ROW =
            "elo-09   Human3       1071.4        45 Human3 (same)                        0.167/0.167        0/24";
    private static final String SUMMARY = "extractor-v4 against the tournament winners: mean METEOR soft F1 0.095 "
            + "over 20 passages, 65 edges (the scorer's thresholds)";

    @Test
    void theExtractorsFiguresMayMoveByAnEdgeOrTwo() {
        assertThat(LocalLauncherIT.shows(SUMMARY, SUMMARY)).isTrue();
        assertThat(LocalLauncherIT.shows(SUMMARY, SUMMARY.replace("65 edges", "64 edges"))).isTrue();
        assertThat(LocalLauncherIT.shows(ROW, ROW.replace("0/24", "1/25"))).isTrue();
        assertThat(LocalLauncherIT.shows(ROW, ROW.replace("0.167/0.167", "0.143/0.167"))).isTrue();
    }

    @Test
    void anythingElseMustBeEqual() {
        assertThat(LocalLauncherIT.shows(SUMMARY, SUMMARY.replace("65 edges", "40 edges"))).isFalse();
        assertThat(LocalLauncherIT.shows(SUMMARY, SUMMARY.replace("0.095", "0.195"))).isFalse();
        assertThat(LocalLauncherIT.shows(SUMMARY, SUMMARY.replace("edges (", "triples ("))).isFalse();
        assertThat(LocalLauncherIT.shows(ROW, ROW.replace("0/24", "9/24"))).isFalse();
        assertThat(LocalLauncherIT.shows(ROW, ROW.replace("0.167/0.167", "0.500/0.167"))).isFalse();
        // the Elo columns are the tournament's, the same on every CPU
        assertThat(LocalLauncherIT.shows(ROW, ROW.replace("1071.4", "1071.5"))).isFalse();
        assertThat(LocalLauncherIT.shows(ROW, ROW.replace("Human3 (same)", "Human4 (same)"))).isFalse();
        assertThat(LocalLauncherIT.shows("leaders equal to the paper's published winners: 20 of 20",
                "leaders equal to the paper's published winners: 19 of 20")).isFalse();
    }
}
