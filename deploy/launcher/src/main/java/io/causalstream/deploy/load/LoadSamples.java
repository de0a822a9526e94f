package io.causalstream.deploy.load;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;

/** Lag every 5 s from the load's start on, and the highest heap and RocksDB memory seen. */
final class LoadSamples {

    private final LoadChildren children;
    final long start = System.nanoTime();
    final Map<Integer, Map<String, Long>> lagOverTime = new TreeMap<>();
    final Map<String, Double> heapMax = new LinkedHashMap<>();
    final Map<String, Double> rocksMax = new LinkedHashMap<>();
    private long next = start;

    LoadSamples(LoadChildren children) {
        this.children = children;
    }

    void lagIfDue(Admin admin, List<String> groups, boolean withMemory) {
        long now = System.nanoTime();
        if (now >= next) {
            lag(admin, groups, now);
            if (withMemory) {
                children.memory(heapMax, rocksMax);
            }
            next += TimeUnit.SECONDS.toNanos(5);
        }
    }

    void lag(Admin admin, List<String> groups, long now) {
        lagOverTime.put((int) Math.round((now - start) / 1e9), ConsumerLag.behind(admin, groups));
    }
}
