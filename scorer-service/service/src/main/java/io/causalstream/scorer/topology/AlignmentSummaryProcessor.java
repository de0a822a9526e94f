package io.causalstream.scorer.topology;

import io.causalstream.schemas.alignment.MeasureAlignment;
import io.causalstream.scorer.agreement.OverallAgreement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The <b>ALL</b> stage of measure alignment: reads the per-passage values repartitioned by measure, keeps the latest
 * of each passage in {@value ScorerTopology#ALIGNMENT_BY_MEASURE_STORE} ({@code measure + U+0000 + passageId}), and
 * emits {@code ALL|measure}: the mean &rho; over passages with its Student-t 95% interval ({@link OverallAgreement}),
 * n the annotations ranked in all, passages the passages averaged.
 */
final class AlignmentSummaryProcessor implements Processor<String, MeasureAlignment, String, MeasureAlignment> {

    static final String ALL = "ALL";
    private static final StringSerializer PREFIX_SERIALIZER = new StringSerializer();

    private ProcessorContext<String, MeasureAlignment> context;
    private KeyValueStore<String, MeasureAlignment> perPassage;

    @Override
    public void init(ProcessorContext<String, MeasureAlignment> context) {
        this.context = context;
        this.perPassage = context.getStateStore(ScorerTopology.ALIGNMENT_BY_MEASURE_STORE);
    }

    @Override
    public void process(Record<String, MeasureAlignment> record) {
        MeasureAlignment value = record.value();
        if (value == null) {
            return;
        }
        String measure = value.getMeasure();
        String prefix = measure + StoreKeys.SEPARATOR;
        perPassage.put(prefix + value.getScope(), value);
        List<Double> rhos = new ArrayList<>();
        int n = 0;
        try (KeyValueIterator<String, MeasureAlignment> it = perPassage.prefixScan(prefix, PREFIX_SERIALIZER)) {
            while (it.hasNext()) {
                MeasureAlignment a = it.next().value;
                rhos.add(a.getSpearman());
                n += a.getN();
            }
        }
        OverallAgreement all = OverallAgreement.of(rhos.stream().mapToDouble(Double::doubleValue).toArray(),
                OverallAgreement.LEVEL);
        MeasureAlignment out = MeasureAlignment.newBuilder()
                .setScope(ALL)
                .setMeasure(measure)
                .setSpearman(all.mean())
                .setCiLow(all.interval() == null ? null : all.interval().low())
                .setCiHigh(all.interval() == null ? null : all.interval().high())
                .setCiLevel(all.interval() == null ? null : all.level())
                .setN(n)
                .setPassages(all.passages())
                .setThreshold(value.getThreshold())
                .setUpdatedAt(Instant.ofEpochMilli(record.timestamp()))
                .build();
        context.forward(new Record<>(ScorerTopology.alignmentKey(ALL, measure), out, record.timestamp()));
    }
}
