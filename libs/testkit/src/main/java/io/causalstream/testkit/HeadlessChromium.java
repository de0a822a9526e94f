package io.causalstream.testkit;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
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

    /** The console lines logged since the last call ("LEVEL message"). */
    public List<String> console() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .map(e -> e.getLevel() + " " + e.getMessage()).toList();
    }

    /** Whether a console line says the Content-Security-Policy refused something. */
    public static boolean refusedByPolicy(String line) {
        return line.contains("Content Security Policy") || line.contains("Refused to");
    }

    @Override
    public void close() {
        driver.quit();
    }
}
