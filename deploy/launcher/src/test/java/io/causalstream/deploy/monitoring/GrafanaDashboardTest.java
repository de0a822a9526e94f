package io.causalstream.deploy.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The Grafana dashboard is valid JSON with well-formed panels, and has the pipeline panels of the product's own
 * dashboard. That each query's metrics exist is checked against the running services in {@link GrafanaDashboardIT}.
 */
class GrafanaDashboardTest {

    @Test
    void panelsAreWellFormedAndCoverThePipeline() throws Exception {
        JsonNode d = GrafanaDashboard.read();
        assertThat(d.path("title").asText()).isNotBlank();
        Set<Integer> ids = new HashSet<>();
        List<String> titles = new ArrayList<>();
        List<int[]> boxes = new ArrayList<>();
        for (JsonNode p : d.path("panels")) {
            assertThat(ids.add(p.path("id").asInt())).as("unique panel id " + p.path("id")).isTrue();
            titles.add(p.path("title").asText());
            assertThat(p.path("targets").size()).as(p.path("title").asText()).isPositive();
            for (JsonNode t : p.path("targets")) {
                assertThat(t.path("expr").asText()).as(p.path("title").asText()).isNotBlank();
                assertThat(t.path("refId").asText()).isNotBlank();
            }
            JsonNode g = p.path("gridPos");
            int[] box = {g.path("x").asInt(), g.path("y").asInt(), g.path("w").asInt(), g.path("h").asInt()};
            assertThat(box[0] + box[2]).as("panel inside the 24-column grid: " + titles.getLast()).isLessThanOrEqualTo(24);
            for (int[] other : boxes) {
                boolean overlap = box[0] < other[0] + other[2] && other[0] < box[0] + box[2]
                        && box[1] < other[1] + other[3] && other[1] < box[1] + box[3];
                assertThat(overlap).as("panel " + titles.getLast() + " overlaps another").isFalse();
            }
            boxes.add(box);
        }
        // the same figures as the Elo service's dashboard
        assertThat(titles).anyMatch(t -> t.startsWith("Passages"))
                .anyMatch(t -> t.startsWith("Extraction latency percentiles"))
                .anyMatch(t -> t.startsWith("Dead letters per topic"))
                .anyMatch(t -> t.startsWith("Validated share"))
                .anyMatch(t -> t.startsWith("Scoring lag"));
    }

    @Test
    void metricNamesAreReadOffPromql() {
        assertThat(GrafanaDashboard.metricNames(
                "histogram_quantile(0.99, sum by (le) (rate(extractor_extraction_latency_seconds_bucket{service=\"x\"}[5m])))"))
                .containsExactly("extractor_extraction_latency_seconds_bucket");
        assertThat(GrafanaDashboard.metricNames("sum(a_total{state=\"VALIDATED\"}) / clamp_min(sum(b_total), 1) "
                + "or label_replace(max by (service, topic) (c_max), \"topic\", \"passages\", \"\", \"\")"))
                .containsExactly("a_total", "b_total", "c_max");
        assertThat(GrafanaDashboard.metricNames("1e3 * x_seconds + 0.5")).containsExactly("x_seconds");
        assertThat(GrafanaDashboard.selectors("sum(rate(a_total{state=\"VALIDATED\", service=~\"s.*\"}[5m])) / b{le!=\"1\"}"))
                .containsExactly(new GrafanaDashboard.Selector("a_total", java.util.Set.of("service", "state"),
                                java.util.Map.of("state", "VALIDATED")),
                        new GrafanaDashboard.Selector("b", java.util.Set.of("le"), java.util.Map.of()));
    }
}
