package io.causalstream.runtime;

/** HTTP basic auth for the schema registry; {@link #NONE} when the registry is open. */
public record RegistryCredentials(String username, String password) {

    public static final RegistryCredentials NONE = new RegistryCredentials(null, null);

    public boolean present() {
        return username != null;
    }

    /** The {@code Authorization} header value, or null when there are no credentials. */
    public String basicAuthHeader() {
        if (!present()) {
            return null;
        }
        return "Basic " + java.util.Base64.getEncoder()
                .encodeToString((username + ":" + password).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return present() ? "RegistryCredentials[username=" + username + ", password=***]" : "RegistryCredentials[none]";
    }
}
