package io.causalstream.deploy.local;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Where the launcher finds what Maven resolved for it: next to {@code causal-stream-local.jar} are {@code lib/}
 * (its classpath, the broker's jars included) and {@code registry/} (the Apicurio Registry distribution).
 * Run from an IDE or a test, the current classpath and the {@code apicurio.registry.archive} property serve instead.
 */
public final class LocalLayout {

    private LocalLayout() {
    }

    /** The classpath for the broker child JVM. */
    public static String brokerClasspath() {
        Path jar = launcherJar();
        if (jar != null && Files.isDirectory(jar.resolveSibling("lib"))) {
            return jar.toString() + File.pathSeparator + jar.resolveSibling("lib").resolve("*");
        }
        return System.getProperty("java.class.path");
    }

    public static Path registryArchive() {
        String property = System.getProperty("apicurio.registry.archive");
        if (property != null && !property.startsWith("${")) {
            return Path.of(property);
        }
        Path jar = launcherJar();
        Path dir = jar == null ? null : jar.resolveSibling("registry");
        if (dir != null && Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.list(dir)) {
                return files.filter(f -> f.getFileName().toString().endsWith(".tar.gz")).findFirst()
                        .orElseThrow(() -> new IllegalStateException("no registry distribution in " + dir));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw new IllegalStateException("cannot find the Apicurio Registry distribution: build with "
                + "`mvn -DskipTests install` (it lands in deploy/target/registry/) or set -Dapicurio.registry.archive");
    }

    private static Path launcherJar() {
        try {
            var source = LocalLayout.class.getProtectionDomain().getCodeSource();
            if (source == null) {
                return null;
            }
            Path p = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(p) ? p : null;
        } catch (URISyntaxException e) {
            return null;
        }
    }
}
