package io.causalstream.bench;

import io.causalstream.research.harness.BenchmarkCatalog;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * Runs one of the product's benchmarks ({@link BenchmarkCatalog}) by name, with its own arguments; {@code list}
 * prints them all. Each benchmark stays beside the tests of the module it measures; this module only puts them on
 * one class path. {@code deploy/causal-stream bench NAME [ARGS]} runs it through this module's {@code bench}
 * profile:
 *
 * <pre>
 * mvn -B -q -o -Pbench -pl research/benchmarks -am verify -DskipTests -Dbench=NAME -Dbench.args="ARGS"
 * </pre>
 */
public final class Benchmarks {

    private Benchmarks() {
    }

    public static void main(String[] args) throws Exception {
        String name = args.length == 0 ? "list" : args[0];
        if (name.equals("list")) {
            System.out.println("benchmarks (deploy/causal-stream bench NAME [ARGS]):");
            BenchmarkCatalog.ALL.forEach(b -> System.out.printf("  %-20s %s%n", b.name(), b.measures()));
            return;
        }
        BenchmarkCatalog.Benchmark bench = BenchmarkCatalog.find(name).orElseThrow(() ->
                new IllegalArgumentException("no benchmark '" + name + "'; list lists them"));
        Method main = Class.forName(bench.mainClass()).getMethod("main", String[].class);
        main.invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
    }
}
