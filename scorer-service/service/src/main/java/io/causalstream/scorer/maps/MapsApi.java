package io.causalstream.scorer.maps;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.fcm.analysis.MapComparison;
import io.causalstream.fcm.analysis.MapIndices;
import io.causalstream.fcm.analysis.Scenario;
import io.causalstream.fcm.analysis.SimulationResult;
import io.causalstream.fcm.analysis.SimulationSettings;
import io.causalstream.fcm.io.GraphMl;
import io.causalstream.fcm.io.MapJson;
import io.causalstream.fcm.io.MentalModelerCsv;
import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.fcm.model.Concept;
import io.causalstream.fcm.model.MapEdge;
import io.causalstream.runtime.web.Peers;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The collective maps over HTTP (docs/methods/causal-maps.md): list, one map (the library's
 * JSON), one edge's full provenance, scenario simulation, centrality and indices, export (GraphML, Mental Modeler
 * CSV, JSON) and comparison of two maps. The handlers call the same library functions as the {@code map} CLI;
 * where a map is read is {@link MapDirectory}'s business (this instance's query store, or the instance that owns
 * the map). Errors are {@code {"error": ...}}: 400 bad input, 404 unknown map or edge, 503 not queryable now.
 */
public final class MapsApi {

    /** Bounds of what a request may ask. */
    static final int MAX_ID_CHARS = 200;
    public static final int MAX_BODY_CHARS = 64 * 1024;
    static final int MAX_ITERATIONS = 1000;
    static final int MAX_CLAMPS = 1000;
    /** Concepts x (iterations + 1) numbers in a simulation's trajectory. */
    static final long MAX_TRAJECTORY_VALUES = 5_000_000;

    private static final ObjectMapper JSON = MapJson.mapper();

    private final MapDirectory maps;

    public MapsApi(MapDirectory maps) {
        this.maps = maps;
    }

    public void register(Javalin app) {
        // no CORS: the pages that call this API are the scorer's own (same origin), so no foreign site may read
        // the maps from a browser or make it run simulations
        // compare before {id}: "compare" is not a map id
        app.get("/api/maps", this::list);
        app.get("/api/maps/compare", this::compare);
        app.get("/api/maps/{id}", this::map);
        app.get("/api/maps/{id}/edges", this::edge);
        app.post("/api/maps/{id}/simulate", this::simulate);
        app.get("/api/maps/{id}/analyse", this::analyse);
        app.get("/api/maps/{id}/analyze", this::analyse);
        app.get("/api/maps/{id}/export", this::export);
    }

    /** A request that cannot be answered: the status and why. */
    static final class Refused extends RuntimeException {
        final HttpStatus status;

