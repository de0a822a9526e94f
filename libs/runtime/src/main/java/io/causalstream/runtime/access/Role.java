package io.causalstream.runtime.access;

/**
 * Who signs in to a page and where its session lives: the purpose label of the signatures and the word of the
 * refusals ({@code name}), the cookie, the field of the session's answer that names the person, the endpoint of
 * the session and the internal endpoint where the instances pass revocations to each other (under
 * {@code /api/internal/}, which only the service's own instances may call).
 */
public record Role(String name, String cookie, String idField, String sessionPath, String revocationsPath) {

    public Role {
        if (!revocationsPath.startsWith("/api/internal/")) {
            throw new IllegalArgumentException("the revocations endpoint must be internal (/api/internal/...): "
                    + revocationsPath);
        }
    }
}
