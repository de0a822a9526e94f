package io.causalstream.extractor.backend.model;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Turns the model's raw certainty of a passage (the probability it gave its least sure decision,
 * {@link ModelExtractor#certainty}) into the probability that the passage's extraction is right as a whole, as
 * measured on a validation split: isotonic regression (pool adjacent violators), so the map is monotone and makes
 * no assumption about its shape. Written by {@code extractor-calibrate} for one model (its delta id), read beside
 * the model; a map of another model is not applied. Immutable.
 *
 * <p>File format (text): {@code # <model name> <delta id> <what "right" meant>}, then one {@code raw,calibrated} line
 * per step, raw ascending. A raw certainty maps to the step at or below it (the first step's value below it).
 */
public final class CertaintyCalibration {

    private final String modelId;
    private final String meaning;
    private final double[] raw;
    private final double[] calibrated;

    public CertaintyCalibration(String modelId, String meaning, double[] raw, double[] calibrated) {
        if (raw.length == 0 || raw.length != calibrated.length) {
            throw new IllegalArgumentException("a calibration needs one calibrated value per raw step");
        }
        for (int k = 1; k < raw.length; k++) {
            if (raw[k] < raw[k - 1] || calibrated[k] < calibrated[k - 1]) {
                throw new IllegalArgumentException("a calibration must rise with the raw certainty");
            }
        }
        this.modelId = modelId;
        this.meaning = meaning;
        this.raw = raw.clone();
        this.calibrated = calibrated.clone();
    }

    /** The model this map was fitted for: {@code <name> <delta id>}. */
    public String modelId() {
        return modelId;
    }

    /** What "right as a whole" meant when it was fitted. */
    public String meaning() {
        return meaning;
    }

    public int steps() {
        return raw.length;
    }

    public double apply(double rawCertainty) {
        int at = Arrays.binarySearch(raw, rawCertainty);
        int step = at >= 0 ? at : Math.max(0, -at - 2);
        return calibrated[step];
    }

    /**
     * The isotonic fit of {@code right} on {@code certainty} (pool adjacent violators over the passages sorted by
     * raw certainty; ties pooled), one step per pooled block.
     */
    public static CertaintyCalibration fit(String modelId, String meaning, double[] certainty, boolean[] right) {
        if (certainty.length == 0 || certainty.length != right.length) {
            throw new IllegalArgumentException("need one outcome per certainty, and at least one");
        }
        Integer[] order = new Integer[certainty.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingDouble(i -> certainty[i]));
        List<double[]> blocks = new ArrayList<>(); // {first raw, sum of outcomes, count}
        for (int i : order) {
            double y = right[i] ? 1 : 0;
            if (!blocks.isEmpty() && blocks.getLast()[0] == certainty[i]) {
                blocks.getLast()[1] += y;
                blocks.getLast()[2] += 1;
            } else {
                blocks.add(new double[] {certainty[i], y, 1});
            }
            while (blocks.size() > 1) {
                double[] last = blocks.getLast();
                double[] before = blocks.get(blocks.size() - 2);
                if (before[1] / before[2] <= last[1] / last[2]) {
                    break;
                }
                before[1] += last[1];
                before[2] += last[2];
                blocks.removeLast();
            }
        }
        // one step per distinct value: neighbours with the same mean are the same step
        List<double[]> steps = new ArrayList<>();
        for (double[] b : blocks) {
            double mean = b[1] / b[2];
            if (steps.isEmpty() || steps.getLast()[1] != mean) {
                steps.add(new double[] {b[0], mean});
            }
        }
        return new CertaintyCalibration(modelId, meaning, steps.stream().mapToDouble(x -> x[0]).toArray(),
                steps.stream().mapToDouble(x -> x[1]).toArray());
    }

    public String write() {
        StringBuilder out = new StringBuilder("# ").append(modelId).append(" | ").append(meaning).append('\n');
        for (int k = 0; k < raw.length; k++) {
            out.append(String.format(Locale.ROOT, "%.6f,%.6f%n", raw[k], calibrated[k]));
        }
        return out.toString();
    }

    public static CertaintyCalibration read(InputStream in) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String header = lines.readLine();
            if (header == null || !header.startsWith("# ") || !header.contains(" | ")) {
                throw new IllegalArgumentException("not a certainty calibration: " + header);
            }
            String[] parts = header.substring(2).split(" \\| ", 2);
            List<double[]> steps = new ArrayList<>();
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                String[] cells = line.split(",");
                steps.add(new double[] {Double.parseDouble(cells[0]), Double.parseDouble(cells[1])});
            }
            return new CertaintyCalibration(parts[0], parts[1], steps.stream().mapToDouble(s -> s[0]).toArray(),
                    steps.stream().mapToDouble(s -> s[1]).toArray());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read a certainty calibration", e);
        }
    }
}
