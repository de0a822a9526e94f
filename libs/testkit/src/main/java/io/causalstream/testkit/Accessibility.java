package io.causalstream.testkit;

import com.deque.html.axecore.results.CheckedNode;
import com.deque.html.axecore.results.Results;
import com.deque.html.axecore.results.Rule;
import com.deque.html.axecore.selenium.AxeBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openqa.selenium.WebDriver;

/**
 * The page tests' accessibility check, written once: axe-core (Deque's engine, run in the page by its Selenium
 * driver) on the page as it is now, WCAG 2.x A and AA plus axe's best practices. A violation of impact
 * {@code serious} or {@code critical} fails the test; the others ({@code moderate}, {@code minor}) are printed, one
 * line per page with the count per impact, then one line per rule, so a page's state is in the test's output.
 * A module using it declares {@code com.deque.html.axe-core:selenium} (test scope) itself.
 */
public final class Accessibility {

    /** The impacts that fail a page. */
    public static final Set<String> FAILING = Set.of("critical", "serious");
    private static final List<String> IMPACTS = List.of("critical", "serious", "moderate", "minor");
    private static final List<String> TAGS = List.of("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa",
            "best-practice");

    private Accessibility() {
    }

    /**
     * Runs axe-core on the page the browser shows and fails on a serious or critical violation; {@code page} names
     * it in the output and the failure.
     */
    public static Results check(WebDriver browser, String page) {
        Results results = new AxeBuilder().withTags(TAGS).analyze(browser);
        if (results.isErrored()) {
            throw new AssertionError("axe-core did not run on " + page + ": " + results.getErrorMessage());
        }
        List<Rule> violations = results.getViolations();
        System.out.println(summary(page, violations));
        List<String> failing = new ArrayList<>();
        for (Rule r : violations) {
            String line = describe(r);
            System.out.println("  " + line);
            if (FAILING.contains(r.getImpact())) {
                failing.add(line);
            }
        }
        if (!failing.isEmpty()) {
            throw new AssertionError("axe-core: " + failing.size() + " serious or critical violation(s) on " + page
                    + " (" + browser.getCurrentUrl() + "):\n  " + String.join("\n  ", failing));
        }
        return results;
    }

    /** "axe dashboard: critical 0, serious 0, moderate 1, minor 0 (passes 40)"-like, per impact. */
    static String summary(String page, List<Rule> violations) {
        Map<String, Integer> byImpact = new LinkedHashMap<>();
        IMPACTS.forEach(i -> byImpact.put(i, 0));
        for (Rule r : violations) {
            byImpact.merge(String.valueOf(r.getImpact()), r.getNodes().size(), Integer::sum);
        }
        StringBuilder s = new StringBuilder("axe " + page + ": ");
        byImpact.forEach((impact, n) -> s.append(impact).append(' ').append(n).append(", "));
        return s.substring(0, s.length() - 2) + " (elements; " + violations.size() + " rules violated)";
    }

    private static String describe(Rule r) {
        List<String> targets = new ArrayList<>();
        for (CheckedNode n : r.getNodes()) {
            targets.add(String.valueOf(n.getTarget()));
            if (targets.size() == 5) {
                targets.add("…");
                break;
            }
        }
        return r.getImpact() + " " + r.getId() + " (" + r.getNodes().size() + "): " + r.getHelp() + " at "
                + String.join(", ", targets);
    }
}
