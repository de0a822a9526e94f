package io.causalstream.deploy.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.constructors;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaConstructor;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceRule;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Stream;

/**
 * The module graph as rules over packages: {@code schemas ← libs ← services ← research ← deploy} (see docs,
 * architecture). Maven's enforcer keeps the artifact graph honest (only {@code deploy} may declare a service
 * artifact, nothing below research a research or deploy artifact, research no deploy artifact); these rules check
 * what the code actually imports, which a transitive dependency could otherwise hide. Below them, the rules
 * checked inside each module on its own classes ({@link ModuleArchitectureTest}): no package cycle, short
 * constructors.
 */
final class ArchitectureRules {

    /**
     * Kafka-free libraries: each paper's method, the key reader, the text toolkit, the encoder, the client, the
     * extractor backends and the tournament library.
     */
    static final String[] METHOD_LIBRARIES = {
            "io.causalstream.keys..", "io.causalstream.text..", "io.causalstream.encoder..", "io.causalstream.measures..",
            "io.causalstream.alignment..", "io.causalstream.cesar..", "io.causalstream.validation..",
            "io.causalstream.wikicausal..", "io.causalstream.fcm..", "io.causalstream.openai..",
            "io.causalstream.extractor.backend..", "io.causalstream.extractor.llm..",
            "io.causalstream.extractor.generator..", "io.causalstream.extractor.prompt..",
            "io.causalstream.extractor.parse..", "io.causalstream.extractor.cache..", "io.causalstream.extractor.staged..",
            "io.causalstream.extractor.dataset..", "io.causalstream.elo.tournament..", "io.causalstream.elo.reliability.."};

    /** The research tools (research/): training, studies, evaluation, and the WikiCausal library only they use. */
    static final String[] RESEARCH = {"io.causalstream.research..", "io.causalstream.wikicausal.."};

    /**
     * Everything below the services: the contract, the shared libraries ({@code libs/}) and the method libraries
     * of the services' folders (the WikiCausal library is research's: it sits above).
     */
    static final String[] BELOW_THE_SERVICES = Stream.concat(Stream.of(
                    "io.causalstream.serde..", "io.causalstream.topics..", "io.causalstream.schemas..",
                    "io.causalstream.runtime..", "io.causalstream.deadletter..", "io.causalstream.local..",
                    "io.causalstream.testkit.."),
            Stream.of(METHOD_LIBRARIES).filter(p -> !List.of(RESEARCH).contains(p))).toArray(String[]::new);

    /** The application packages of each service: no other service, library or tool may use them. */
    static final List<String[]> SERVICES = List.of(
            new String[] {"io.causalstream.extractor.app..", "io.causalstream.extractor.pipeline..",
                    "io.causalstream.extractor.ingest.."},
            new String[] {"io.causalstream.scorer.."},
            new String[] {"io.causalstream.elo.app..", "io.causalstream.elo.api..", "io.causalstream.elo.leaderboard..",
                    "io.causalstream.elo.live..", "io.causalstream.elo.pipeline..", "io.causalstream.elo.rater..",
                    "io.causalstream.elo.topology..", "io.causalstream.elo.web.."});

    /** The top: the launcher with the CLI (deploy/). */
    static final String[] DEPLOY = {"io.causalstream.deploy.."};

    /** What may assemble a service: the research tools and the launcher above them. */
    static final String[] ABOVE_THE_SERVICES = Stream.concat(Stream.of(RESEARCH), Stream.of(DEPLOY))
            .toArray(String[]::new);

    static final ArchRule METHOD_LIBRARIES_DO_NOT_USE_KAFKA = noClasses()
            .that().resideInAnyPackage(METHOD_LIBRARIES)
            .should().dependOnClassesThat().resideInAnyPackage("org.apache.kafka..")
            .because("a paper's method is a plain library that a CLI runs on files; the services wire it to Kafka");

    static final ArchRule METHOD_LIBRARIES_TAKE_TYPED_SETTINGS = noClasses()
            .that().resideInAnyPackage(METHOD_LIBRARIES)
            .should().dependOnClassesThat().resideInAnyPackage("io.causalstream.runtime..")
            .because("libraries receive typed settings; the services and tools read the configuration");

    static final ArchRule LIBRARIES_USE_NO_SERVICE_AND_NO_TOOL = noClasses()
            .that().resideInAnyPackage(BELOW_THE_SERVICES)
            .should().dependOnClassesThat().resideInAnyPackage(Stream.concat(
                    SERVICES.stream().flatMap(Stream::of), Stream.of(ABOVE_THE_SERVICES)).toArray(String[]::new))
            .because("dependencies flow one way: schemas <- libs <- services <- research <- deploy");

    static final ArchRule SERVICES_USE_NO_TOOL = noClasses()
            .that().resideInAnyPackage(SERVICES.stream().flatMap(Stream::of).toArray(String[]::new))
            .should().dependOnClassesThat().resideInAnyPackage(ABOVE_THE_SERVICES)
            .because("the launcher and the research tools assemble the services, never the other way round");

