package io.causalstream.extractor.parse;

import io.causalstream.extractor.parse.ParseProblem.Kind;
import io.causalstream.schemas.graph.Direction;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads causal triplets from whatever a model wrote, and never throws. It understands
 * <ul>
 *   <li>the released instruction-tuning order {@code <triplet> SRC <subj> positive <obj> TGT} and the paper's
 *       appendix E order {@code <triplet> src <subj> tgt <obj> relation}, told apart by where the relation word
 *       stands;</li>
 *   <li>the zero/three-shot tagged form {@code <triplet><subj>..</subj><obj>..</obj><relation>..</relation>
 *       </triplet>}, also with {@code <triple>} and missing closing tags;</li>
 *   <li>JSON from structured output: {@code {"triplets":[{"subject","object","relation"}]}} or a bare array, with
 *       source/target/direction or src/tgt/direction keys too, inside a code fence or not.</li>
 * </ul>
 * Chat-template tokens, echoed prompt headers, end-of-sequence markers and prose around the triplets are skipped
 * (and noted). Every repair or drop is a {@link ParseProblem}; a triplet repeated is kept once. The JSON forms are
 * read by {@link JsonTriplets}.
 */
public final class TripletParser {

    /** Where the model's answer starts when the prompt was echoed. */
    private static final Pattern ANSWER_START = Pattern.compile(
            "\\[/INST]|<\\|end_header_id\\|>\\s*(?:assistant)?|Causal\\s+Relation\\s+Triple(?:t)?s?\\s*:",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern SPECIAL_TOKENS = Pattern.compile(
            "</?s>|<\\|[a-z_]+\\|>|\\[/?INST]|<</?SYS>>", Pattern.CASE_INSENSITIVE);
    static final Pattern TRIPLET_OPEN = Pattern.compile("<\\s*triple(?:t)?\\s*>", Pattern.CASE_INSENSITIVE);
    private static final Pattern TRIPLET_CLOSE = Pattern.compile("<\\s*/\\s*triple(?:t)?\\s*>",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern SUBJ = Pattern.compile("<\\s*subj?\\s*>", Pattern.CASE_INSENSITIVE);
    private static final Pattern OBJ = Pattern.compile("<\\s*obj\\s*>", Pattern.CASE_INSENSITIVE);
    private static final Pattern ANY_TAG = Pattern.compile("<\\s*/?\\s*(?:triple(?:t)?|subj?|obj|relation)\\s*>",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern CLOSING_TAG = Pattern.compile("<\\s*/\\s*(?:subj?|obj|relation)\\s*>",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern LEFTOVER_MARKUP = Pattern.compile("\\*\\*|__|^\\s*[-*•]\\s+|^\\s*\\d+[.)]\\s+");

    /** Parses one output; {@code truncated} says the server stopped at the token limit. */
    public ParseResult parse(String output, boolean truncated) {
        List<ParseProblem> problems = new ArrayList<>();
        List<ParsedTriple> triples = new ArrayList<>();
        String format = "none";
        try {
            String text = output == null ? "" : output;
            if (truncated) {
                problems.add(ParseProblem.of(Kind.TRUNCATED, tail(text)));
            }
            String answer = answerPart(text);
            if (JsonTriplets.looksLikeJson(answer)) {
                format = "json";
                JsonTriplets.parse(answer, triples, problems);
            } else if (hasTaggedFields(answer)) {
                format = "tagged";
                parseTagged(answer, triples, problems);
            } else if (TRIPLET_OPEN.matcher(answer).find()) {
                format = "triplet";
                parseLinear(answer, triples, problems);
            }
            if (triples.isEmpty() && problems.stream().noneMatch(p -> p.kind() == Kind.NO_TRIPLETS)) {
                problems.add(ParseProblem.of(Kind.NO_TRIPLETS, answer));
            }
        } catch (RuntimeException | StackOverflowError e) {
            // a parser bug must not lose the passage: report what we have
            problems.add(ParseProblem.of(Kind.NO_TRIPLETS, "parser failed: " + e));
        }
        return new ParseResult(dedupe(triples, problems), problems, format);
    }

    public ParseResult parse(String output) {
        return parse(output, false);
    }

    /** The text after the last prompt echo marker, without chat special tokens. */
    static String answerPart(String text) {
        Matcher m = ANSWER_START.matcher(text);
        int start = 0;
        while (m.find()) {
            // only an echo counts if triplets follow it; otherwise the "marker" is part of the answer's prose
            if (TRIPLET_OPEN.matcher(text).region(m.end(), text.length()).find()
                    || text.indexOf('{', m.end()) >= 0 || text.indexOf('[', m.end()) >= 0) {
                start = m.end();
            }
        }
        return SPECIAL_TOKENS.matcher(text.substring(start)).replaceAll(" ");
    }

    // ---------------------------------------------------------------- tagged <subj>..</subj>

    private static boolean hasTaggedFields(String answer) {
        String lower = answer.toLowerCase(Locale.ROOT);
        return lower.contains("<relation>") || CLOSING_TAG.matcher(answer).find();
    }

    private static void parseTagged(String answer, List<ParsedTriple> triples, List<ParseProblem> problems) {
        List<String> chunks = splitOnTriplets(answer, problems);
        for (String whole : chunks) {
            String chunk = whole;
            Matcher close = TRIPLET_CLOSE.matcher(whole);
            if (close.find()) {
                chunk = whole.substring(0, close.start());
                String after = whole.substring(close.end());
                if (!after.isBlank()) {
                    problems.add(ParseProblem.of(Kind.EXTRA_TEXT, after));
                }
            }
            String subject = field(chunk, "subj?", problems);
            String object = field(chunk, "obj", problems);
            String relation = field(chunk, "relation", problems);
            if (subject == null && object == null && relation == null) {
                if (!chunk.isBlank()) {
                    problems.add(ParseProblem.of(Kind.EXTRA_TEXT, chunk));
                }
                continue;
            }
            add(subject, object, relation, chunk, triples, problems);
        }
    }

    /** The text of {@code <tag>...</tag>}; when the closing tag is missing, up to the next tag or line end. */
    private static String field(String chunk, String tag, List<ParseProblem> problems) {
        Matcher open = Pattern.compile("<\\s*" + tag + "\\s*>", Pattern.CASE_INSENSITIVE).matcher(chunk);
        if (!open.find()) {
            return null;
        }
        String rest = chunk.substring(open.end());
        Matcher close = Pattern.compile("<\\s*/\\s*" + tag + "\\s*>", Pattern.CASE_INSENSITIVE).matcher(rest);
        Matcher nextTag = ANY_TAG.matcher(rest);
        int nextTagAt = nextTag.find() ? nextTag.start() : rest.length();
        if (close.find() && close.start() <= nextTagAt) {
            return rest.substring(0, close.start());
        }
        problems.add(ParseProblem.of(Kind.UNCLOSED_TAG, "<" + tag.replace("?", "") + "> " + rest));
        String value = rest.substring(0, nextTagAt);
        int newline = value.strip().indexOf('\n');
        return newline < 0 ? value : value.strip().substring(0, newline);
    }

    // ---------------------------------------------------------------- <triplet> a <subj> b <obj> c

    private static void parseLinear(String answer, List<ParsedTriple> triples, List<ParseProblem> problems) {
        for (String chunk : splitOnTriplets(answer, problems)) {
            String c = TRIPLET_CLOSE.matcher(chunk).replaceAll(" ");
            Matcher subj = SUBJ.matcher(c);
            Matcher obj = OBJ.matcher(c);
            boolean hasSubj = subj.find();
            boolean hasObj = obj.find(hasSubj ? subj.end() : 0);
            if (!hasSubj || !hasObj) {
                problems.add(ParseProblem.of(Kind.MISSING_FIELD, "<triplet>" + c));
                continue;
            }
            String a = c.substring(0, subj.start());
            String b = c.substring(subj.end(), obj.start());
            String last = c.substring(obj.end());
            boolean middleIsRelation = RelationWords.direction(b).isPresent();
            Optional<Direction> lastRelation = RelationWords.direction(firstLine(last));
            if (!middleIsRelation) {
                lastRelation = lastRelation.or(() -> RelationWords.leadingDirection(last));
            }
            if (middleIsRelation && lastRelation.isPresent()) {
                problems.add(ParseProblem.of(Kind.AMBIGUOUS_ORDER, "<triplet>" + c));
            }
            if (middleIsRelation) {
                // the released training data: SRC <subj> relation <obj> TGT
                String target = firstLine(last);
                noteTrailing(last, target, problems);
                add(a, target, b, c, triples, problems);
            } else if (lastRelation.isPresent()) {
                // the paper's appendix E: src <subj> tgt <obj> relation
                String relationWord = RelationWords.direction(firstLine(last)).isPresent()
                        ? firstLine(last) : firstWord(last);
                noteTrailing(last, relationWord, problems);
                add(a, b, relationWord, c, triples, problems);
            } else {
                problems.add(ParseProblem.of(Kind.UNKNOWN_RELATION, "<triplet>" + c));
            }
        }
    }

    private static List<String> splitOnTriplets(String answer, List<ParseProblem> problems) {
        Matcher m = TRIPLET_OPEN.matcher(answer);
        List<Integer> starts = new ArrayList<>();
        while (m.find()) {
            starts.add(m.end());
        }
        List<String> chunks = new ArrayList<>();
        if (starts.isEmpty()) {
            chunks.add(answer);
            return chunks;
        }
        Matcher first = TRIPLET_OPEN.matcher(answer);
        first.find();
        String before = answer.substring(0, first.start());
        if (!before.isBlank() && !ANY_TAG.matcher(before).find()) {
            problems.add(ParseProblem.of(Kind.EXTRA_TEXT, before));
        } else if (!before.isBlank()) {
            chunks.add(before); // fields before the first <triplet> (a model that dropped the opening tag)
        }
        for (int i = 0; i < starts.size(); i++) {
            int end = i + 1 < starts.size() ? lastOpenBefore(answer, starts.get(i + 1)) : answer.length();
            chunks.add(answer.substring(starts.get(i), end));
        }
        return chunks;
    }

    private static int lastOpenBefore(String answer, int endOfNextOpen) {
        Matcher m = TRIPLET_OPEN.matcher(answer);
        int start = endOfNextOpen;
        while (m.find() && m.end() <= endOfNextOpen) {
            start = m.start();
        }
        return start;
    }

    private static String firstLine(String s) {
        String t = s.strip();
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl);
    }

    private static String firstWord(String s) {
        String t = s.strip();
        int end = 0;
        while (end < t.length() && !Character.isWhitespace(t.charAt(end))) {
            end++;
        }
        return t.substring(0, end);
    }

    private static void noteTrailing(String field, String used, List<ParseProblem> problems) {
        String rest = field.strip().substring(Math.min(used.length(), field.strip().length())).strip();
        if (!rest.isEmpty()) {
            problems.add(ParseProblem.of(Kind.EXTRA_TEXT, rest));
        }
    }

    // ---------------------------------------------------------------- common

    /** Adds the triple the three fields name, or the problem that keeps it out. */
    static void add(String subject, String object, String relation, String context, List<ParsedTriple> triples,
                    List<ParseProblem> problems) {
        if (subject == null || object == null || relation == null) {
            problems.add(ParseProblem.of(Kind.MISSING_FIELD, context));
            return;
        }
        String s = clean(subject);
        String o = clean(object);
        if (s.isEmpty() || o.isEmpty() || relation.isBlank()) {
            problems.add(ParseProblem.of(Kind.EMPTY_FIELD, context));
            return;
        }
        Optional<Direction> d = RelationWords.direction(relation);
        if (d.isEmpty()) {
            problems.add(ParseProblem.of(Kind.UNKNOWN_RELATION, relation));
            return;
        }
        triples.add(new ParsedTriple(s, o, d.get()));
    }

    /** A node as written, minus markup and the punctuation a model leaves around it. */
    static String clean(String field) {
        String s = ANY_TAG.matcher(field).replaceAll(" ");
        s = LEFTOVER_MARKUP.matcher(s.strip()).replaceAll("");
        s = s.replaceAll("\\s+", " ").strip();
        s = s.replaceAll("^[\"'“”‘’`\\[,;:]+|[\"'“”‘’`\\],;:.]+$", "").strip();
        // parentheses go only when unbalanced: "violence (general)" keeps its own
        while (s.endsWith(")") && count(s, '(') < count(s, ')')) {
            s = s.substring(0, s.length() - 1).strip();
        }
        while (s.startsWith("(") && count(s, '(') > count(s, ')')) {
            s = s.substring(1).strip();
        }
        return s;
    }

    private static long count(String s, char c) {
        return s.chars().filter(x -> x == c).count();
    }

    private static List<ParsedTriple> dedupe(List<ParsedTriple> triples, List<ParseProblem> problems) {
        Set<List<Object>> seen = new LinkedHashSet<>();
        List<ParsedTriple> out = new ArrayList<>();
        for (ParsedTriple t : triples) {
            List<Object> key = List.of(t.source().toLowerCase(Locale.ROOT), t.target().toLowerCase(Locale.ROOT),
                    t.direction());
            if (seen.add(key)) {
                out.add(t);
            } else {
                problems.add(ParseProblem.of(Kind.DUPLICATE, t.source() + " -> " + t.target()));
            }
        }
        return out;
    }

    private static String tail(String s) {
        return s.length() <= 60 ? s : "..." + s.substring(s.length() - 60);
    }
}
