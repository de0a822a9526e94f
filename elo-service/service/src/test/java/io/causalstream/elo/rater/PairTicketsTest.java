package io.causalstream.elo.rater;

import io.causalstream.runtime.access.Signer;
import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.elo.rater.PairTickets.Problem;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class PairTicketsTest {

    private static final Clock NOW = Clock.fixed(Instant.parse("2026-03-01T10:00:00Z"), ZoneOffset.UTC);
    private static final Signer SIGNER = new Signer("a-secret-of-sufficient-length-for-hmac");

    private final PairTickets tickets = new PairTickets(SIGNER, Duration.ofMinutes(30), NOW);

    @Test
    void aTicketVouchesForOneRaterOnePairOneOrder() {
        String t = tickets.issue("Human3", "p1", "HumanA", "llama3");
        assertThat(tickets.check(t, "Human3", "p1", "HumanA", "llama3")).isEmpty();
        assertThat(tickets.check(t, "Human4", "p1", "HumanA", "llama3")).contains(Problem.OTHER_RATER);
        assertThat(tickets.check(t, "Human3", "p2", "HumanA", "llama3")).contains(Problem.OTHER_PAIR);
        assertThat(tickets.check(t, "Human3", "p1", "HumanA", "HumanB")).contains(Problem.OTHER_PAIR);
        // sides swapped: the ticket is for the pair as shown
        assertThat(tickets.check(t, "Human3", "p1", "llama3", "HumanA")).contains(Problem.OTHER_PAIR);
        assertThat(tickets.check(null, "Human3", "p1", "HumanA", "llama3")).contains(Problem.MISSING);
        assertThat(tickets.check("", "Human3", "p1", "HumanA", "llama3")).contains(Problem.MISSING);
    }

    @Test
    void aForgedOrForeignTicketIsRefused() {
        String t = tickets.issue("Human3", "p1", "HumanA", "llama3");
        // another pair spliced into a genuine signature
        String spliced = Signer.b64("Human3") + "." + Signer.b64("p1") + "." + Signer.b64("HumanB") + "."
                + Signer.b64("llama3") + t.substring(t.lastIndexOf('.', t.lastIndexOf('.') - 1));
        assertThat(tickets.check(spliced, "Human3", "p1", "HumanB", "llama3")).contains(Problem.FORGED);
        PairTickets elsewhere = new PairTickets(new Signer("another-secret-of-sufficient-length"),
                Duration.ofMinutes(30), NOW);
        String foreign = elsewhere.issue("Human3", "p1", "HumanA", "llama3");
        assertThat(tickets.check(foreign, "Human3", "p1", "HumanA", "llama3")).contains(Problem.FORGED);
        assertThat(tickets.check("a.b", "Human3", "p1", "HumanA", "llama3")).contains(Problem.FORGED);
        // another instance with the same secret accepts it
        assertThat(new PairTickets(SIGNER, Duration.ofMinutes(30), NOW).check(t, "Human3", "p1", "HumanA",
                "llama3")).isEmpty();
    }

    @Test
    void aTicketExpires() {
        String t = tickets.issue("Human3", "p1", "HumanA", "llama3");
        PairTickets later = new PairTickets(SIGNER, Duration.ofMinutes(30), Clock.offset(NOW,
                Duration.ofMinutes(31)));
        assertThat(later.check(t, "Human3", "p1", "HumanA", "llama3")).contains(Problem.EXPIRED);
        PairTickets inTime = new PairTickets(SIGNER, Duration.ofMinutes(30), Clock.offset(NOW,
                Duration.ofMinutes(29)));
        assertThat(inTime.check(t, "Human3", "p1", "HumanA", "llama3")).isEmpty();
    }
}
