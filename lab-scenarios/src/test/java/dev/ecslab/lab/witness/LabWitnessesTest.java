package dev.ecslab.lab.witness;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.LabOptions;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.TrackerSubject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The lab looks for witnesses only when asked, for the catalogue and the campaign's first scenarios. */
class LabWitnessesTest {
    static final ClassLoader LOADER = LabWitnessesTest.class.getClassLoader();

    static Matrix run(LabOptions options) {
        return new Lab(options.withTries(4).withMemory(false)).run(List.of(TrackerSubject.find("generation", LOADER)),
                List.of(ExecutorSubject.of("serial")), Catalogue.all());
    }

    @Test
    void witnessesCoverTheCatalogueAndTheCampaignsFirstScenarios() {
        Matrix m = run(LabOptions.defaults().withWitnesses(2));
        Witnesses w = m.witnesses();
        assertThat(w.ran()).isTrue();
        assertThat(w.scenarios()).isEqualTo(Catalogue.all().size() + 2);
        assertThat(w.campaignScenarios()).isEqualTo(2);
        assertThat(w.pairs()).extracting(Witness::scenario).contains("Ambiguous System Ordering Robustness [component]")
                .noneMatch(name -> name.startsWith("random #2") || name.startsWith("random #3"));
        assertThat(w.count(Witness.Verdict.INCONCLUSIVE)).isZero();
        assertThat(w.seconds()).isPositive();
        assertThat(w.pairs()).as("traces kept for replay files only: not for pairs that commute")
                .anySatisfy(x -> assertThat(x.verdict()).isEqualTo(Witness.Verdict.COMMUTES))
                .allSatisfy(x -> assertThat(x.orders()).allSatisfy(o -> assertThat(o.trace() == null)
                        .isEqualTo(x.verdict() == Witness.Verdict.COMMUTES)));
    }

    @Test
    void byDefaultAndForTheGateTheLabLooksForNone() {
        assertThat(run(LabOptions.defaults()).witnesses()).isEqualTo(Witnesses.NONE);
        Matrix catalogueOnly = run(LabOptions.defaults().withWitnesses(0));
        assertThat(catalogueOnly.witnesses().campaignScenarios()).isZero();
        assertThat(catalogueOnly.witnesses().pairs()).isNotEmpty().allMatch(x -> !x.scenario().startsWith("random"));
    }
}
