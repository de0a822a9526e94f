package io.causalstream.scorer.maps;

/**
 * The stores of the {@code causal-maps} sub-topology and their keys ({@code mapId + U+0000 + ...}; map, passage
 * and annotator ids never contain U+0000, so one map's prefix never matches another's keys):
 * <ul>
 *   <li>{@value #CONTRIBUTIONS} (changelog): {@code mapId, passageId, annotatorId -> ScoredGraph}, the latest
 *       graph of each passage annotator in the map;</li>
 *   <li>{@value #RESOLUTION} (changelog): {@code mapId, sequence -> resolution entry (JSON)}, the append-only
 *       resolution log, merges included;</li>
 *   <li>{@value #FINGERPRINTS} (changelog): {@code mapId -> fingerprint} of the resolution settings the log was
 *       made under;</li>
 *   <li>{@value #SNAPSHOTS} (in memory, no changelog: rebuilt from the others at start):
 *       {@code mapId -> }{@link MapSnapshot#header()}: which maps this instance serves
 *       (the maps themselves are in {@link MapViews}).</li>
 * </ul>
 */
public final class MapStores {

    public static final String CONTRIBUTIONS = "causal-map-contributions";
    public static final String RESOLUTION = "causal-map-resolution";
    public static final String FINGERPRINTS = "causal-map-fingerprints";
    public static final String SNAPSHOTS = "causal-map-snapshots";

    static final char SEPARATOR = '\u0000';

    static String prefix(String mapId) {
        return mapId + SEPARATOR;
    }

    static String contribution(String mapId, String passageId, String annotatorId) {
        return prefix(mapId) + passageId + SEPARATOR + annotatorId;
    }

    /** Zero-padded, so that a prefix scan returns the log in order. */
    static String resolution(String mapId, int sequence) {
        return prefix(mapId) + String.format("%010d", sequence);
    }

    static String mapIdOf(String key) {
        return key.substring(0, key.indexOf(SEPARATOR));
    }

    private MapStores() {
    }
}
