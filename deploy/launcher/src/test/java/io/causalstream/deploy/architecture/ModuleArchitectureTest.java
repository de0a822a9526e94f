package io.causalstream.deploy.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import io.causalstream.extractor.archfixture.backend.BackendThatUsesTheLlm;
import io.causalstream.extractor.archfixture.llm.LlmThatUsesABackend;
import io.causalstream.runtime.archfixture.ConstructorsOfManyParameters;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rules checked inside each module, on that module's main classes alone (see {@link ModuleClasses}): no package
 * cycle, no constructor of more than six parameters. What waits is listed in {@link Pending}, each entry checked to
 * be still needed. The fixtures (test sources, not part of any module's main classes) show that each rule fails
 * when it is broken.
 */
class ModuleArchitectureTest {

    static List<String> modules() {
        return ModuleClasses.modules();
    }

    @Test
    void everyModuleWithMainSourcesIsChecked() {
        assertThat(modules()).contains("schemas", "libs/runtime", "libs/tuned-reader", "extractor-service/extractors",
                "extractor-service/service", "scorer-service/service", "elo-service/service", "research/studies",
                "deploy/graph-sink", "deploy/launcher");
        assertThat(modules()).containsAll(Pending.MODULES_WITH_CYCLES.keySet());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modules")
    void packagesFormNoCycle(String module) {
        JavaClasses classes = ModuleClasses.of(module).compiled();
        if (Pending.MODULES_WITH_CYCLES.containsKey(module)) {
            assertThat(ArchitectureRules.packagesFormNoCycle().evaluate(classes).hasViolation())
                    .as("%s has no package cycle any more: remove it from Pending.MODULES_WITH_CYCLES", module)
                    .isTrue();
            return;
        }
        Set<String> origins = pendingIn(classes, Pending.CYCLE_ORIGINS);
        ArchitectureRules.packagesFormNoCycle(origins).check(classes);
        for (String origin : origins) {
            Set<String> others = new HashSet<>(origins);
            others.remove(origin);
            assertThat(ArchitectureRules.packagesFormNoCycle(others).evaluate(classes).hasViolation())
                    .as("%s is in no package cycle any more: remove it from Pending.CYCLE_ORIGINS", origin)
                    .isTrue();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modules")
    void noConstructorTakesMoreThanSixParameters(String module) {
        JavaClasses classes = ModuleClasses.of(module).handWritten();
        Set<String> exempt = pendingIn(classes, Pending.LONG_CONSTRUCTORS);
        ArchitectureRules.constructorsTakeAtMostSixParameters(exempt).check(classes);
        for (String name : exempt) {
            JavaClasses one = classes.that(ArchitectureRules.namedOrNestedIn(List.of(name)));
            assertThat(ArchitectureRules.constructorsTakeAtMostSixParameters().evaluate(one).hasViolation())
                    .as("%s has no constructor over six parameters any more: remove it from "
                            + "Pending.LONG_CONSTRUCTORS", name)
                    .isTrue();
        }
    }

    @Test
    void everyPendingClassExists() {
        Set<String> all = new HashSet<>();
        for (String module : modules()) {
            ModuleClasses.of(module).compiled().forEach(c -> all.add(c.getName()));
        }
        assertThat(all).as("classes named in Pending").containsAll(Pending.CYCLE_ORIGINS.keySet())
                .containsAll(Pending.LONG_CONSTRUCTORS.keySet());
    }

    @Test
    void aPackageCycleIsReported() {
        JavaClasses broken = new ClassFileImporter().importClasses(LlmThatUsesABackend.class,
                BackendThatUsesTheLlm.class);
        assertThat(ArchitectureRules.packagesFormNoCycle().evaluate(broken).hasViolation()).isTrue();
        assertThat(ArchitectureRules.packagesFormNoCycle(List.of(LlmThatUsesABackend.class.getName()))
                .evaluate(broken).hasViolation()).as("the cycle without the ignored class's dependencies").isFalse();
    }

    @Test
    void aConstructorOfSevenParametersIsReportedAndWhatTheCompilerAddsIsNot() {
        JavaClasses classes = new ClassFileImporter().importPackagesOf(ConstructorsOfManyParameters.class);
        EvaluationResult result = ArchitectureRules.constructorsTakeAtMostSixParameters().evaluate(classes);
        assertThat(result.getFailureReport().getDetails()).singleElement().asString()
                .contains(ConstructorsOfManyParameters.Seven.class.getName() + ".<init>", "takes 7 parameters");
        assertThat(ArchitectureRules.constructorsTakeAtMostSixParameters(
                List.of(ConstructorsOfManyParameters.class.getName())).evaluate(classes).hasViolation())
                .as("the class and its nested classes exempt").isFalse();
    }

    /** The pending class names of {@code pending} that are among {@code classes}. */
    private static Set<String> pendingIn(JavaClasses classes, Map<String, String> pending) {
        Set<String> found = new HashSet<>();
        for (String name : pending.keySet()) {
            if (classes.contain(name)) {
                found.add(name);
            }
        }
        return found;
    }
}