    static final ArchRule RESEARCH_USES_NO_DEPLOY = noClasses()
            .that().resideInAnyPackage(RESEARCH)
            .should().dependOnClassesThat().resideInAnyPackage(DEPLOY)
            .because("the launcher's CLI runs the research tools, never the other way round");

    static final ArchRule ONLY_DEPLOY_USES_A_SERVICE = onlyDeployUsesAService();

    /**
     * Checked on one module's classes at a time (see {@link ModuleClasses}): each package is a slice. The
     * dependencies of the {@code ignoredOrigins} (classes named with their nested classes) are not counted.
     */
    static SliceRule packagesFormNoCycle(Collection<String> ignoredOrigins) {
        return slices().matching("io.causalstream.(**)")
                .should().beFreeOfCycles()
                .ignoreDependency(namedOrNestedIn(ignoredOrigins), DescribedPredicate.alwaysTrue())
                .because("a package that needs another needing it back is one idea cut in two, or two ideas "
                        + "tangled: the interface or record goes to the package that owns its concept");
    }

    static SliceRule packagesFormNoCycle() {
        return packagesFormNoCycle(List.of());
    }

    /** The most parameters a constructor of the main sources takes. */
    static final int MOST_CONSTRUCTOR_PARAMETERS = 6;

    /**
     * Checked on one module's hand-written classes at a time (see {@link ModuleClasses#handWritten()}); the
     * {@code exempt} classes (named with their nested classes) are not. A record is left out: its components are
     * its whole API, named where it is declared and read by name (a JSON view, a table row, one group of
     * settings); a class's long constructor is a list of collaborators that hides several ideas.
     */
    static ArchRule constructorsTakeAtMostSixParameters(Collection<String> exempt) {
        return constructors()
                .that().areDeclaredInClassesThat(DescribedPredicate.not(JavaClass.Predicates.RECORDS))
                .and().areDeclaredInClassesThat(DescribedPredicate.not(namedOrNestedIn(exempt)))
                .should(takeAtMostParameters(MOST_CONSTRUCTOR_PARAMETERS))
                .because("a longer row of arguments is read by position, not by name: pass a settings record, or "
                        + "build the object in steps (a record's components are named where it is declared, so "
                        + "records are not counted)")
                .allowEmptyShould(true);
    }

    static ArchRule constructorsTakeAtMostSixParameters() {
        return constructorsTakeAtMostSixParameters(List.of());
    }

    /** The classes of these names and the classes nested in them. */
    static DescribedPredicate<JavaClass> namedOrNestedIn(Collection<String> classNames) {
        return DescribedPredicate.describe("named or nested in " + classNames, c -> classNames.stream()
                .anyMatch(n -> c.getName().equals(n) || c.getName().startsWith(n + "$")));
    }

    /**
     * The parameters the source declares: the compiler adds an enum constant's name and ordinal, and an inner
     * class's enclosing instance; a local or anonymous class's constructor takes the values it captures (none of
     * them declared, so such classes are not counted).
     */
    static int declaredParameters(JavaConstructor constructor) {
        JavaClass owner = constructor.getOwner();
        int added = owner.isEnum() ? 2 : owner.isInnerClass() && owner.isMemberClass() ? 1 : 0;
        return constructor.getRawParameterTypes().size() - added;
    }

    private static ArchCondition<JavaConstructor> takeAtMostParameters(int most) {
        return new ArchCondition<>("take at most " + most + " parameters") {
            @Override
            public void check(JavaConstructor constructor, ConditionEvents events) {
                JavaClass owner = constructor.getOwner();
                if (owner.isAnonymousClass() || owner.isLocalClass()) {
                    return;
                }
                int declared = declaredParameters(constructor);
                events.add(new SimpleConditionEvent(constructor, declared <= most, constructor.getFullName()
                        + " takes " + declared + " parameters " + constructor.getSourceCodeLocation()));
            }
        };
    }

    private static ArchRule onlyDeployUsesAService() {
        List<ArchRule> rules = new ArrayList<>();
        for (String[] service : SERVICES) {
            String[] allowed = Stream.concat(Stream.of(service), Stream.of(ABOVE_THE_SERVICES))
                    .toArray(String[]::new);
            rules.add(noClasses().that().resideOutsideOfPackages(allowed)
                    .should().dependOnClassesThat().resideInAnyPackage(service)
                    .because("services are independent applications; only research and deploy assemble them")
                    .allowEmptyShould(true));
        }
        CompositeArchRule all = CompositeArchRule.of(rules.getFirst());
        for (ArchRule rule : rules.subList(1, rules.size())) {
            all = all.and(rule);
        }
        return all;
    }

    private ArchitectureRules() {
    }
}