        Refused(HttpStatus status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    private interface Handler {
        void handle(Context ctx) throws Exception;
    }

    private static void answer(Context ctx, Handler handler) {
        try {
            handler.handle(ctx);
        } catch (Refused r) {
            error(ctx, r.status, r.getMessage());
        } catch (Exception e) {
            error(ctx, HttpStatus.INTERNAL_SERVER_ERROR, e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    private static void error(Context ctx, HttpStatus status, String why) {
        ctx.status(status).contentType("application/json").result(json(Map.of("error", why == null ? "" : why)));
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void sendJson(Context ctx, String body) {
        ctx.contentType("application/json").result(body);
    }

    private void list(Context ctx) {
        answer(ctx, c -> {
            boolean localOnly = Peers.forwarded(c);
            List<MapSnapshot> all = new ArrayList<>(maps.headers(localOnly));
            all.sort(Comparator.comparing(MapSnapshot::id));
            List<Map<String, Object>> out = new ArrayList<>();
            for (MapSnapshot s : all) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("id", s.id());
                m.put("concepts", s.concepts());
                m.put("edges", s.edges());
                m.put("contributions", s.contributions());
                m.put("updated", s.updated());
                out.add(m);
            }
            sendJson(c, json(Map.of("maps", out)));
        });
    }

    /** The map of the path's id, read here or fetched from the instance that owns it, or 404. */
    private CognitiveMap local(Context ctx) {
        String id = ctx.pathParam("id");
        checkId(id);
        return maps.fetch(id, Peers.forwarded(ctx))
                .orElseThrow(() -> new Refused(HttpStatus.NOT_FOUND, "no map " + id));
    }

    private static void checkId(String id) {
        if (id == null || id.isBlank() || id.length() > MAX_ID_CHARS) {
            throw new Refused(HttpStatus.BAD_REQUEST, "a map id has 1 to " + MAX_ID_CHARS + " characters");
        }
    }


    private void map(Context ctx) {
        answer(ctx, c -> {
            String minWeight = c.queryParam("minWeight");
            CognitiveMap s = local(c);
            if (minWeight == null || minWeight.isBlank()) {
                sendJson(c, MapJson.write(s));
                return;
            }
            double w = number(minWeight, "minWeight");
            if (!(w >= 0 && w <= 1)) {
                throw new Refused(HttpStatus.BAD_REQUEST, "minWeight must be in [0, 1], got " + minWeight);
            }
            sendJson(c, MapJson.write(withMinWeight(s, w)));
        });
    }

    /** Edges with |weight| at least {@code w}, and the concepts they still connect (merges kept). */
    static CognitiveMap withMinWeight(CognitiveMap map, double w) {
        List<MapEdge> edges = map.edges().stream().filter(e -> Math.abs(e.weight()) >= w).toList();
        Set<String> used = new HashSet<>();
        edges.forEach(e -> {
            used.add(e.source());
            used.add(e.target());
        });
        List<Concept> concepts = map.concepts().stream().filter(c -> used.contains(c.id())).toList();
        return new CognitiveMap(map.id(), concepts, edges, map.merges());
    }

    private static double number(String text, String name) {
        try {
            return Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            throw new Refused(HttpStatus.BAD_REQUEST, name + " must be a number, got " + text);
        }
    }

    private void edge(Context ctx) {
        answer(ctx, c -> {
            String source = c.queryParam("source");
            String target = c.queryParam("target");
            if (source == null || target == null || source.isEmpty() || target.isEmpty()) {
                throw new Refused(HttpStatus.BAD_REQUEST, "give the edge as ?source=<concept id>&target=<concept id>");
            }
            CognitiveMap map = local(c);
            MapEdge edge = map.edge(source, target).orElseThrow(() -> new Refused(HttpStatus.NOT_FOUND,
                    "map " + map.id() + " has no edge " + source + " -> " + target));
            sendJson(c, json(edge));
        });
    }

    private void analyse(Context ctx) {
        answer(ctx, c -> sendJson(c, json(MapIndices.of(local(c)))));
    }

    private void export(Context ctx) {
        answer(ctx, c -> {
            String format = c.queryParam("format");
            String f = format == null ? "json" : format.strip().toLowerCase(Locale.ROOT);
            if (!Set.of("graphml", "csv", "mental-modeler", "json").contains(f)) {
                throw new Refused(HttpStatus.BAD_REQUEST, "format is graphml, csv (mental-modeler) or json, not "
                        + format);
            }
            CognitiveMap s = local(c);
            String file = s.id().replaceAll("[^A-Za-z0-9._-]", "_");
            switch (f) {
                case "graphml" -> {
                    c.contentType("application/graphml+xml; charset=utf-8").result(GraphMl.write(s));
                    file += ".graphml";
                }
                case "json" -> {
                    c.contentType("application/json").result(MapJson.write(s));
                    file += ".json";
                }
                default -> {
                    c.contentType("text/csv; charset=utf-8").result(MentalModelerCsv.write(s));
                    file += ".csv";
                }
            }
            c.header("Content-Disposition", "attachment; filename=\"" + file + "\"");
        });
    }

    private void compare(Context ctx) {
        answer(ctx, c -> {
            String a = c.queryParam("a");
            String b = c.queryParam("b");
            if (a == null || b == null) {
                throw new Refused(HttpStatus.BAD_REQUEST, "give the maps as ?a=<map id>&b=<map id>");
            }
            checkId(a);
            checkId(b);
            CognitiveMap ma = maps.fetch(a, false)
                    .orElseThrow(() -> new Refused(HttpStatus.NOT_FOUND, "no map " + a));
            CognitiveMap mb = maps.fetch(b, false)
                    .orElseThrow(() -> new Refused(HttpStatus.NOT_FOUND, "no map " + b));
            MapComparison x = MapComparison.of(ma, mb);
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("a", a);
            out.put("b", b);
            out.putAll(JSON.convertValue(x, JSON.getTypeFactory().constructMapType(LinkedHashMap.class,
                    String.class, Object.class)));
            sendJson(c, json(out));
        });
    }

    private void simulate(Context ctx) {
        answer(ctx, c -> {
            String body = c.body();
            if (body.length() > MAX_BODY_CHARS) {
                throw new Refused(HttpStatus.BAD_REQUEST, "body longer than " + MAX_BODY_CHARS + " characters");
            }
            SimulationRequest request = SimulationRequest.parse(body);
            CognitiveMap map = local(c);
            long values = (long) map.concepts().size() * (request.settings().maxIterations() + 1L);
            if (values > MAX_TRAJECTORY_VALUES) {
                throw new Refused(HttpStatus.BAD_REQUEST, "map of " + map.concepts().size() + " concepts: ask for at "
                        + "most " + (MAX_TRAJECTORY_VALUES / Math.max(1, map.concepts().size()) - 1) + " iterations");
            }
            Scenario s;
            try {
                s = Scenario.run(map, request.initial(), request.start(), request.clamp(), request.settings());
            } catch (IllegalArgumentException e) {
                throw new Refused(HttpStatus.BAD_REQUEST, e.getMessage());
            }
            sendJson(c, json(simulationAnswer(map.id(), s, request.settings())));
        });
    }

    static Map<String, Object> simulationAnswer(String mapId, Scenario s, SimulationSettings settings) {
        SimulationResult r = s.scenario();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("mapId", mapId);
        out.put("outcome", r.outcome());
        out.put("iterations", r.iterations());
        out.put("period", r.period());
        out.put("concepts", r.concepts());
        out.put("trajectory", r.trajectory());
        out.put("finalState", r.finalState());
        out.put("attractor", r.attractor());
        Map<String, Object> base = new LinkedHashMap<>();
        base.put("outcome", s.baseline().outcome());
        base.put("iterations", s.baseline().iterations());
        base.put("period", s.baseline().period());
        base.put("finalState", s.baseline().finalState());
        out.put("baseline", base);
        out.put("change", s.change());
        Map<String, Object> used = new LinkedHashMap<>();
        used.put("rule", settings.rule());
        used.put("squashing", settings.squashing().kind());
        used.put("lambda", settings.squashing().lambda());
        used.put("maxIterations", settings.maxIterations());
        used.put("epsilon", settings.epsilon());
        out.put("settings", used);
        return out;
    }
}
