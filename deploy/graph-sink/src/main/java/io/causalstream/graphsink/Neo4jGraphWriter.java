package io.causalstream.graphsink;

import java.util.List;
import org.neo4j.driver.AuthToken;
import org.neo4j.driver.AuthTokens;
import org.neo4j.driver.Driver;
import org.neo4j.driver.GraphDatabase;
import org.neo4j.driver.Session;
import org.neo4j.driver.SessionConfig;
import org.neo4j.driver.Transaction;
import org.neo4j.driver.exceptions.ClientException;
import org.neo4j.driver.exceptions.Neo4jException;

/**
 * Writes graph writes through the Neo4j Java driver: a list of them in one explicit transaction, committed whole or
 * not at all. Errors are sorted into {@link GraphRejectedException} (Neo4j's client errors: the statements themselves were
 * refused) and {@link GraphUnavailableException} (everything else: unreachable, expired, transient: retry).
 */
public final class Neo4jGraphWriter implements AutoCloseable {

    private final Driver driver;
    private final SessionConfig session;

    public Neo4jGraphWriter(String uri, String user, String password, String database) {
        AuthToken auth = user == null || user.isBlank() ? AuthTokens.none() : AuthTokens.basic(user, password);
        this.driver = GraphDatabase.driver(uri, auth);
        this.session = database == null || database.isBlank() ? SessionConfig.defaultConfig()
                : SessionConfig.forDatabase(database);
    }

    /** Creates the constraints and indexes (idempotent). */
    public void createSchema() {
        run(() -> {
            try (Session s = driver.session(session)) {
                for (String statement : GraphSchema.STATEMENTS) {
                    try {
                        s.run(statement).consume();
                    } catch (ClientException e) {
                        // IF NOT EXISTS does not cover a race: another task created the same rule a moment ago
                        if (!GraphSchema.alreadyThere(e.code())) {
                            throw e;
                        }
                    }
                }
            }
        });
    }

    /** Runs every statement of every write, in order, in one transaction. */
    public void write(List<GraphWrite> writes) {
        if (writes.isEmpty()) {
            return;
        }
        run(() -> {
            try (Session s = driver.session(session); Transaction tx = s.beginTransaction()) {
                for (GraphWrite w : writes) {
                    for (GraphStatement statement : w.statements()) {
                        tx.run(statement.cypher(), statement.parameters()).consume();
                    }
                }
                tx.commit();
            }
        });
    }

    private static void run(Runnable work) {
        try {
            work.run();
        } catch (ClientException e) {
            // the statements or their parameters were refused (a constraint, a type): the same write fails again
            throw new GraphRejectedException(e.code() + ": " + e.getMessage(), e);
        } catch (Neo4jException e) {
            // unreachable, session expired, transient (deadlock, leader switch), or the database itself failing:
            // nothing about the record, so the write waits and is tried again
            throw new GraphUnavailableException("Neo4j is unavailable: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        driver.close();
    }
}
