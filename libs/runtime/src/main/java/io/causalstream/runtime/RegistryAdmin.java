package io.causalstream.runtime;

import io.causalstream.serde.RegistryEndpoints;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Administration through the registry's Confluent-compatible API, so it works the same against Apicurio and
 * Confluent Schema Registry.
 */
public final class RegistryAdmin {

    private static final String CONTENT_TYPE = "application/vnd.schemaregistry.v1+json";

    private final String confluentApi;
    private final String authorization;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public RegistryAdmin(String registryRootUrl) {
        this(registryRootUrl, RegistryCredentials.NONE);
    }

    public RegistryAdmin(String registryRootUrl, RegistryCredentials credentials) {
        this.authorization = credentials.basicAuthHeader();
        String root = registryRootUrl.endsWith("/") ? registryRootUrl.substring(0, registryRootUrl.length() - 1)
                : registryRootUrl;
        this.confluentApi = RegistryEndpoints.confluentApi(root);
    }

    /** Every subject must stay BACKWARD compatible: consumers on the new schema can read old records. */
    public void requireBackwardCompatibility() {
        send(HttpRequest.newBuilder(URI.create(confluentApi + "/config"))
                .header("Content-Type", CONTENT_TYPE)
                .PUT(HttpRequest.BodyPublishers.ofString("{\"compatibility\":\"BACKWARD\"}")), "set compatibility");
    }

    /** The global compatibility level, as JSON. */
    public String compatibility() {
        return send(HttpRequest.newBuilder(URI.create(confluentApi + "/config")).GET(), "read compatibility");
    }

    /** GET /schemas/ids/{id}: the schema behind a Confluent wire-format id, as JSON. */
    public String schemaById(int id) {
        return send(HttpRequest.newBuilder(URI.create(confluentApi + "/schemas/ids/" + id)).GET(), "read schema " + id);
    }

    private String send(HttpRequest.Builder request, String what) {
        try {
            if (authorization != null) {
                request.header("Authorization", authorization);
            }
            HttpResponse<String> r = http.send(request.timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() / 100 != 2) {
                throw new IllegalStateException("schema registry refused to " + what + ": HTTP " + r.statusCode()
                        + " " + r.body());
            }
            return r.body();
        } catch (IOException e) {
            throw new IllegalStateException("schema registry at " + confluentApi + " unreachable (" + what + "): "
                    + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
