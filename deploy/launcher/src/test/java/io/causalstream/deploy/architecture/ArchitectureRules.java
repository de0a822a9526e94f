package io.causalstream.deploy.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The module graph as rules over packages: {@code schemas ← libs ← services ← deploy} (see docs, architecture). Maven's
 * enforcer keeps the artifact graph honest (only {@code deploy} may declare a service artifact); these rules check
 * what the code actually imports, which a transitive dependency could otherwise hide.
 */
final class ArchitectureRules {

    /** Kafka-free libraries: each paper's method, the text toolkit, the encoder, the client and the extractor backends. */
    static final String[] METHOD_LIBRARIES = {
            "io.causalstream.text..", "io.causalstream.encoder..", "io.causalstream.measures..",
            "io.causalstream.alignment..", "io.causalstream.cesar..", "io.causalstream.validation..",
            "io.causalstream.wikicausal..", "io.causalstream.fcm..", "io.causalstream.openai..",
            "io.causalstream.extractor.backend..", "io.causalstream.extractor.llm..", "io.causalstream.extractor.prompt..",
            "io.causalstream.extractor.parse..", "io.causalstream.extractor.cache..", "io.causalstream.extractor.staged..",
            "io.causalstream.extractor.dataset.."};

    /** Everything below the services: the contract, the shared libraries ({@code libs/}) and the method libraries. */
    static final String[] BELOW_THE_SERVICES = Stream.concat(Stream.of(
                    "io.causalstream.serde..", "io.causalstream.topics..", "io.causalstream.schemas..",
                    "io.causalstream.runtime..", "io.causalstream.deadletter..", "io.causalstream.local..",
                    "io.causalstream.testkit.."),
            Stream.of(METHOD_LIBRARIES)).toArray(String[]::new);

    /** The application packages of each service: no other service, library or tool may use them. */
    static final List<String[]> SERVICES = List.of(
            new String[] {"io.causalstream.extractor.app..", "io.causalstream.extractor.pipeline..",
                    "io.causalstream.extractor.ingest.."},
            new String[] {"io.causalstream.scorer.."},
            new String[] {"io.causalstream.elo.."});

    /** The top: the launcher with the CLI, and the research tools below it (research/). */
    static final String[] DEPLOY = {"io.causalstream.deploy..", "io.causalstream.research.."};

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
                    SERVICES.stream().flatMap(Stream::of), Stream.of(DEPLOY)).toArray(String[]::new))
            .because("dependencies flow one way: schemas <- libs <- services <- deploy");

    static final ArchRule SERVICES_USE_NO_TOOL = noClasses()
            .that().resideInAnyPackage(SERVICES.stream().flatMap(Stream::of).toArray(String[]::new))
            .should().dependOnClassesThat().resideInAnyPackage(DEPLOY)
            .because("the launcher and the research tools assemble the services, never the other way round");

    static final ArchRule ONLY_DEPLOY_USES_A_SERVICE = onlyDeployUsesAService();

    private static ArchRule onlyDeployUsesAService() {
        List<ArchRule> rules = new ArrayList<>();
        for (String[] service : SERVICES) {
            String[] allowed = Stream.concat(Stream.of(service), Stream.of(DEPLOY)).toArray(String[]::new);
            rules.add(noClasses().that().resideOutsideOfPackages(allowed)
                    .should().dependOnClassesThat().resideInAnyPackage(service)
                    .because("services are independent applications; only deploy assembles them")
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
