package io.causalstream.deploy.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The source files of the main sources longer than {@link #MOST_LINES} lines, each with the reason its top-level
 * type's Javadoc gives for the length: the rest of the line that holds {@link #MARKER}.
 */
final class LongSources {

    /** The most lines a main source file has without saying why. */
    static final int MOST_LINES = 400;

    /** What opens the one-line reason in the Javadoc of a long file's top-level type. */
    static final String MARKER = "Why this is long:";

    private static final Pattern TOP_LEVEL_TYPE = Pattern.compile(
            "^(?:public |abstract |final |sealed |non-sealed |strictfp )*(?:class|interface|enum|record|@interface) ",
            Pattern.MULTILINE);
    private static final Pattern REASON = Pattern.compile(
            "^\\s*\\*?\\s*(?:<p>\\s*)?" + Pattern.quote(MARKER) + "\\s*(\\S.*?)\\s*$", Pattern.MULTILINE);

    /** A source file over the bound; {@code reason} is empty when its Javadoc gives none. */
    record LongFile(String path, int lines, Optional<String> reason) {

        @Override
        public String toString() {
            return path + " (" + lines + " lines)" + reason.map(r -> ": " + r).orElse("");
        }
    }

    private LongSources() {
    }

    /** The long files under each module's {@code src/main/java}, paths relative to {@code root}, in path order. */
    static List<LongFile> under(Path root, List<String> modules) {
        List<LongFile> found = new ArrayList<>();
        for (String module : modules) {
            Path sources = root.resolve(module).resolve("src/main/java");
            if (!Files.isDirectory(sources)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(sources)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                    String text = Files.readString(file);
                    int lines = (int) text.lines().count();
                    if (lines > MOST_LINES) {
                        found.add(new LongFile(root.relativize(file).toString().replace('\\', '/'), lines,
                                reason(text)));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return found;
    }

    /** The reason in the Javadoc just above the file's first top-level type, if that Javadoc gives one. */
    static Optional<String> reason(String source) {
        Matcher type = TOP_LEVEL_TYPE.matcher(source);
        if (!type.find()) {
            return Optional.empty();
        }
        String head = source.substring(0, type.start());
        int open = head.lastIndexOf("/**");
        int close = head.lastIndexOf("*/");
        if (open < 0 || close < open) {
            return Optional.empty();
        }
        Matcher reason = REASON.matcher(head.substring(open, close));
        return reason.find() ? Optional.of(reason.group(1)) : Optional.empty();
    }
}
