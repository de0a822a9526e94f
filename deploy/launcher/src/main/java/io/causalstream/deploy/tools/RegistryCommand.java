package io.causalstream.deploy.tools;

import io.causalstream.runtime.KafkaClients;
import io.causalstream.serde.SelfContainedSchemas;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code causal-stream registry self-contain}: the schema registry's subjects. */
@Command(name = "registry", mixinStandardHelpOptions = true, subcommands = RegistryCommand.SelfContain.class,
        description = "The schema registry: move subjects whose schemas have references to self-contained ones.")
public final class RegistryCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing required subcommand");
    }

    /** Runs {@link SelfContainedSchemas}: dry run unless {@code --apply}. */
    @Command(name = "self-contain", mixinStandardHelpOptions = true,
            description = {"Gives every topic subject whose latest schema has references a self-contained "
                    + "latest version.",
                    "Two new versions, each passing the registry's compatibility check: the schema with its "
                            + "references inlined and kept, then the same schema without references (the one the "
                            + "services register). Old versions and the subjects named after record types stay: "
                            + "records on the topics carry their ids.",
                    "Run it before services of this version write to a registry that services of an older one "
                            + "wrote to (run-local does it itself).",
                    "Dry run by default: lists every topic subject and what it needs; --apply registers."})
    public static final class SelfContain implements Callable<Integer> {

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--apply", description = "Register the new versions (default: dry run, list only).")
        boolean apply;

        /** Registry and its credentials, as for the services (--registry, --config; --bootstrap-servers is unused). */
        @CommandLine.Mixin
        ClientOptions connection = new ClientOptions();

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            var serdes = KafkaClients.serdes(connection.settings("causal-stream-registry"));
            List<SelfContainedSchemas.Subject> subjects = new SelfContainedSchemas(serdes).run(apply);
            subjects.forEach(s -> out.println(s.describe()));
            long toMove = subjects.stream().filter(s -> s.outcome() != SelfContainedSchemas.Outcome.SELF_CONTAINED)
                    .count();
            out.printf("%d topic subjects, %d self-contained, %d %s%n", subjects.size(), subjects.size() - toMove,
                    toMove, apply ? "moved" : "to move; dry run: nothing registered (add --apply to register)");
            out.flush();
            return 0;
        }
    }
}
