package io.causalstream.serde;

import io.apicurio.registry.rest.client.RegistryClient;
import io.apicurio.registry.rest.client.models.ArtifactReference;
import io.apicurio.registry.rest.client.models.ArtifactSearchResults;
import io.apicurio.registry.rest.client.models.CreateVersion;
import io.apicurio.registry.rest.client.models.HandleReferencesType;
import io.apicurio.registry.rest.client.models.SearchedArtifact;
import io.apicurio.registry.rest.client.models.VersionContent;
import io.apicurio.registry.rest.client.models.VersionMetaData;
import io.apicurio.registry.rest.client.groups.item.artifacts.item.WithArtifactItemRequestBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Moves a registry whose subjects hold schemas with references (what the serdes registered before they registered
 * self-contained schemas) to a self-contained latest version per subject, through two new versions that each pass
 * the registry's compatibility check:
 * <ol>
 *   <li>a <em>bridge</em>: the latest version's schema with its references inlined (the registry's own
 *       dereferencing, {@code references=DEREFERENCE}), registered with the latest version's references kept. The
 *       registry's Avro check parses the previous version with the new version's references: a self-contained
 *       version registered directly on top of one with references is refused (HTTP 422, "Could not execute
 *       compatibility rule on invalid Avro schema"); with them, it parses, and inlined types equal to the
 *       referenced ones are no redefinition.</li>
 *   <li>the same schema without references: checked against the bridge, whose text parses alone. It is the text
 *       the serdes register, so they find it and add no version of their own.</li>
 * </ol>
 * Old versions and the subjects named after record types stay: records already on the topics carry the old
 * schema ids, whose versions refer to those subjects. Only topic subjects ({@code <topic>-value},
 * {@code <topic>-key}) are moved; a subject whose latest version has no reference is left alone, so a second run
 * changes nothing.
 */
public final class SelfContainedSchemas {

    /** The group the serdes and the Confluent-compatible API use. */
    static final String GROUP = "default";
    private static final String AVRO = "AVRO";
    private static final int PAGE = 500;

    /** What a subject needs, or what was done to it. */
    public enum Outcome { SELF_CONTAINED, TO_MOVE, MOVED }

    /**
     * @param latestVersion        the subject's latest version before the move
     * @param references           how many references that version has
     * @param bridgeVersion        the version added with the references kept (null unless moved)
     * @param selfContainedVersion the self-contained version added (null unless moved)
     */
    public record Subject(String subject, String latestVersion, int references, Outcome outcome,
                          String bridgeVersion, String selfContainedVersion) {

        public String describe() {
            return switch (outcome) {
                case SELF_CONTAINED -> String.format(Locale.ROOT, "%s: version %s is self-contained", subject,
                        latestVersion);
                case TO_MOVE -> String.format(Locale.ROOT, "%s: version %s has %d references: would add a bridge "
                        + "version (references inlined and kept) and a self-contained one", subject, latestVersion,
                        references);
                case MOVED -> String.format(Locale.ROOT, "%s: version %s had %d references: added %s (bridge) and "
                        + "%s (self-contained)", subject, latestVersion, references, bridgeVersion,
                        selfContainedVersion);
            };
        }
    }

    private final RegistryClient client;

    /** Through the registry client of a serde factory (its URL, credentials and bounded requests). */
    public SelfContainedSchemas(AvroSerdes serdes) {
        this(serdes.registryClient());
    }

    SelfContainedSchemas(RegistryClient client) {
        this.client = client;
    }

    /**
     * Every Avro topic subject of the registry and what it needs; with {@code apply}, the subjects that need it are
     * moved.
     */
    public List<Subject> run(boolean apply) {
        List<Subject> out = new ArrayList<>();
        for (String subject : avroTopicSubjects()) {
            WithArtifactItemRequestBuilder artifact = artifact(subject);
            var latest = artifact.versions().byVersionExpression("branch=latest");
            String version = latest.get().getVersion();
            List<ArtifactReference> references = latest.references().get();
            if (references == null || references.isEmpty()) {
                out.add(new Subject(subject, version, 0, Outcome.SELF_CONTAINED, null, null));
                continue;
            }
            if (!apply) {
                out.add(new Subject(subject, version, references.size(), Outcome.TO_MOVE, null, null));
                continue;
            }
            String inlined = read(latest.content().get(c -> c.queryParameters.references =
                    HandleReferencesType.DEREFERENCE));
            VersionMetaData bridge = artifact.versions().post(version(inlined, references));
            VersionMetaData selfContained = artifact.versions().post(version(inlined, List.of()));
            out.add(new Subject(subject, version, references.size(), Outcome.MOVED, bridge.getVersion(),
                    selfContained.getVersion()));
        }
        return out;
    }

    private List<String> avroTopicSubjects() {
        List<String> subjects = new ArrayList<>();
        for (int offset = 0; ; offset += PAGE) {
            int from = offset;
            ArtifactSearchResults page = client.groups().byGroupId(GROUP).artifacts().get(c -> {
                c.queryParameters.offset = from;
                c.queryParameters.limit = PAGE;
            });
            List<SearchedArtifact> artifacts = page == null || page.getArtifacts() == null ? List.of()
                    : page.getArtifacts();
            for (SearchedArtifact a : artifacts) {
                if (AVRO.equals(a.getArtifactType()) && isTopicSubject(a.getArtifactId())) {
                    subjects.add(a.getArtifactId());
                }
            }
            if (artifacts.size() < PAGE) {
                return subjects;
            }
        }
    }

    /** A subject of the topic-name strategy, as the serdes name them (not one named after a record type). */
    static boolean isTopicSubject(String subject) {
        return subject.endsWith("-value") || subject.endsWith("-key");
    }

    private WithArtifactItemRequestBuilder artifact(String subject) {
        return client.groups().byGroupId(GROUP).artifacts().byArtifactId(subject);
    }

    private static CreateVersion version(String schema, List<ArtifactReference> references) {
        VersionContent content = new VersionContent();
        content.setContent(schema);
        content.setContentType("application/json");
        content.setReferences(references);
        CreateVersion v = new CreateVersion();
        v.setContent(content);
        return v;
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read a schema from the registry", e);
        }
    }
}
