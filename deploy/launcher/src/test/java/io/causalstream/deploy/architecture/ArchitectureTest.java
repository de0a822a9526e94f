package io.causalstream.deploy.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.causalstream.measures.archfixture.MeasureThatReadsKafka;
import io.causalstream.scorer.archfixture.ScorerThatUsesTheEloService;
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
                        "io.causalstream.extractor.pipeline", "io.causalstream.text", "io.causalstream.fcm.aggregate");
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
