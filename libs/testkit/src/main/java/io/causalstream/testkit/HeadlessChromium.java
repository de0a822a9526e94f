package io.causalstream.testkit;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.logging.LogType;

/**
 * The page tests' browser: Debian's headless Chromium driven by its chromedriver (never a downloaded one; `.ci/run`
 * installs both), with the console kept (to see whether the Content-Security-Policy refused anything) and
 * screenshots written under {@link #SCREENSHOTS} as build output. A module using it declares
 * {@code selenium-java} (test scope) itself.
 */
public final class HeadlessChromium implements AutoCloseable {

    public static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    public static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    /** Where screenshots go, relative to the module (so {@code target/screenshots/*.png}). */
    public static final Path SCREENSHOTS = Path.of("target", "screenshots");

    private final WebDriver driver;

    private HeadlessChromium(WebDriver driver) {
        this.driver = driver;
    }

    /** Starts a browser with a fresh profile under {@code dir} and a window of {@code width} x {@code height}. */
    public static HeadlessChromium open(Path dir, int width, int height) throws IOException {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
            throw new AssertionError("the page tests need Debian's Chromium and its driver at " + CHROMIUM + " and "
                    + CHROMEDRIVER + "; install them with: apt-get install -y chromium chromium-driver");
        }
        Files.createDirectories(SCREENSHOTS);
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile())
                .addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync",
                        "--disable-dev-shm-usage", "--window-size=" + width + "," + height,
                        "--user-data-dir=" + Files.createDirectories(dir.resolve("chromium-profile")));
        options.setCapability("goog:loggingPrefs", Map.of("browser", "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER.toString())).usingAnyFreePort().build();
        return new HeadlessChromium(new ChromeDriver(service, options));
    }

    public WebDriver driver() {
        return driver;
    }

    /** Runs a script in the page ({@code return ...} for a value). */
    public Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    /** Saves a screenshot of the window as {@code target/screenshots/<name>}. */
    public void screenshot(String name) throws IOException {
        File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
        Files.copy(shot.toPath(), SCREENSHOTS.resolve(name), StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * Presses Tab (as a keyboard user does, no mouse) until the focused element matches {@code cssSelector}, at most
     * {@code maxTabs} times; every element the focus passes must show a focus ring (a CSS outline), and the focus
     * must never fall back to the page itself. Returns how many Tabs it took.
     */
    public int tabTo(String cssSelector, int maxTabs) {
        return focusBy(() -> press(Keys.TAB), "Tab", cssSelector, maxTabs);
    }

    /** {@link #tabTo} backwards: Shift+Tab (Shift held down around the Tab, as a chord would not). */
    public int shiftTabTo(String cssSelector, int maxTabs) {
        return focusBy(() -> new Actions(driver).keyDown(Keys.SHIFT).sendKeys(Keys.TAB).keyUp(Keys.SHIFT).perform(),
                "Shift+Tab", cssSelector, maxTabs);
    }

    private int focusBy(Runnable key, String name, String cssSelector, int maxTabs) {
        for (int tabs = 1; tabs <= maxTabs; tabs++) {
            key.run();
            Object focused = js("const a = document.activeElement; if (!a || a === document.body) return 'body';"
                    + " const s = getComputedStyle(a); const ring = s.outlineStyle !== 'none'"
                    + " && parseFloat(s.outlineWidth) > 0;"
                    + " return (a.matches(arguments[0]) ? 'match ' : 'other ') + (ring ? 'ring ' : 'no-ring ')"
                    + " + a.outerHTML.slice(0, 160);", cssSelector);
            String f = String.valueOf(focused);
            if (f.equals("body")) {
                throw new AssertionError(name + " " + tabs + " towards " + cssSelector + " left the focus on the page");
            }
            if (f.contains(" no-ring ")) {
                throw new AssertionError(name + " " + tabs + " towards " + cssSelector + ": no visible focus on "
                        + f.substring(f.indexOf("no-ring ") + 8));
            }
            if (f.startsWith("match ")) {
                return tabs;
            }
        }
        throw new AssertionError(maxTabs + " x " + name + " did not reach " + cssSelector + "; the focus is on "
                + js("return document.activeElement.outerHTML.slice(0, 160);"));
    }

    /** Sends keys to whatever has the focus, as a keyboard does (no element is clicked or targeted). */
    public void press(CharSequence... keys) {
        new Actions(driver).sendKeys(keys).perform();
    }

    /** The focused element's id (empty when it has none, "body" when nothing has the focus). */
    public String focusedId() {
        return String.valueOf(js("const a = document.activeElement; return !a || a === document.body ? 'body'"
                + " : a.id;"));
    }

    /** The console lines logged since the last call ("LEVEL message"). */
    public List<String> console() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .map(e -> e.getLevel() + " " + e.getMessage()).toList();
    }

    /** Whether a console line says the Content-Security-Policy refused something. */
    public static boolean refusedByPolicy(String line) {
        return line.contains("Content Security Policy") || line.contains("Refused to");
    }

    /** Whether a console line is a script error nothing caught (a page that threw). */
    public static boolean uncaught(String line) {
        return line.contains("Uncaught");
    }

    @Override
    public void close() {
        driver.quit();
    }
}
