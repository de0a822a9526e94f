package io.causalstream.serde;

/** The API paths of the schema registry below its root URL. */
public final class RegistryEndpoints {

    /** Apicurio's own API, used by the serdes. */
    public static String nativeApi(String root) {
        return root + "/apis/registry/v3";
    }

    /** The Confluent Schema Registry compatible API, for any Confluent-speaking tool (kcat, ksqlDB, ...). */
    public static String confluentApi(String root) {
        return root + "/apis/ccompat/v7";
    }

    private RegistryEndpoints() {
    }
}
