package io.causalstream.research.alignment;

import io.causalstream.alignment.AlignmentOptions;
import io.causalstream.alignment.AlignmentReport;
import io.causalstream.alignment.AlignmentSummary;
import io.causalstream.alignment.ArticleEvaluation.ArticleResult;
import io.causalstream.alignment.ArticleEvaluation;
import io.causalstream.alignment.EvaluationView;
import io.causalstream.alignment.NodeOrder;
import io.causalstream.alignment.StructuralAligner;
import io.causalstream.alignment.TypedGraph;
import io.causalstream.alignment.empirigraph.CoderGraphs;
import io.causalstream.alignment.empirigraph.LabelStudioGold;
import io.causalstream.alignment.empirigraph.PipelineGraphs;
import io.causalstream.text.files.Csv;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;


/**
 * Scores EmpiriGraph-style graph files with the structure-first alignment F1, without Kafka: per article gold edges,
 * predicted edges, matched edges, P/R/F1, whether the alignment is proven optimal, the node order reported and the
 * time taken; then micro and macro averages per view. {@code --format csv} prints the reference's detail columns
 * ({@code edge_matched, edge_p, ..., moderation_f1, article_id, gt_n_edges, pred_n_edges, strategy, any_timeout}) plus
 * {@code view} and {@code proven_optimal}, so the output can be diffed against the released CSVs.
 *
 * <p>Inputs are recognised by content: a {@code .json} file is a Label Studio export (gold); a CSV with an
 * {@code article_id} column is a pipeline result file; a CSV with a {@code task_id} column is a coder sheet.
 * Exit code 0 on success, 2 for unusable arguments or files.
 */
@Command(name = "align", mixinStandardHelpOptions = true,
        description = "Structure-first alignment F1 (EmpiriGraph A.3) of predicted vs gold graphs, per article.")
public final class AlignmentCli implements Callable<Integer> {

    @Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--gold", required = true, description = "Gold graphs: Label Studio JSON, pipeline CSV or coder CSV.")
    private Path gold;

    @Option(names = "--pred", required = true, description = "Predicted graphs: pipeline CSV, coder CSV or Label Studio JSON.")
    private Path predicted;

    @Option(names = "--stage", defaultValue = "step5_1",
            description = "Pipeline columns to read: step4, step5_1, step5_2 (default: ${DEFAULT-VALUE}).")
    private String stage;

    @Option(names = "--view", split = ",", defaultValue = "typed",
            description = "Views: typed, higher, agnostic, higher-agnostic, validated, or all (default: ${DEFAULT-VALUE}).")
    private List<String> views;

    @Option(names = "--orders", split = ",", defaultValue = "degree_desc,degree_asc,label,random_11,random_29",
            description = "Node orders, tried in order (default: ${DEFAULT-VALUE}).")
    private List<String> orders;

    @Option(names = "--time-limit-ms", defaultValue = "10000",
            description = "Time limit per node order in milliseconds (default: ${DEFAULT-VALUE}).")
    private long timeLimitMs;

    @Option(names = "--all-orders", description = "Run every order even after one has proven optimality.")
    private boolean allOrders;

    @Option(names = "--articles", split = ",", description = "Only these article ids.")
    private Set<Integer> articles;

    @Option(names = "--format", defaultValue = "table", description = "table or csv (default: ${DEFAULT-VALUE}).")
    private String format;

    public static void main(String[] args) {
        System.exit(new CommandLine(new AlignmentCli()).execute(args));
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        AlignmentOptions options;
        List<EvaluationView> chosen;
        PipelineGraphs.Stage pipelineStage;
        Map<Integer, TypedGraph> goldGraphs;
        Map<Integer, TypedGraph> predictedGraphs;
        try {
            options = new AlignmentOptions(orders.stream().map(NodeOrder::parse).toList(),
                    Duration.ofMillis(timeLimitMs), !allOrders);
            chosen = parseViews(views);
            pipelineStage = PipelineGraphs.Stage.valueOf(stage.strip().toUpperCase(Locale.ROOT));
            goldGraphs = load(gold, pipelineStage);
            predictedGraphs = load(predicted, pipelineStage);
        } catch (RuntimeException e) {
            err.println("alignment: " + e.getMessage());
            return 2;
        }
        if (articles != null && !articles.isEmpty()) {
            goldGraphs.keySet().retainAll(articles);
        }
        StructuralAligner aligner = new StructuralAligner(options);
        boolean csv = format.equalsIgnoreCase("csv");
        if (csv) {
            out.println(AlignmentReport.CSV_HEADER);
        } else {
            out.println(AlignmentReport.TABLE_HEADER);
        }
        List<String> summaries = new ArrayList<>();
        for (EvaluationView view : chosen) {
            List<ArticleResult> rows = ArticleEvaluation.evaluate(goldGraphs, predictedGraphs, view, aligner);
            for (ArticleResult row : rows) {
                out.println(csv ? AlignmentReport.csvRow(row) : AlignmentReport.tableRow(row));
            }
            summaries.add(AlignmentReport.summary(view,
                    AlignmentSummary.of(rows.stream().map(ArticleResult::result).toList())));
        }
        if (!csv) {
            out.println();
            summaries.forEach(out::println);
        }
        out.flush();
        return 0;
    }

    private static List<EvaluationView> parseViews(List<String> names) {
        Map<String, List<EvaluationView>> known = new LinkedHashMap<>();
        known.put("typed", List.of(EvaluationView.TYPED));
        known.put("higher", List.of(EvaluationView.HIGHER_LEVEL));
        known.put("agnostic", List.of(EvaluationView.TYPE_AGNOSTIC));
        known.put("higher-agnostic", List.of(EvaluationView.HIGHER_LEVEL_AGNOSTIC));
        known.put("validated", List.of(EvaluationView.VALIDATED_ONLY));
        known.put("all", List.of(EvaluationView.values()));
        List<EvaluationView> out = new ArrayList<>();
        for (String name : names) {
            List<EvaluationView> v = known.get(name.strip().toLowerCase(Locale.ROOT));
            if (v == null) {
                throw new IllegalArgumentException("unknown view '" + name + "' (expected one of " + known.keySet() + ")");
            }
            v.stream().filter(x -> !out.contains(x)).forEach(out::add);
        }
        return out;
    }

    /** Reads a graph file by its content (see the class comment); a mutable map keyed by article id. */
    static Map<Integer, TypedGraph> load(Path file, PipelineGraphs.Stage stage) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no such file: " + file);
        }
        if (file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".json")) {
            return new LinkedHashMap<>(LabelStudioGold.read(file));
        }
        List<String> header = Csv.read(file).header();
        if (header.contains("article_id")) {
            return new LinkedHashMap<>(PipelineGraphs.read(file, stage));
        }
        if (header.contains("task_id")) {
            return new LinkedHashMap<>(CoderGraphs.read(file));
        }
        throw new IllegalArgumentException(file + ": not a Label Studio JSON, pipeline CSV (article_id) or coder CSV (task_id)");
    }
}
