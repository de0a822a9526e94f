package io.causalstream.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class KeyReaderTest {

    enum Mode { SINGLE, STAGED }

    enum Three { RED, GREEN, BLUE }

    private final KeyReader keys = KeyReader.of(Map.of("port", " 8080 ", "ratio", "0.25", "on", "TRUE",
            "off", "false", "blank", "  ", "wait.ms", "1500", "mode", "Staged", "list", " a, b ,,c ",
            "word", "soon", "flag", "yes"));

    @Test
    void valuesAreTrimmedAndABlankOneIsUnset() {
        assertThat(keys.find("port")).contains("8080");
        assertThat(keys.find("blank")).isEmpty();
        assertThat(keys.find("missing")).isEmpty();
        assertThat(keys.get("blank", "default")).isEqualTo("default");
    }

    @Test
    void typedValuesOrTheirDefaults() {
        assertThat(keys.getInt("port", 1)).isEqualTo(8080);
        assertThat(keys.getLong("port", 1)).isEqualTo(8080L);
        assertThat(keys.getDouble("ratio", 1)).isEqualTo(0.25);
        assertThat(keys.getBoolean("on", false)).isTrue();
        assertThat(keys.getBoolean("off", true)).isFalse();
        assertThat(keys.millis("wait.ms", 1)).isEqualTo(Duration.ofMillis(1500));
        assertThat(keys.getEnum("mode", Mode.class, Mode.SINGLE)).isEqualTo(Mode.STAGED);
        assertThat(keys.getList("list", "")).containsExactly("a", "b", "c");
        assertThat(keys.find("ratio", Float::parseFloat)).contains(0.25f);

        assertThat(keys.getInt("missing", 7)).isEqualTo(7);
        assertThat(keys.getBoolean("blank", true)).isTrue();
        assertThat(keys.millis("missing", 20)).isEqualTo(Duration.ofMillis(20));
        assertThat(keys.getEnum("missing", Mode.class, Mode.SINGLE)).isEqualTo(Mode.SINGLE);
        assertThat(keys.getList("missing", "x,y")).containsExactly("x", "y");
    }

    @Test
    void aValueThatDoesNotParseFailsNamingTheKeyAndItsEnvironmentVariable() {
        assertThatThrownBy(() -> keys.getInt("word", 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("config word (WORD) must be a number, got 'soon'");
        assertThatThrownBy(() -> keys.millis("word", 1))
                .hasMessage("config word (WORD) must be a number, got 'soon'");
        assertThatThrownBy(() -> KeyReader.of(Map.of("a.b-c", "x")).getDouble("a.b-c", 1))
                .hasMessage("config a.b-c (A_B_C) must be a number, got 'x'");
        assertThatThrownBy(() -> keys.getBoolean("flag", false))
                .hasMessage("config flag (FLAG) must be true or false, got 'yes'");
    }

    @Test
    void anEnumValueOutsideItsConstantsFailsListingThem() {
        assertThatThrownBy(() -> keys.getEnum("word", Mode.class, Mode.SINGLE))
                .hasMessage("word must be single or staged, got 'soon'");
        assertThatThrownBy(() -> keys.getEnum("word", Three.class, Three.RED))
                .hasMessage("word must be red, green or blue, got 'soon'");
    }

    @Test
    void aRequiredKeyThatIsUnsetFailsNamingIt() {
        assertThat(keys.require("port")).isEqualTo("8080");
        assertThatThrownBy(() -> keys.require("http.host"))
                .hasMessage("config http.host (HTTP_HOST) must be set");
        assertThatThrownBy(() -> keys.require("blank")).hasMessage("config blank (BLANK) must be set");
    }

    @Test
    void propertiesAndLookupsAreReadAlike() {
        Properties file = new Properties();
        file.setProperty("port", "9");
        assertThat(KeyReader.of(file).getInt("port", 1)).isEqualTo(9);
        assertThat(KeyReader.of(key -> key.equals("port") ? "10" : null).getInt("port", 1)).isEqualTo(10);
        assertThat(KeyReader.envName("kafka.bootstrap.servers")).isEqualTo("KAFKA_BOOTSTRAP_SERVERS");
    }
}
