package io.causalstream.research.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.causalstream.elo.tournament.TiePolicy;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code elo}: the soft-measures study's tournaments replayed from the released judgments. */
@Command(name = "elo", mixinStandardHelpOptions = true, subcommands = EloCommand.Replay.class,
        description = "Replay the released Elo judgments through the elo-service's tournament code.")
public final class EloCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Missing required subcommand");
    }

    /** The default data folder: $SOFT_MEASURES_DATA, else the shared copy beside the work tree. */
    static final String DATA_DEFAULT = "${env:SOFT_MEASURES_DATA:-../shared/data/soft-measures-causal-intelligence}";

    /** {@code elo replay}: final ratings per passage as JSON. */
    @Command(name = "replay", mixinStandardHelpOptions = true,
            description = {"Replay the released judgments (h1..h7) in any rater order and print the final ratings "
                    + "as JSON, keyed by the released passage number: {\"1\": {\"Human1\": 1012.3, ...}, ...}.",
                    "The authors' order h1,h6,h7,h5,h4,h3,h2 with --ties skip reproduces final_elo_rankings.csv "
                            + "exactly; --bt prints the order-free Bradley-Terry scores instead."})
    public static final class Replay implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Option(names = "--data", defaultValue = DATA_DEFAULT, description = "The soft-measures-causal-intelligence "
                + "data folder (holding elo_comparison/); default ${DEFAULT-VALUE}.")
        Path data;

        @Option(names = "--order", defaultValue = "h1,h6,h7,h5,h4,h3,h2",
                description = "Rater files in replay order (default: the authors', ${DEFAULT-VALUE}).")
        String order;

        @Option(names = "--ties", defaultValue = "skip", description = "skip (the authors' code) or half "
                + "(the paper's text); default ${DEFAULT-VALUE}.")
        String ties;

        @Option(names = "--bt", description = "Print Bradley-Terry scores (Elo scale) instead of online Elo.")
        boolean bt;

        @Override
        public Integer call() throws Exception {
            List<Integer> raters = ReleasedJudgments.parseOrder(order);
            TiePolicy policy = TiePolicy.parse(ties);
            var judgments = ReleasedJudgments.read(data, raters);
            Map<Integer, Map<String, Double>> ratings = bt ? JudgmentReplay.btRatings(judgments, policy)
                    : JudgmentReplay.eloRatings(judgments, policy);
            Map<String, Map<String, Double>> out = new LinkedHashMap<>();
            ratings.forEach((n, m) -> out.put(Integer.toString(n), m));
            PrintWriter w = spec.commandLine().getOut();
            w.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(out));
            w.flush();
            return 0;
        }
    }
}
