package io.causalstream.deploy.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.causalstream.measures.archfixture.MeasureThatReadsKafka;
import io.causalstream.research.archfixture.ResearchThatUsesTheLauncher;
import io.causalstream.runtime.archfixture.RuntimeThatUsesTheLauncher;
import io.causalstream.scorer.archfixture.ScorerThatUsesAResearchTool;
import io.causalstream.scorer.archfixture.ScorerThatUsesTheEloService;
import io.causalstream.validation.archfixture.ValidationThatReadsTheConfiguration;
import org.junit.jupiter.api.Test;

/**
 * The launcher sees every module, so the whole code base is checked here. The fixtures (test sources, excluded from
 * the real check) show that each rule fails when it is broken.
 */
class ArchitectureTest {

    private static final JavaClasses PRODUCT = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.causalstream");

    @Test
    void theProductIsLargeEnoughForTheCheckToMeanSomething() {
        // every module's main classes are on the launcher's test class path
        assertThat(PRODUCT.stream().map(c -> c.getPackageName()))
                .contains("io.causalstream.measures", "io.causalstream.cesar", "io.causalstream.validation",
                        "io.causalstream.scorer.topology", "io.causalstream.elo.topology",
                        "io.causalstream.extractor.pipeline", "io.causalstream.text", "io.causalstream.fcm.aggregate",
                        "io.causalstream.runtime", "io.causalstream.research.cesar", "io.causalstream.deploy",
                        "io.causalstream.serde", "io.causalstream.local", "io.causalstream.elo.tournament",
                        "io.causalstream.elo.reliability", "io.causalstream.research.study", "io.causalstream.wikicausal");
    }

    @Test
    void methodLibrariesDoNotImportKafka() {
        ArchitectureRules.METHOD_LIBRARIES_DO_NOT_USE_KAFKA.check(PRODUCT);
    }

    @Test
    void methodLibrariesNeverReadTheConfiguration() {
        ArchitectureRules.METHOD_LIBRARIES_TAKE_TYPED_SETTINGS.check(PRODUCT);
    }

    @Test
    void onlyDeployDependsOnAService() {
        ArchitectureRules.ONLY_DEPLOY_USES_A_SERVICE.check(PRODUCT);
    }

    @Test
    void librariesUseNoServiceAndNoTool() {
        ArchitectureRules.LIBRARIES_USE_NO_SERVICE_AND_NO_TOOL.check(PRODUCT);
    }

    @Test
    void servicesUseNoTool() {
        ArchitectureRules.SERVICES_USE_NO_TOOL.check(PRODUCT);
    }

    @Test
    void researchUsesNoDeploy() {
        ArchitectureRules.RESEARCH_USES_NO_DEPLOY.check(PRODUCT);
    }

    @Test
    void aMethodLibraryReadingTheConfigurationIsReported() {
        JavaClasses broken = new ClassFileImporter().importClasses(ValidationThatReadsTheConfiguration.class);
        assertThat(ArchitectureRules.METHOD_LIBRARIES_TAKE_TYPED_SETTINGS.evaluate(broken).hasViolation()).isTrue();
    }

    @Test
    void aLibraryUsingTheLauncherIsReported() {
        JavaClasses broken = new ClassFileImporter().importClasses(RuntimeThatUsesTheLauncher.class);
        assertThat(ArchitectureRules.LIBRARIES_USE_NO_SERVICE_AND_NO_TOOL.evaluate(broken).hasViolation()).isTrue();
    }

    @Test
    void aServiceUsingAResearchToolIsReported() {
        JavaClasses broken = new ClassFileImporter().importClasses(ScorerThatUsesAResearchTool.class);
        assertThat(ArchitectureRules.SERVICES_USE_NO_TOOL.evaluate(broken).hasViolation()).isTrue();
    }

    @Test
    void aResearchToolUsingTheLauncherIsReported() {
        JavaClasses broken = new ClassFileImporter().importClasses(ResearchThatUsesTheLauncher.class);
        assertThat(ArchitectureRules.RESEARCH_USES_NO_DEPLOY.evaluate(broken).hasViolation()).isTrue();
    }

    @Test
    void aMethodLibraryImportingKafkaIsReported() {
        JavaClasses broken = new ClassFileImporter().importClasses(MeasureThatReadsKafka.class);
        assertThat(ArchitectureRules.METHOD_LIBRARIES_DO_NOT_USE_KAFKA.evaluate(broken).hasViolation()).isTrue();
    }

    @Test
    void oneServiceUsingAnotherIsReported() {
        JavaClasses broken = new ClassFileImporter().importClasses(ScorerThatUsesTheEloService.class);
        assertThat(ArchitectureRules.ONLY_DEPLOY_USES_A_SERVICE.evaluate(broken).hasViolation()).isTrue();
    }
}
