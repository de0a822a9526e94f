package io.causalstream.deadletter;

import io.causalstream.topics.Topics;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which dead letters a replay re-publishes, and what each replayed record looks like. Kafka-free: the command reads
 * the dead-letter topic and the source topic and hands their records here.
 *
 * <ul>
 *   <li>A dead letter is identified by its <em>origin</em>, the source record it was made from
 *       ({@code <topic>-<partition>@<offset>} from its KIP-1034 headers). A bad passage rejected by each of the
 *       three services that read {@code passages} has three dead letters and one origin: it is replayed once.</li>
 *   <li>A replayed record carries {@value #REPLAYED_FROM} = its origin; origins already found on the source topic
 *       under that header are not replayed again, so a second run replays nothing new (idempotent).</li>
 *   <li>The replayed record is the original key, value and headers, minus the error headers
 *       ({@link DeadLetters#ERROR_HEADERS}).</li>
 *   <li>{@code --where} conditions select dead letters; all must hold.</li>
 * </ul>
 */
public final class ReplayPlan {

    /** Header of a replayed record: the origin of the dead letter it was replayed from. */
    public static final String REPLAYED_FROM = "causal-stream.replayed-from";

    /** One header, in order; a value may be null. */
    public record Header(String key, byte[] value) {
    }

    /** A record of a dead-letter topic, as read. */
    public record DeadLetter(int partition, long offset, byte[] key, byte[] value, List<Header> headers) {

        public String header(String name) {
            String found = null;
            for (Header h : headers) {
                if (h.key().equals(name)) {
                    found = h.value() == null ? null : new String(h.value(), StandardCharsets.UTF_8);
                }
            }
            return found;
        }

        /** The source record, {@code topic-partition@offset}; the dead letter's own position if headers lack it. */
        public String origin(String dlqTopic) {
            String t = header(DeadLetters.TOPIC);
            String p = header(DeadLetters.PARTITION);
            String o = header(DeadLetters.OFFSET);
            return t != null && p != null && o != null ? t + "-" + p + "@" + o
                    : dlqTopic + "-" + partition + "@" + offset;
        }
    }

    /** What happens to a dead letter. */
    public enum Action { REPLAY, ALREADY_REPLAYED, SAME_ORIGIN_AS_EARLIER, NOT_SELECTED }

    public record Entry(DeadLetter deadLetter, String origin, Action action) {
    }

    /** A record to publish to the source topic. */
    public record Replay(String topic, byte[] key, byte[] value, List<Header> headers) {
    }

    /**
     * One {@code --where} condition: {@code field=value} (equal) or {@code field~value} (contains, ignoring case).
     * Fields: {@code application}, {@code code}, {@code exception}, {@code reason}, {@code key},
     * {@code source-partition}, {@code source-offset}, {@code partition}, {@code offset} (the last two in the
     * dead-letter topic).
     */
    public record Condition(String field, boolean contains, String value) {

        static final Set<String> FIELDS = Set.of("application", "code", "exception", "reason", "key",
                "source-partition", "source-offset", "partition", "offset");

        public static Condition parse(String text) {
            int eq = text.indexOf('=');
            int tilde = text.indexOf('~');
            int at = eq < 0 ? tilde : tilde < 0 ? eq : Math.min(eq, tilde);
            if (at <= 0) {
                throw new IllegalArgumentException("--where '" + text + "': expected FIELD=VALUE or FIELD~TEXT");
            }
            String field = text.substring(0, at).trim().toLowerCase(Locale.ROOT);
            if (!FIELDS.contains(field)) {
                throw new IllegalArgumentException("--where '" + text + "': unknown field '" + field + "'; known: "
                        + FIELDS.stream().sorted().toList());
            }
            return new Condition(field, text.charAt(at) == '~', text.substring(at + 1));
        }

        boolean test(DeadLetter d) {
            String actual = switch (field) {
                case "application" -> d.header(DeadLetters.APPLICATION_ID);
                case "code" -> d.header(DeadLetters.CODE);
                case "exception" -> d.header(DeadLetters.EXCEPTION);
                case "reason" -> d.header(DeadLetters.MESSAGE);
                case "key" -> d.key() == null ? null : new String(d.key(), StandardCharsets.UTF_8);
                case "source-partition" -> d.header(DeadLetters.PARTITION);
                case "source-offset" -> d.header(DeadLetters.OFFSET);
                case "partition" -> Integer.toString(d.partition());
                case "offset" -> Long.toString(d.offset());
                default -> throw new IllegalStateException(field);
            };
            if (actual == null) {
                return false;
            }
            return contains ? actual.toLowerCase(Locale.ROOT).contains(value.toLowerCase(Locale.ROOT))
                    : actual.equals(value);
        }
    }

    private final String dlqTopic;
    private final List<Entry> entries;

    private ReplayPlan(String dlqTopic, List<Entry> entries) {
        this.dlqTopic = dlqTopic;
        this.entries = entries;
    }

    /** The source topic of a dead-letter topic: {@code passages.dlq} to {@code passages}. */
    public static String sourceTopic(String dlqTopic) {
        if (!dlqTopic.endsWith(Topics.DEAD_LETTER_SUFFIX) || dlqTopic.length() == Topics.DEAD_LETTER_SUFFIX.length()) {
            throw new IllegalArgumentException("not a dead-letter topic (no '" + Topics.DEAD_LETTER_SUFFIX
                    + "' suffix): " + dlqTopic);
        }
        return dlqTopic.substring(0, dlqTopic.length() - Topics.DEAD_LETTER_SUFFIX.length());
    }

    /**
     * @param deadLetters     the dead-letter topic's records, in order of reading
     * @param alreadyReplayed the {@value #REPLAYED_FROM} values found on the source topic
     * @param where           conditions, all of which must hold for a dead letter to be chosen
     */
    public static ReplayPlan of(String dlqTopic, List<DeadLetter> deadLetters, Set<String> alreadyReplayed,
                                List<Condition> where) {
        sourceTopic(dlqTopic);
        Set<String> planned = new HashSet<>();
        List<Entry> entries = new ArrayList<>();
        for (DeadLetter d : deadLetters) {
            String origin = d.origin(dlqTopic);
            Action action;
            if (!where.stream().allMatch(c -> c.test(d))) {
                action = Action.NOT_SELECTED;
            } else if (alreadyReplayed.contains(origin)) {
                action = Action.ALREADY_REPLAYED;
            } else if (!planned.add(origin)) {
                action = Action.SAME_ORIGIN_AS_EARLIER;
            } else {
                action = Action.REPLAY;
            }
            entries.add(new Entry(d, origin, action));
        }
        return new ReplayPlan(dlqTopic, List.copyOf(entries));
    }

    public List<Entry> entries() {
        return entries;
    }

    public long count(Action action) {
        return entries.stream().filter(e -> e.action() == action).count();
    }

    /** The records to publish, in dead-letter order. */
    public List<Replay> replays() {
        String source = sourceTopic(dlqTopic);
        List<Replay> out = new ArrayList<>();
        for (Entry e : entries) {
            if (e.action() != Action.REPLAY) {
                continue;
            }
            List<Header> headers = new ArrayList<>();
            for (Header h : e.deadLetter().headers()) {
                if (!DeadLetters.ERROR_HEADERS.contains(h.key()) && !h.key().equals(REPLAYED_FROM)) {
                    headers.add(h);
                }
            }
            headers.add(new Header(REPLAYED_FROM, e.origin().getBytes(StandardCharsets.UTF_8)));
            out.add(new Replay(source, e.deadLetter().key(), e.deadLetter().value(), List.copyOf(headers)));
        }
        return out;
    }

    /** One line per dead letter: position, origin, writer, code, action, reason (cut to 120 characters). */
    public List<String> describe() {
        List<String> lines = new ArrayList<>();
        for (Entry e : entries) {
            DeadLetter d = e.deadLetter();
            String reason = String.valueOf(d.header(DeadLetters.MESSAGE));
            lines.add(String.format(Locale.ROOT, "%s-%d@%d  origin=%s  application=%s  code=%s  %s  %s", dlqTopic,
                    d.partition(), d.offset(), e.origin(), d.header(DeadLetters.APPLICATION_ID),
                    d.header(DeadLetters.CODE), e.action(),
                    reason.length() > 120 ? reason.substring(0, 117) + "..." : reason));
        }
        return lines;
    }

    /** Parses the {@code --where} options. */
    public static List<Condition> conditions(List<String> where) {
        return where == null ? List.of() : where.stream().map(Condition::parse).toList();
    }

}
