package io.causalstream.local;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the java executable for child processes; the registry and the broker need Java 21 or newer. */
public final class JavaRuntime {

    public static String requireJava21() {
        if (Runtime.version().feature() < 21) {
            throw new IllegalStateException("Java " + Runtime.version().feature() + " is running, but causal-stream "
                    + "needs a JDK 21 or newer. Set JAVA_HOME to one (e.g. /usr/lib/jvm/temurin-25-jdk-amd64).");
        }
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return Files.isExecutable(java) ? java.toString() : "java";
    }

    private JavaRuntime() {
    }
}
