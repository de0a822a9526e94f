package io.causalstream.research.alignment;

import io.causalstream.alignment.EmpiriGraphSample;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import picocli.CommandLine;
import org.junit.jupiter.api.Test;

class AlignmentCliTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = new CommandLine(new AlignmentCli());
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }

    private static String gold() {
        return EmpiriGraphSample.resource("gold_annotation.json").toString();
    }

    @Test
    void csvOutputHasTheReferenceColumnsAndProvenRows() {
        int code = run("--gold", gold(), "--pred",
                EmpiriGraphSample.resource("pipeline/gpt54_gpt52_210.csv").toString(), "--format", "csv");
        assertThat(code).isZero();
        List<String> lines = out.toString().lines().toList();
        assertThat(lines).hasSize(11);
        assertThat(lines.get(0)).startsWith("edge_matched,edge_p,edge_r,edge_f1,timed_out,hierarchy_matched,")
                .endsWith(",article_id,gt_n_edges,pred_n_edges,strategy,any_timeout,view,proven_optimal");
        String article100 = lines.stream().filter(l -> l.contains(",100,24,17,")).findFirst().orElseThrow();
        assertThat(article100).startsWith("16,0.9411764705882353,0.6666666666666666,0.7804878048780487,False,")
                .endsWith(",100,24,17,degree_desc,False,A_typed,True");
    }

    @Test
    void tableWithAllViewsEndsWithSummaries() {
        int code = run("--gold", gold(), "--pred", EmpiriGraphSample.resource("pipeline/gpt54_165.csv").toString(),
                "--view", "all", "--articles", "100,112");
        assertThat(code).isZero();
        String text = out.toString();
        assertThat(text.lines().filter(l -> l.startsWith("A_typed ")).count()).isEqualTo(3); // 2 rows + summary
        assertThat(text).contains("A_typed           articles=2 proven=2/2")
                .contains("validated_only    articles=2 proven=2/2")
                .contains("D_higher_agnostic articles=2");
    }

    @Test
    void coderSheetsCanBeCompared() {
        int code = run("--gold", EmpiriGraphSample.resource("coder_A.csv").toString(), "--pred",
                EmpiriGraphSample.resource("coder_B.csv").toString(), "--format", "csv");
        assertThat(code).isZero();
        assertThat(out.toString()).contains(",100,14,24,degree_desc,False,A_typed,True");
    }

    @Test
    void unusableInputExitsWithTwo() {
        assertThat(run("--gold", "/no/such/file.json", "--pred", gold())).isEqualTo(2);
        assertThat(err.toString()).contains("no such file");
        assertThat(run("--gold", gold(), "--pred", gold(), "--view", "sideways")).isEqualTo(2);
        assertThat(err.toString()).contains("unknown view 'sideways'");
        assertThat(run("--gold", gold())).isEqualTo(2); // picocli: missing --pred
    }
}
