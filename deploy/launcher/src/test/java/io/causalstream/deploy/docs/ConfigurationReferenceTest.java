package io.causalstream.deploy.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.elo.app.EloSettings;
import io.causalstream.extractor.app.ExtractorSettings;
import io.causalstream.extractor.backend.choice.ExtractorBackends;
import io.causalstream.runtime.Config;
import io.causalstream.scorer.app.ScorerSettings;
import io.causalstream.scorer.app.ScoringSettings;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/configuration.md lists exactly the keys the three services read: the keys come from the settings
 * classes themselves, each built from a {@link Config#tracing tracing config} that records every key looked up,
 * once with nothing set and once with every optional part switched on (each extractor backend, the LLM verifier),
 * so that keys read only when another is set are seen too.
 */
class ConfigurationReferenceTest {

    /** A row of a reference table: {@code | `key` | `ENV` | ...}. */
    private static final Pattern ROW = Pattern.compile("^\\| `([a-z0-9.*-]+)` \\| `([A-Z0-9_*]+)` \\|",
            Pattern.MULTILINE);

    @TempDir
    Path tmp;

    @Test
    void theReferenceListsExactlyTheKeysTheServicesRead() {
        Map<String, String> documented = documented(RepositoryFiles.read(
                RepositoryFiles.root().resolve("docs/configuration.md")));
        Set<String> read = keysRead(tmp);

        assertThat(documented.keySet()).as("keys in docs/configuration.md")
                .containsExactlyInAnyOrderElementsOf(read);
        documented.forEach((key, env) -> assertThat(env).as("environment variable of " + key)
                .isEqualTo(Config.envName(key)));
    }

    @Test
    void aKeyTheCodeReadsButTheReferenceLacksFails() {
        String page = RepositoryFiles.read(RepositoryFiles.root().resolve("docs/configuration.md"));
        String withoutOne = page.replaceFirst("(?m)^\\| `elo\\.k` \\|.*\\n", "");
        assertThat(withoutOne).isNotEqualTo(page);
        assertThat(documented(withoutOne).keySet()).doesNotContain("elo.k");
        assertThat(keysRead(tmp)).contains("elo.k");
        String withAStrangeKey = page + "\n| `elo.no.such.key` | `ELO_NO_SUCH_KEY` | | |\n";
        assertThat(documented(withAStrangeKey).keySet()).contains("elo.no.such.key")
                .isNotEqualTo(keysRead(tmp));
    }

    /** key → environment variable of every reference row of {@code page}. */
    static Map<String, String> documented(String page) {
        Map<String, String> keys = new LinkedHashMap<>();
        Matcher m = ROW.matcher(page);
        while (m.find()) {
            String earlier = keys.put(m.group(1), m.group(2));
            assertThat(earlier).as("key " + m.group(1) + " listed twice").isNull();
        }
        return keys;
    }

    /** Every key the services' settings read, under every switch that makes them read more. */
    static Set<String> keysRead(Path tmp) {
        Set<String> keys = new TreeSet<>();
        Map<String, String> none = Map.of();
        for (String backend : ExtractorBackends.names()) {
            Map<String, String> values = new HashMap<>();
            values.put("extractor.backend", backend);
            values.put("extractor.openai.base.url", "http://localhost:8000/v1");
            values.put("extractor.openai.model", "a-model");
            values.put("extractor.djl.model.dir", tmp.toString());
            ExtractorSettings.from(Config.tracing(values, keys::add));
        }
        for (Map<String, String> values : java.util.List.of(none, Map.of(
                "validation.verifier.base.url", "http://localhost:8000/v1", "validation.verifier.model", "m"))) {
            ScorerSettings.from(Config.tracing(values, keys::add));
            io.causalstream.scorer.curation.CurationSettings.from(Config.tracing(values, keys::add));
            ScoringSettings.from(Config.tracing(values, keys::add));
            EloSettings.from(Config.tracing(values, keys::add));
        }
        return keys;
    }
}
