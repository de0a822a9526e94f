package io.causalstream.deploy.local;

import io.causalstream.local.KafkaBrokerProcess;
import io.causalstream.local.LocalCredentials;
import io.causalstream.runtime.ServiceAcls;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialAlteration;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates (or updates) the SCRAM users and the ACLs of {@link ServiceAcls} on a secured broker, as its admin.
 * Idempotent: run at every start, it upserts the current passwords (so a rotation is a restart) and adds the ACLs
 * that are missing (an ACL that exists is left as it is).
 */
public final class LocalAccessControl {

    private static final Logger log = LoggerFactory.getLogger(LocalAccessControl.class);
    /** Iterations of the SCRAM credentials (Kafka's minimum is 4096). */
    static final int ITERATIONS = 8192;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private LocalAccessControl() {
    }

    /** @param adminConnection the admin's connection settings ({@link KafkaBrokerProcess#adminConnection()}) */
    public static void apply(Map<String, Object> adminConnection, LocalCredentials credentials,
                             List<ServiceAcls.Rule> rules) {
        List<UserScramCredentialAlteration> users = new ArrayList<>();
        for (String user : ServiceAcls.users(rules)) {
            users.add(new UserScramCredentialUpsertion(user,
                    new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, ITERATIONS), credentials.password(user)));
        }
        try (Admin admin = Admin.create(adminConnection)) {
            admin.alterUserScramCredentials(users).all().get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            admin.createAcls(ServiceAcls.bindings(rules)).all().get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            log.info("{} SCRAM users and {} ACL rules in place", users.size(), rules.size());
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot create the users and ACLs: " + e.getCause().getMessage(),
                    e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("the broker did not create the users and ACLs within " + TIMEOUT, e);
        }
    }
}
