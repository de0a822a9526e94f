package io.causalstream.deploy.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * A logback rule that names a class matches nothing once the class moves (Apicurio 3 moved {@code ERCache} to
 * {@code ...resolver.cache}; the rule silencing it named the 2.x class and silenced nothing): every logger named
 * after a class, in every logback configuration of the repository, names a class on this class path (the
 * launcher's, which holds every service and library).
 */
class LoggerNamesTest {

    @Test
    void everyLoggerNamedAfterAClassNamesAClassThatExists() throws Exception {
        List<String> missing = new ArrayList<>();
        List<String> checked = new ArrayList<>();
        for (Path file : logbackFiles(RepositoryFiles.root())) {
            NodeList loggers = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile())
                    .getElementsByTagName("logger");
            for (int i = 0; i < loggers.getLength(); i++) {
                String name = ((Element) loggers.item(i)).getAttribute("name");
                if (!namesAClass(name)) {
                    continue;
                }
                checked.add(name);
                try {
                    Class.forName(name, false, getClass().getClassLoader());
                } catch (ClassNotFoundException e) {
                    missing.add(RepositoryFiles.root().relativize(file) + ": " + name);
                }
            }
        }
        assertThat(checked).contains("io.apicurio.registry.resolver.cache.ERCache");
        assertThat(missing).isEmpty();
    }

    @Test
    void aLoggerNamingAClassThatIsNotThereIsFound() {
        assertThat(namesAClass("io.apicurio.registry.resolver.ERCache")).isTrue();
        assertThat(namesAClass("org.apache.kafka")).isFalse();
        assertThat(exists("io.apicurio.registry.resolver.ERCache")).isFalse();
        assertThat(exists("io.apicurio.registry.resolver.cache.ERCache")).isTrue();
    }

    /** A logger name whose last part starts with a capital is a class's; others are packages. */
    private static boolean namesAClass(String name) {
        String last = name.substring(name.lastIndexOf('.') + 1);
        return !last.isEmpty() && Character.isUpperCase(last.charAt(0));
    }

    private boolean exists(String name) {
        try {
            Class.forName(name, false, getClass().getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    private static List<Path> logbackFiles(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.getFileName().toString().matches("logback.*\\.xml"))
                    .filter(p -> p.toString().contains("/src/"))
                    .filter(p -> !p.toString().contains("/target/") && !p.toString().contains("/.git/"))
                    .sorted().toList();
        }
    }
}
