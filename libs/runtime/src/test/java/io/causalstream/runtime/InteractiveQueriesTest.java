package io.causalstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.runtime.InteractiveQueries.Local;
import io.causalstream.runtime.InteractiveQueries.Remote;
import io.causalstream.runtime.InteractiveQueries.Unknown;
import java.util.Set;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.state.HostInfo;
import org.junit.jupiter.api.Test;

class InteractiveQueriesTest {

    private static final HostInfo ME = new HostInfo("scorer-0.scorer", 8081);
    private static final HostInfo OTHER = new HostInfo("scorer-1.scorer", 8081);

    @Test
    void aKeyOwnedHereIsAnsweredHereFromItsPartition() {
        assertThat(InteractiveQueries.route(new KeyQueryMetadata(ME, Set.of(OTHER), 3), ME)).isEqualTo(new Local(3));
    }

    @Test
    void aKeyOwnedElsewhereGoesToItsActiveHostEvenWhenAStandbyIsHere() {
        InteractiveQueries.Route r = InteractiveQueries.route(new KeyQueryMetadata(OTHER, Set.of(ME), 3), ME);
        assertThat(r).isEqualTo(new Remote(OTHER));
        assertThat(((Remote) r).url("/api/passages/p1/scores"))
                .isEqualTo("http://scorer-1.scorer:8081/api/passages/p1/scores");
    }

    @Test
    void nobodyOwnsTheKeyWhileMetadataIsNotAvailable() {
        assertThat(InteractiveQueries.route(KeyQueryMetadata.NOT_AVAILABLE, ME)).isEqualTo(new Unknown());
        assertThat(InteractiveQueries.route((KeyQueryMetadata) null, ME)).isEqualTo(new Unknown());
    }

    @Test
    void aSingleInstanceWithoutApplicationServerAnswersEverythingItself() {
        assertThat(InteractiveQueries.route(KeyQueryMetadata.NOT_AVAILABLE, null))
                .isEqualTo(new Local(Local.ANY_PARTITION));
    }
}
