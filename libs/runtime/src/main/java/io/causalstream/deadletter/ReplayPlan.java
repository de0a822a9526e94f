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
 * the dead-letter topic and the source topics and hands their records here. The services' dead letters and Kafka
 * Connect's are read alike ({@link DeadLetterField}).
 *
 * <ul>
 *   <li>A dead letter is identified by its <em>origin</em>, the source record it was made from
 *       ({@code <topic>-<partition>@<offset>} from its headers: KIP-1034's or Connect's). A bad passage rejected by
 *       each of the three services that read {@code passages} has three dead letters and one origin: it is
 *       replayed once.</li>
 *   <li>A replay goes to the origin's topic: Connect's {@code graph-sink.dlq} holds records of both topics the sink
 *       reads. A dead letter without a source-topic header goes to the topic the dead-letter topic's name gives,
 *       if that is a topic of the contract; else it is not replayed ({@link Action#NO_SOURCE_TOPIC}).</li>
 *   <li>A replayed record carries {@value #REPLAYED_FROM} = its origin; origins already found on the source topic
 *       under that header are not replayed again, so a second run replays nothing new (idempotent).</li>
 *   <li>The replayed record is the original key, value and headers, minus the error headers
 *       ({@link DeadLetters#isErrorHeader}).</li>
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

        /** What the dead letter says, in the services' headers or in Kafka Connect's. */
        public String field(DeadLetterField field) {
            return field.read(this::header);
        }

        /** The source record, {@code topic-partition@offset}; the dead letter's own position if headers lack it. */
        public String origin(String dlqTopic) {
            String t = field(DeadLetterField.SOURCE_TOPIC);
            String p = field(DeadLetterField.SOURCE_PARTITION);
            String o = field(DeadLetterField.SOURCE_OFFSET);
            return t != null && p != null && o != null ? t + "-" + p + "@" + o
                    : dlqTopic + "-" + partition + "@" + offset;
        }
    }

    /** What happens to a dead letter. */
    public enum Action { REPLAY, ALREADY_REPLAYED, SAME_ORIGIN_AS_EARLIER, NOT_SELECTED,
        /** the dead letter names no source topic, and its topic's name does not give one */
        NO_SOURCE_TOPIC }

    /** @param target the topic a replay publishes it to, or null when it names none */
    public record Entry(DeadLetter deadLetter, String origin, String target, Action action) {
    }

    /** A record to publish to the source topic. */
    public record Replay(String topic, byte[] key, byte[] value, List<Header> headers) {
    }

    /**
     * One {@code --where} condition: {@code field=value} (equal) or {@code field~value} (contains, ignoring case).
     * Fields: {@code application} (a service's application id, or a connector's name), {@code code},
     * {@code stage} (Kafka Connect's), {@code exception}, {@code reason}, {@code key}, {@code source-topic},
     * {@code source-partition}, {@code source-offset}, {@code partition}, {@code offset} (the last two in the
     * dead-letter topic).
     */
    public record Condition(String field, boolean contains, String value) {

        static final Set<String> FIELDS = Set.of("application", "code", "stage", "exception", "reason", "key",
                "source-topic", "source-partition", "source-offset", "partition", "offset");

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
                case "application" -> d.field(DeadLetterField.APPLICATION);
                case "code" -> d.field(DeadLetterField.CODE);
                case "stage" -> d.field(DeadLetterField.STAGE);
                case "exception" -> d.field(DeadLetterField.EXCEPTION);
                case "reason" -> d.field(DeadLetterField.REASON);
                case "key" -> d.key() == null ? null : new String(d.key(), StandardCharsets.UTF_8);
                case "source-topic" -> d.field(DeadLetterField.SOURCE_TOPIC);
                case "source-partition" -> d.field(DeadLetterField.SOURCE_PARTITION);
                case "source-offset" -> d.field(DeadLetterField.SOURCE_OFFSET);
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

    /**
     * The source topic a dead-letter topic's name gives: {@code passages.dlq} to {@code passages}. A dead letter's
     * own source-topic header comes first: Kafka Connect's dead-letter topic ({@code graph-sink.dlq}) holds the
     * records of every topic its connector reads.
     */
    public static String sourceTopic(String dlqTopic) {
        if (!dlqTopic.endsWith(Topics.DEAD_LETTER_SUFFIX) || dlqTopic.length() == Topics.DEAD_LETTER_SUFFIX.length()) {
            throw new IllegalArgumentException("not a dead-letter topic (no '" + Topics.DEAD_LETTER_SUFFIX
                    + "' suffix): " + dlqTopic);
        }
        return dlqTopic.substring(0, dlqTopic.length() - Topics.DEAD_LETTER_SUFFIX.length());
    }

    /**
     * @param deadLetters     the dead-letter topic's records, in order of reading
     * @param alreadyReplayed the {@value #REPLAYED_FROM} values found on the source topics ({@link #targets})
     * @param where           conditions, all of which must hold for a dead letter to be chosen
     */
    public static ReplayPlan of(String dlqTopic, List<DeadLetter> deadLetters, Set<String> alreadyReplayed,
                                List<Condition> where) {
        String named = sourceTopic(dlqTopic);
        // without a source-topic header, the name gives it only if it names a topic of the contract
        String fallback = Topics.ALL.stream().anyMatch(t -> t.name().equals(named)) ? named : null;
        Set<String> planned = new HashSet<>();
        List<Entry> entries = new ArrayList<>();
        for (DeadLetter d : deadLetters) {
            String origin = d.origin(dlqTopic);
            String source = d.field(DeadLetterField.SOURCE_TOPIC);
            String target = source != null ? source : fallback;
            Action action;
            if (!where.stream().allMatch(c -> c.test(d))) {
                action = Action.NOT_SELECTED;
            } else if (target == null) {
                action = Action.NO_SOURCE_TOPIC;
            } else if (alreadyReplayed.contains(origin)) {
                action = Action.ALREADY_REPLAYED;
            } else if (!planned.add(origin)) {
                action = Action.SAME_ORIGIN_AS_EARLIER;
            } else {
                action = Action.REPLAY;
            }
            entries.add(new Entry(d, origin, target, action));
        }
        return new ReplayPlan(dlqTopic, List.copyOf(entries));
    }

    public List<Entry> entries() {
        return entries;
    }

    public long count(Action action) {
        return entries.stream().filter(e -> e.action() == action).count();
    }

    /**
     * The topics replays of this dead-letter topic go to (where to look for {@value #REPLAYED_FROM}): the named
     * source topics of its dead letters, in order of first appearance.
     */
    public static List<String> targets(String dlqTopic, List<DeadLetter> deadLetters) {
        return of(dlqTopic, deadLetters, Set.of(), List.of()).entries.stream().map(Entry::target)
                .filter(java.util.Objects::nonNull).distinct().toList();
    }

    /** The records to publish, in dead-letter order. */
    public List<Replay> replays() {
        List<Replay> out = new ArrayList<>();
        for (Entry e : entries) {
            if (e.action() != Action.REPLAY) {
                continue;
            }
            List<Header> headers = new ArrayList<>();
            for (Header h : e.deadLetter().headers()) {
                if (!DeadLetters.isErrorHeader(h.key()) && !h.key().equals(REPLAYED_FROM)) {
                    headers.add(h);
                }
            }
            headers.add(new Header(REPLAYED_FROM, e.origin().getBytes(StandardCharsets.UTF_8)));
            out.add(new Replay(e.target(), e.deadLetter().key(), e.deadLetter().value(), List.copyOf(headers)));
        }
        return out;
    }

    /**
     * One line per dead letter: position, origin, writer, code (Kafka Connect's stage for its dead letters), action,
     * reason (cut to 120 characters).
     */
    public List<String> describe() {
        List<String> lines = new ArrayList<>();
        for (Entry e : entries) {
            DeadLetter d = e.deadLetter();
            String reason = String.valueOf(d.field(DeadLetterField.REASON));
            String stage = d.field(DeadLetterField.STAGE);
            String code = stage != null && d.field(DeadLetterField.CODE) == null ? "stage=" + stage
                    : "code=" + d.field(DeadLetterField.CODE);
            lines.add(String.format(Locale.ROOT, "%s-%d@%d  origin=%s  application=%s  %s  %s  %s", dlqTopic,
                    d.partition(), d.offset(), e.origin(), d.field(DeadLetterField.APPLICATION), code, e.action(),
                    reason.length() > 120 ? reason.substring(0, 117) + "..." : reason));
        }
        return lines;
    }

    /** Parses the {@code --where} options. */
    public static List<Condition> conditions(List<String> where) {
        return where == null ? List.of() : where.stream().map(Condition::parse).toList();
    }

}
