package dev.ecslab.lab.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ecslab.ecs.input.InputLimit;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.scenario.JsonDocument;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.scenario.ScenarioJson;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * What the results codec writes it reads back: every cell and delay figure of generated rows (the tallies of
 * {@link TallySumProperties}' campaigns) goes through {@link TallyJson} to JSON text and back to the same figures,
 * statuses and counterexamples. A figure added to {@link CellTally} but not to the codec fails here. The comparison
 * is shown to see a changed figure, and the statistics that the cells hold failures, classes and delays.
 */
class TallyJsonProperties {
    private static final InputLimit VALUES = new InputLimit("ecslab.test.tallyJsonValues", 1_000_000, "values");

    @Provide
    Arbitrary<TallySumProperties.Parts> campaigns() {
        return new TallySumProperties().campaigns();
    }

    @Property(tries = 150, edgeCases = EdgeCasesMode.NONE)
    void aCellAndItsDelaysReadBackAsWritten(@ForAll("campaigns") TallySumProperties.Parts p) throws Exception {
        MatrixTally m = TallySumProperties.sum(p.all(), MatrixTally::plus);
        boolean failures = false;
        boolean classes = false;
        boolean delays = false;
        for (RowTally row : m.rows()) {
            for (Criterion c : Criterion.values()) {
                CellTally written = row.cell(c);
                assertThat(same(c, readBack(c, written), written)).as("%s read back as written: %s", c, written).isTrue();
                failures |= !written.failures().isEmpty();
                classes |= !written.classes().isEmpty();
                DelayTally d = written.delays();
                assertThat(readBack(d)).as("delays read back").isEqualTo(d);
                delays |= d.obligations() > 0;
            }
        }
        Statistics.label("a cell with counterexamples").collect(failures);
        Statistics.label("a cell with classes").collect(classes);
        Statistics.label("delays").collect(delays);
        Statistics.label("a cell with counterexamples").coverage(k -> k.check(true).percentage(x -> x >= 50));
        Statistics.label("a cell with classes").coverage(k -> k.check(true).percentage(x -> x >= 50));
        Statistics.label("delays").coverage(k -> k.check(true).percentage(x -> x >= 40));
    }

    @Example
    void theComparisonSeesAChangedFigure() {
        CellTally cell = CellTally.judged(3, 7).plus(CellTally.inClass(ScenarioClass.LOOPING, new ClassTally(7, 0, null)));
        Criterion o = Criterion.ORDERING;
        assertThat(same(o, cell, cell)).isTrue();
        assertThat(same(o, cell.plus(CellTally.judged(0, 1)), cell)).as("evidence").isFalse();
        assertThat(same(o, cell.plus(CellTally.inClass(ScenarioClass.LOOPING, new ClassTally(0, 1, null))), cell))
                .as("a class's failed runs").isFalse();
        assertThat(same(o, cell.plus(CellTally.inClass(ScenarioClass.REGULAR, ClassTally.NONE)), cell))
                .as("a class listed that was not").isFalse();
        assertThat(same(o, cell.plus(CellTally.noted("6: 12 KB")), cell)).as("the note").isFalse();
    }

    /**
     * Everything a cell answers but its delays (written beside it) and where its counterexamples were found: criteria
     * 1 and 2 list every class (a class no run judged reads back as an empty tally), the others the classes they hold.
     */
    private static boolean same(Criterion c, CellTally a, CellTally b) {
        Map<ScenarioClass, List<Object>> ac = new LinkedHashMap<>();
        Map<ScenarioClass, List<Object>> bc = new LinkedHashMap<>();
        for (ScenarioClass cls : ScenarioClass.values()) {
            ClassTally t = a.inClass(cls);
            ac.put(cls, List.of(t.evidence(), t.failedRuns(), String.valueOf(t.first())));
            ClassTally u = b.inClass(cls);
            bc.put(cls, List.of(u.evidence(), u.failedRuns(), String.valueOf(u.first())));
        }
        boolean listed = c == Criterion.AT_LEAST_ONCE || c == Criterion.AT_MOST_ONCE
                || a.classes().keySet().equals(b.classes().keySet());
        List<Counterexample> af = new ArrayList<>();
        a.failures().values().forEach(f -> af.add(f.value()));
        List<Counterexample> bf = new ArrayList<>();
        b.failures().values().forEach(f -> bf.add(f.value()));
        return a.judgedRuns() == b.judgedRuns() && a.evidence() == b.evidence() && a.failedRuns() == b.failedRuns()
                && a.note().equals(b.note()) && a.status() == b.status() && af.equals(bf) && ac.equals(bc)
                && a.failures().keySet().equals(b.failures().keySet()) && listed;
    }

    private static CellTally readBack(Criterion c, CellTally written) throws Exception {
        Map<Counterexample, String> ids = new IdentityHashMap<>();
        Map<String, Counterexample> byId = new LinkedHashMap<>();
        String text = ScenarioJson.MAPPER.writeValueAsString(TallyJson.cell(c, written, x -> {
            String id = ids.computeIfAbsent(x, k -> "x" + ids.size());
            byId.put(id, x);
            return Map.of("id", id);
        }));
        JsonDocument doc = JsonDocument.parse(text, "cell.json", VALUES);
        return TallyJson.cell(new JsonFields(doc), c, doc.jackson(), "", (JsonNode j, String at) -> byId.get(j.get("id").asText()));
    }

    private static DelayTally readBack(DelayTally d) throws Exception {
        String text = ScenarioJson.MAPPER.writeValueAsString(TallyJson.delays(d));
        JsonDocument doc = JsonDocument.parse(text, "delays.json", VALUES);
        return TallyJson.delays(new JsonFields(doc), doc.jackson(), "");
    }
}
