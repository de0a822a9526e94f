package io.causalstream.deploy.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The module graph as rules over packages (module -> packages: see README "Modules"). Maven's enforcer keeps the
 * artifact graph honest (only {@code deploy} may declare a service artifact); these rules check what the code
 * actually imports, which a transitive dependency could otherwise hide.
 */
final class ArchitectureRules {

    /** Kafka-free libraries: each paper's method, the text toolkit, the encoder and the extractor backends. */
    static final String[] METHOD_LIBRARIES = {
            "io.causalstream.text..", "io.causalstream.encoder..", "io.causalstream.measures..",
            "io.causalstream.alignment..", "io.causalstream.cesar..", "io.causalstream.validation..",
            "io.causalstream.wikicausal..", "io.causalstream.fcm..", "io.causalstream.openai..",
            "io.causalstream.extractor.backend..", "io.causalstream.extractor.llm..", "io.causalstream.extractor.prompt..",
            "io.causalstream.extractor.parse..", "io.causalstream.extractor.cache..", "io.causalstream.extractor.staged..",
            "io.causalstream.extractor.dataset..", "io.causalstream.extractor.resilience..",
            "io.causalstream.extractor.ratelimit.."};

    /** The application packages of each service: no other service, library or tool may use them. */
    static final List<String[]> SERVICES = List.of(
            new String[] {"io.causalstream.extractor.app..", "io.causalstream.extractor.pipeline..",
                    "io.causalstream.extractor.ingest.."},
            new String[] {"io.causalstream.scorer.."},
            new String[] {"io.causalstream.elo.."});

    static final String DEPLOY = "io.causalstream.deploy..";

    static final ArchRule METHOD_LIBRARIES_DO_NOT_USE_KAFKA = noClasses()
            .that().resideInAnyPackage(METHOD_LIBRARIES)
            .should().dependOnClassesThat().resideInAnyPackage("org.apache.kafka..")
            .because("a paper's method is a plain library that a CLI runs on files; the services wire it to Kafka");

    static final ArchRule METHOD_LIBRARIES_TAKE_TYPED_SETTINGS = noClasses()
            .that().resideInAnyPackage(METHOD_LIBRARIES)
            .should().dependOnClassesThat().resideInAnyPackage("io.causalstream.runtime..")
            .because("libraries receive typed settings; the services and tools read the configuration");

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
