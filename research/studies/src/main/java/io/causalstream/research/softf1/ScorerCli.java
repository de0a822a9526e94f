package io.causalstream.research.softf1;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The scorer's command line, no Kafka needed:
 * <pre>
 *   score  --gold g.json --predictions p.jsonl [--measures exact,bleu:0.5,...] [--reference]
 *   table3 &lt;soft-measures-causal-intelligence folder&gt; [--per-passage] [--grid] [--measures ...]
 * </pre>
 * Both are also commands of the one CLI: {@code deploy/causal-stream table3 ../shared/data/soft-measures-causal-intelligence}.
 */
@Command(name = "scorer-cli", mixinStandardHelpOptions = true, subcommands = {ScoreCommand.class, Table3Command.class},
        description = "Soft F1 measures on files, and the soft-measures paper's Table 3.")
public final class ScorerCli implements Runnable {

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }

    public static void main(String[] args) {
        int code = new CommandLine(new ScorerCli()).execute(args);
        if (code != 0) {
            System.exit(code);
        }
    }
}
