package io.causalstream.deploy.tools;

import io.causalstream.runtime.ServiceAcls;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code causal-stream acls}: the Kafka ACLs of {@link ServiceAcls} (the ones {@code run-local --secure} creates), as
 * a Markdown table or as the Strimzi {@code KafkaUser} resources of {@code deploy/k8s/kafka-users.yaml}.
 */
@Command(name = "acls", mixinStandardHelpOptions = true,
        description = {"Prints the Kafka ACLs of the services, the tools and the registry (the ones run-local --secure "
                + "creates): a Markdown table, or the Strimzi KafkaUser resources.",
                "Regenerate the manifests: deploy/causal-stream acls strimzi > deploy/k8s/kafka-users.yaml"})
public final class AclsCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", defaultValue = "markdown", paramLabel = "FORMAT",
            description = "markdown (default) or strimzi")
    String format;

    @Option(names = "--cluster", defaultValue = "causal-stream",
            description = "Strimzi Kafka cluster the users belong to (default: ${DEFAULT-VALUE}).")
    String cluster;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        switch (format) {
            case "markdown" -> out.print(ServiceAcls.markdown(ServiceAcls.all()));
            case "strimzi" -> out.print(ServiceAcls.strimziKafkaUsers(ServiceAcls.all(), cluster));
            default -> throw new CommandLine.ParameterException(spec.commandLine(),
                    "FORMAT must be markdown or strimzi, got " + format);
        }
        out.flush();
        return 0;
    }
}
