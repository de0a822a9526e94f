package io.causalstream.deploy.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The module graph docs/architecture.md draws is the one the poms declare: same modules, same arrows. */
class ModuleGraphTest {

    @Test
    void thePictureInArchitectureMdEqualsThePoms() {
        Path root = RepositoryFiles.root();
        ModuleGraph drawn = ModuleGraph.drawn(RepositoryFiles.read(root.resolve("docs/architecture.md")));
        ModuleGraph declared = ModuleGraph.declared(root);
        assertThat(declared.modules()).contains("schemas", "libs/serde", "elo-service/tournament",
                "research/studies", "deploy/launcher");
        assertThat(drawn.modules()).as("modules").containsExactlyElementsOf(declared.modules());
        assertThat(drawn.arrows()).as("arrows").containsExactlyElementsOf(declared.arrows());
    }

    @Test
    void aMissingArrowIsSeenAndATestDependencyIsNoArrow(@TempDir Path root) throws Exception {
        Files.writeString(root.resolve("pom.xml"), "<project><artifactId>p</artifactId>"
                + "<modules><module>a</module><module>libs/b</module></modules></project>");
        Files.createDirectories(root.resolve("a"));
        Files.writeString(root.resolve("a/pom.xml"), "<project><artifactId>x-a</artifactId><dependencies>"
                + "<dependency><groupId>io.causalstream</groupId><artifactId>x-b</artifactId></dependency>"
                + "<dependency><groupId>io.causalstream</groupId><artifactId>x-c</artifactId>"
                + "<scope>test</scope></dependency>"
                + "<dependency><groupId>org.other</groupId><artifactId>y</artifactId></dependency>"
                + "</dependencies></project>");
        Files.createDirectories(root.resolve("libs/b"));
        Files.writeString(root.resolve("libs/b/pom.xml"), "<project><artifactId>x-b</artifactId></project>");

        ModuleGraph declared = ModuleGraph.declared(root);
        assertThat(declared.modules()).containsExactly("a", "libs/b");
        assertThat(declared.arrows()).containsExactly("a -> libs/b");

        String page = "# A\n\n## Modules\n\n```mermaid\nflowchart TD\n  a[\"a<br/>the top\"]\n  subgraph libs\n"
                + "    b[\"b\"]\n  end\n%s```\n";
        assertThat(ModuleGraph.drawn(page.formatted("")).arrows()).isEmpty();
        assertThat(ModuleGraph.drawn(page.formatted("  a --> b\n"))).isEqualTo(declared);
    }
}
