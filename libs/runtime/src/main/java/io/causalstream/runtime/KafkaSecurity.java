package io.causalstream.runtime;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.config.SslConfigs;

/**
 * How every Kafka client of a service authenticates: {@code security.protocol}, SASL and SSL. Unset values are
 * left out, so a plaintext local cluster needs nothing. Passwords never appear in {@link #toString()}.
 *
 * @param protocol           PLAINTEXT, SSL, SASL_PLAINTEXT or SASL_SSL
 * @param saslMechanism      e.g. PLAIN, SCRAM-SHA-512; null when no SASL
 * @param saslJaasConfig     the full JAAS line; built from the user name and password when they are given instead
 */
public record KafkaSecurity(String protocol, String saslMechanism, String saslJaasConfig,
                            String truststoreLocation, String truststorePassword, String truststoreType,
                            String keystoreLocation, String keystorePassword, String keystoreType) {

    public static final KafkaSecurity PLAINTEXT = new KafkaSecurity("PLAINTEXT", null, null, null, null, null,
            null, null, null);

    static final List<String> PROTOCOLS = List.of("PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL");

    public boolean sasl() {
        return protocol.startsWith("SASL_");
    }

    /** The client properties this adds to producers, consumers, admin clients and Kafka Streams. */
    public Map<String, Object> clientProperties() {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, protocol);
        putIfSet(p, SaslConfigs.SASL_MECHANISM, saslMechanism);
        putIfSet(p, SaslConfigs.SASL_JAAS_CONFIG, saslJaasConfig);
        putIfSet(p, SslConfigs.SSL_TRUSTSTORE_LOCATION_CONFIG, truststoreLocation);
        putIfSet(p, SslConfigs.SSL_TRUSTSTORE_PASSWORD_CONFIG, truststorePassword);
        putIfSet(p, SslConfigs.SSL_TRUSTSTORE_TYPE_CONFIG, truststoreType);
        putIfSet(p, SslConfigs.SSL_KEYSTORE_LOCATION_CONFIG, keystoreLocation);
        putIfSet(p, SslConfigs.SSL_KEYSTORE_PASSWORD_CONFIG, keystorePassword);
        putIfSet(p, SslConfigs.SSL_KEYSTORE_TYPE_CONFIG, keystoreType);
        return p;
    }

    /** The JAAS line for a user name and password, for the mechanisms that take one. */
    static String jaasFor(String mechanism, String username, String password) {
        String module = switch (mechanism) {
            case "PLAIN" -> "org.apache.kafka.common.security.plain.PlainLoginModule";
            case "SCRAM-SHA-256", "SCRAM-SHA-512" -> "org.apache.kafka.common.security.scram.ScramLoginModule";
            default -> null;
        };
        if (module == null) {
            return null;
        }
        return module + " required username=\"" + escape(username) + "\" password=\"" + escape(password) + "\";";
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    private static void putIfSet(Map<String, Object> p, String key, String value) {
        if (value != null) {
            p.put(key, value);
        }
    }

    @Override
    public String toString() {
        return "KafkaSecurity[protocol=" + protocol + ", saslMechanism=" + saslMechanism
                + ", jaas=" + (saslJaasConfig == null ? "none" : "***") + ", truststore=" + truststoreLocation
                + ", keystore=" + keystoreLocation + "]";
    }
}
