package io.causalstream.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Test resources (copies of released files, see src/test/resources/README.md) as paths, lines or JSON. */
public final class TestResources {

    public static Path path(String resource) {
        URL url = TestResources.class.getResource(resource.startsWith("/") ? resource : "/" + resource);
        if (url == null) {
            throw new IllegalArgumentException("no test resource " + resource);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    public static List<String> lines(String resource) {
        try {
            return Files.readAllLines(path(resource), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The published test vectors ({@code vectors/test_vectors.json}). */
    public static JsonNode vectors() {
        try {
            return new ObjectMapper().readTree(path("vectors/test_vectors.json").toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private TestResources() {
    }
}
