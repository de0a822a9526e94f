package io.causalstream.deploy.load;

import java.util.Map;

/** What the load window produced: records out, its length, and the counters and CPU before and after it. */
record LoadWindow(long passagesOut, long judgmentsOut, double seconds, long scored, long ratings,
                  Map<String, Double> metricsBefore, Map<String, Double> metricsAfter,
                  long passThroughRecords, Map<String, Double> cpuBefore, Map<String, Double> cpuAfter) {

    double extracted() {
        return metricsAfter.getOrDefault("extracted", 0.0) - metricsBefore.getOrDefault("extracted", 0.0);
    }

    double judged() {
        return metricsAfter.getOrDefault("judgments", 0.0) - metricsBefore.getOrDefault("judgments", 0.0);
    }
}
