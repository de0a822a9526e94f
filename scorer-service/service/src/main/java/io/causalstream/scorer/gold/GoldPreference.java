package io.causalstream.scorer.gold;

import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.gold.GoldOrigin;
import java.util.Locale;

/**
 * Which gold a passage's extractions are scored against when it has both a curated reference and a tournament
 * winner (setting {@code scorer.gold.preference}). The preferred one wins when present; otherwise the other one is
 * used, so a passage without a curator still gets scores once people have rated its annotations.
 */
public enum GoldPreference {

    /** The curated gold when the passage has one, else the tournament winner (default). */
    CURATED(GoldOrigin.CURATED),
    /** The tournament winner when the passage has one, else the curated gold. */
    TOURNAMENT(GoldOrigin.TOURNAMENT);

    private final GoldOrigin preferred;

    GoldPreference(GoldOrigin preferred) {
        this.preferred = preferred;
    }

    /** The effective gold, or null when the passage has neither. */
    public GoldGraph choose(GoldGraph curated, GoldGraph tournament) {
        GoldGraph first = preferred == GoldOrigin.CURATED ? curated : tournament;
        GoldGraph second = preferred == GoldOrigin.CURATED ? tournament : curated;
        return first != null ? first : second;
    }

    /** Parses {@code curated} or {@code tournament}, case-insensitively. */
    public static GoldPreference parse(String value) {
        String v = value == null ? "" : value.trim().toUpperCase(Locale.ROOT);
        for (GoldPreference p : values()) {
            if (p.name().equals(v)) {
                return p;
            }
        }
        throw new IllegalArgumentException("scorer.gold.preference must be 'curated' or 'tournament', got '"
                + value + "'");
    }

    /** The setting value, as written in config files. */
    public String settingValue() {
        return name().toLowerCase(Locale.ROOT);
    }
}
