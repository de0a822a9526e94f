package io.causalstream.openai;

/**
 * A JSON schema the answer must follow, sent as {@code response_format: {type: json_schema, json_schema: {name,
 * strict: true, schema}}}.
 *
 * @param name   the schema's name in the request
 * @param schema the JSON schema, as JSON text
 */
public record ResponseSchema(String name, String schema) {
}
