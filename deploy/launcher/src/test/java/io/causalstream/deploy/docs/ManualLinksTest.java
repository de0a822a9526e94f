package io.causalstream.deploy.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** No dead relative link (nor anchor) in README.md or docs/; every docs page reachable from the entrance. */
class ManualLinksTest {

    @Test
    void noRelativeLinkOfTheReadmeOrTheManualIsDead() {
        Path root = RepositoryFiles.root();
        assertThat(ManualLinks.dead(root, RepositoryFiles.manual(root))).isEmpty();
    }

    @Test
    void everyPageOfTheManualIsLinkedFromTheReadmeOrTheIndex() {
        Path root = RepositoryFiles.root();
        String entrance = RepositoryFiles.read(root.resolve("README.md"));
        String index = RepositoryFiles.read(root.resolve("docs/README.md"));
        for (Path page : RepositoryFiles.manual(root)) {
            String fromRoot = root.relativize(page).toString().replace('\\', '/');
            String fromDocs = root.resolve("docs").relativize(page).toString().replace('\\', '/');
            if (fromRoot.equals("README.md") || fromRoot.equals("docs/README.md")) {
                continue;
            }
            assertThat(entrance.contains("(" + fromRoot) || index.contains("(" + fromDocs))
                    .as(fromRoot + " linked from README.md or docs/README.md").isTrue();
        }
    }

    @Test
    void aDeadFileOrAnchorIsFound(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("docs"));
        Files.writeString(dir.resolve("docs/page.md"), "# A page\n\n## Two words\n");
        Files.writeString(dir.resolve("README.md"), String.join("\n",
                "[fine](docs/page.md) [fine anchor](docs/page.md#two-words) [web](https://example.org/x)",
                "[gone](docs/missing.md) [bad anchor](docs/page.md#three-words) ![img](docs/none.svg)",
                "`[in code](docs/not-a-link.md)`", "```", "[in a block](docs/nor-this.md)", "```", ""));
        assertThat(ManualLinks.dead(dir, List.of(dir.resolve("README.md"))))
                .containsExactly("README.md: docs/missing.md (no such file)",
                        "README.md: docs/page.md#three-words (no heading #three-words in page.md)",
                        "README.md: docs/none.svg (no such file)");
    }

    @Test
    void anchorsAreGitHubs() {
        assertThat(ManualLinks.anchors("# Dead letters: what is invalid\n## The `model` backend (default)\n"
                + "## Figures\n## Figures\n"))
                .containsExactlyInAnyOrder("dead-letters-what-is-invalid", "the-model-backend-default", "figures",
                        "figures-1");
    }
}
