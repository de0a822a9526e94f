package io.causalstream.graphsink;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Struct;

/**
 * Reads a record value as the converters hand it over: a Connect {@link Struct} (Avro through a registry, JSON with
 * schemas) or a {@link Map} (schemaless JSON). Avro enums arrive as strings, optional unions as nullable fields,
 * {@code timestamp-millis} as {@link Date}. Every failure names the field.
 */
final class Fields {

    private Fields() {
    }

    static boolean isRecord(Object value) {
        return value instanceof Struct || value instanceof Map;
    }

    static Object get(Object record, String field) {
        if (record instanceof Struct s) {
            return s.schema().field(field) == null ? null : s.get(field);
        }
        if (record instanceof Map<?, ?> m) {
            return m.get(field);
        }
        throw new UnmappableRecordException("expected a record holding '" + field + "', got "
                + (record == null ? "null" : record.getClass().getSimpleName()));
    }

    static String requiredText(Object record, String field) {
        Object v = get(record, field);
        if (v == null || v.toString().isBlank()) {
            throw new UnmappableRecordException("field '" + field + "' is missing or blank");
        }
        return v.toString();
    }

    static String text(Object record, String field) {
        Object v = get(record, field);
        return v == null ? null : v.toString();
    }

    static Double number(Object record, String field) {
        Object v = get(record, field);
        if (v == null) {
            return null;
        }
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        throw new UnmappableRecordException("field '" + field + "' is not a number: " + v);
    }

    static long integer(Object record, String field, long otherwise) {
        Double d = number(record, field);
        return d == null ? otherwise : d.longValue();
    }

    static Object record(Object record, String field) {
        Object v = get(record, field);
        if (v != null && !isRecord(v)) {
            throw new UnmappableRecordException("field '" + field + "' is not a record: " + v);
        }
        return v;
    }

    static Object requiredRecord(Object record, String field) {
        Object v = record(record, field);
        if (v == null) {
            throw new UnmappableRecordException("field '" + field + "' is missing");
        }
        return v;
    }

    static List<?> list(Object record, String field) {
        Object v = get(record, field);
        if (v == null) {
            return List.of();
        }
        if (v instanceof List<?> l) {
            return l;
        }
        throw new UnmappableRecordException("field '" + field + "' is not a list: " + v);
    }

    static ZonedDateTime time(Object record, String field) {
        Object v = get(record, field);
        if (v == null) {
            return null;
        }
        if (v instanceof Date d) {
            return d.toInstant().atZone(ZoneOffset.UTC);
        }
        if (v instanceof Number n) {
            return Instant.ofEpochMilli(n.longValue()).atZone(ZoneOffset.UTC);
        }
        throw new UnmappableRecordException("field '" + field + "' is not a time: " + v);
    }
}
