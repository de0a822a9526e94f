package io.causalstream.deploy.docs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The relative links of Markdown pages, checked: the file (or folder) must exist and an anchor ({@code #part})
 * must name a heading of the target page, as GitHub names them. Links inside code are not links.
 */
final class ManualLinks {

    /** {@code [text](target)} and {@code ![alt](target)}; the target ends at a space (a title) or ')'. */
    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*]\\(<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern FENCE = Pattern.compile("(?ms)^\\s*```.*?^\\s*```\\s*$");
    private static final Pattern INDENTED_CODE = Pattern.compile("(?m)^(?: {4}|\\t).*$");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`\\n]*`");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6}\\s+(.+?)\\s*#*\\s*$");

    private ManualLinks() {
    }

    /** Every dead relative link of {@code pages}, as {@code page: target (why)}, paths relative to {@code root}. */
    static List<String> dead(Path root, List<Path> pages) {
        List<String> dead = new ArrayList<>();
        for (Path page : pages) {
            Matcher m = LINK.matcher(prose(RepositoryFiles.read(page)));
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
                    continue; // http:, https:, mailto: ...
                }
                String problem = problem(page, target);
                if (problem != null) {
                    dead.add(root.relativize(page) + ": " + target + " (" + problem + ")");
                }
            }
        }
        return dead;
    }

    private static String problem(Path page, String target) {
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!Files.exists(resolved)) {
            return "no such file";
        }
        if (anchor != null && !anchor.isEmpty() && resolved.toString().endsWith(".md")
                && !anchors(RepositoryFiles.read(resolved)).contains(anchor)) {
            return "no heading #" + anchor + " in " + resolved.getFileName();
        }
        return null;
    }

    /** The text outside code blocks and code spans. */
    static String prose(String markdown) {
        String text = FENCE.matcher(markdown).replaceAll("");
        text = INDENTED_CODE.matcher(text).replaceAll("");
        return INLINE_CODE.matcher(text).replaceAll("``");
    }

    /** The anchors GitHub gives the headings of a page (a repeated heading gets -1, -2, ...). */
    static Set<String> anchors(String markdown) {
        Set<String> anchors = new HashSet<>();
        Matcher m = HEADING.matcher(FENCE.matcher(markdown).replaceAll(""));
        while (m.find()) {
            String slug = slug(m.group(1));
            String candidate = slug;
            for (int n = 1; !anchors.add(candidate); n++) {
                candidate = slug + "-" + n;
            }
        }
        return anchors;
    }

    /** GitHub's heading anchor: lower case, punctuation dropped (but '-' and '_'), spaces to '-'. */
    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)]\\([^)]*\\)", "$1"); // a link in a heading keeps its text
        return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }
}
