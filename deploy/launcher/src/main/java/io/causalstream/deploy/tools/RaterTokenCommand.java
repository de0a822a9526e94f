package io.causalstream.deploy.tools;

import io.causalstream.runtime.access.AccessTokens;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Makes a rater's sign-in token for the Elo service's rater page and the line that lets it in
 * ({@code raterId:sha256:<hex>}, for {@code elo.raters} or the file of {@code elo.raters.file}). The service keeps
 * only the hash; the token is shown once, here.
 */
@Command(name = "rater-token", mixinStandardHelpOptions = true,
        description = {"Make a rater's sign-in token for the rater page and its raterId:sha256:<hex> line for "
                + "ELO_RATERS / ELO_RATERS_FILE. The token is printed once: give it to the rater; the service keeps "
                + "only its hash.",
            "With --hash, read an existing token from standard input and print only its line."})
public final class RaterTokenCommand implements Callable<Integer> {

    @Parameters(index = "0", description = "the rater id (1 to 64 letters, digits, spaces or ._@-), the name the "
            + "rater annotates under, so the service never shows them their own annotations")
    String raterId;

    @Option(names = "--hash", description = "hash a token read from standard input instead of making a new one")
    boolean hash;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (!AccessTokens.ID.matcher(raterId).matches()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "a rater id is 1 to 64 letters, digits, "
                    + "spaces or ._@- and starts with a letter or digit");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (hash) {
            String token = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
            if (token == null || token.isBlank()) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--hash reads the token from standard "
                        + "input; got nothing");
            }
            out.println(AccessTokens.line(raterId, token));
        } else {
            String token = AccessTokens.newToken();
            out.println("# token of " + raterId + " (give it to the rater; it is not stored anywhere): " + token);
            out.println(AccessTokens.line(raterId, token));
        }
        out.flush();
        return 0;
    }
}
