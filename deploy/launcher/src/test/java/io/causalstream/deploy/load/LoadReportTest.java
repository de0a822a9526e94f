package io.causalstream.deploy.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LoadReportTest {

    @Test
    void percentilesAreNearestRank() {
        LoadReport.Latencies l = new LoadReport.Latencies();
        for (int i = 10; i >= 1; i--) {
            l.add(i * 10); // 10 .. 100 ms
        }
        assertThat(l.percentile(0.5)).isEqualTo(50.0); // rank ceil(5) = 5th of 10
        assertThat(l.percentile(0.9)).isEqualTo(90.0);
        assertThat(l.percentile(0.99)).isEqualTo(100.0); // rank ceil(9.9) = 10
        assertThat(l.percentile(0.01)).isEqualTo(10.0);
        assertThat(new LoadReport.Latencies().percentile(0.5)).isNull();
    }

    @Test
    void cpuPerRecordAndItsRatioToThePassThrough() {
        // 12 s of CPU over 3,000 records, 3 s of it the idle rate: 4 ms/record, 3 ms/record above idle
        LoadReport.Cost scorer = new LoadReport.Cost("scorer-service", 12, 3, 3000);
        // pass-through: 1.5 s for 3,000 records, 0.6 s idle: 0.5 and 0.3 ms/record
        LoadReport.Cost pass = new LoadReport.Cost("pass-through", 1.5, 0.6, 3000);
        assertThat(scorer.cpuMillisPerRecord()).isCloseTo(4.0, within(1e-12));
        assertThat(scorer.loadCpuMillisPerRecord()).isCloseTo(3.0, within(1e-12));
        assertThat(LoadReport.ratio(scorer.cpuMillisPerRecord(), pass.cpuMillisPerRecord())).isCloseTo(8.0, within(1e-9));
        assertThat(LoadReport.ratio(scorer.loadCpuMillisPerRecord(), pass.loadCpuMillisPerRecord())).isCloseTo(10.0, within(1e-9));
        assertThat(new LoadReport.Cost("idle", 1, 2, 0).cpuMillisPerRecord()).isNull();
        // busier before the load than during it: no estimate above idle
        assertThat(new LoadReport.Cost("below idle", 1, 2, 10).loadCpuMillisPerRecord()).isNull();

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        LoadReport.costs(new PrintStream(bytes, true, StandardCharsets.UTF_8), List.of(scorer), pass);
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(1).split("\\s+")).containsSubsequence("scorer-service", "3000", "12.00", "3.00",
                "4.000", "8.0", "3.000", "10.0");
        assertThat(lines.get(2)).contains("pass-through").endsWith("1.0");
    }

    @Test
    void lagTableHasAColumnPerGroupAndADashWhereAGroupWasNotRead() {
        Map<Integer, Map<String, Long>> samples = new LinkedHashMap<>();
        samples.put(0, Map.of("a", 0L));
        samples.put(5, new LinkedHashMap<>(Map.of("a", 12L, "b", 3L)));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        LoadReport.lag(new PrintStream(bytes, true, StandardCharsets.UTF_8), samples);
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().map(String::strip).toList();
        assertThat(lines.get(0).split("\\s+")).containsExactly("t", "(s)", "a", "b");
        assertThat(lines.get(1).split("\\s+")).containsExactly("0", "0", "-");
        assertThat(lines.get(2).split("\\s+")).containsExactly("5", "12", "3");
        assertThat(LoadReport.rate(100, 400, 60)).isCloseTo(5.0, within(1e-12));
    }
}
