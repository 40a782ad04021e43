package dev.ecslab.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.ChangeTrackerProvider;
import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.reports.cli.GateCampaign;
import dev.ecslab.reports.gate.GateVerdict;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What must never pass: a crash and a hang of the code under test, a promised check that judged nothing, a provider
 * that cannot be made; and bad configuration is refused when given, naming what was wrong.
 */
class GateFailuresTest {

    @Test
    void aCrashOfTheCodeUnderTestFailsTheGate(@TempDir Path dir) {
        GateFailure f = catchThrowableOfType(GateFailure.class, () -> LabGate.forStrategy("mutant:throws-on-removal-event")
                .executor("serial").expect(Expectation.EXACT).tries(2).noMemory().out(dir).assertHolds());
        assertThat(f).as("the gate must fail").isNotNull();
        assertThat(f.getMessage()).contains("broken promise: X no crash").contains("removal events are not handled")
                .contains("replay:").contains("./lab replay " + dir.toAbsolutePath());
        assertThat(f.result().replayFiles()).isNotEmpty().allSatisfy(p -> assertThat(p).isRegularFile());
    }

    /** A provider whose trackers hang on creation until the test ends, so no thread of it outlives the test. */
    static class HangingProvider implements ChangeTrackerProvider {
        static final CountDownLatch RELEASE = new CountDownLatch(1);

        @Override
        public String id() {
            return "hangs-on-create";
        }

        @Override
        public ClaimedClass claimedClass(ChangeFlavor flavor) {
            return ClaimedClass.EXACT;
        }

        @Override
        public String description() {
            return "a tracker whose creation never returns";
        }

        @Override
        public ChangeTracker create() {
            try {
                RELEASE.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return ChangeTrackerProvider.find("generation").create();
        }
    }

    @Test
    void aHangIsAFailureNotAWait(@TempDir Path dir) {
        try {
            GateFailure f = catchThrowableOfType(GateFailure.class, () -> LabGate.forStrategy(HangingProvider::new)
                    .executor("serial").tries(0).noMemory().runTimeout(Duration.ofSeconds(1)).jobs(1).out(dir).assertHolds());
            assertThat(f).as("a hang must fail the gate").isNotNull();
            assertThat(f.getMessage()).contains("broken promise: X no crash").contains("broken promise: campaign complete");
        } finally {
            HangingProvider.RELEASE.countDown();
        }
    }

    @Test
    void aPromisedCheckThatJudgedNothingIsNeverAPass() {
        GateVerdict.Check notJudged = new GateVerdict.Check("1 at least once [looping]", true, GateVerdict.Status.NOT_JUDGED,
                "not judged: no looping scenario gave this criterion anything to judge", "");
        GateVerdict v = new GateVerdict("mine", "serial", ClaimedClass.EXACT, 0, MeasuredClass.EXACT, List.of(notJudged), 0,
                0, List.of());
        GateResult r = new GateResult(v, Path.of("out"), 1, 0, GateReportText.of(new GateCampaign.Outcome(v, Path.of("out")),
                false, GateCampaign.Settings.DEFAULTS, new ReplayCommand("", Path.of("lab.args")), "./lab gate", List.of()));
        assertThat(r.passes()).isFalse();
        assertThat(r.report()).contains("promised check not judged: 1 at least once [looping]");
    }

    @Test
    void aProviderThatThrowsWhileMadeFailsNamingIt() {
        assertThatThrownBy(() -> LabGate.forStrategy(() -> {
            throw new IllegalStateException("no config file");
        }).assertHolds()).isInstanceOf(GateFailure.class)
                .hasMessageContaining("strategy provider").hasMessageContaining("no config file")
                .hasCauseInstanceOf(IllegalStateException.class);
    }

    @Test
    void aProviderWhoseIdThrowsFailsNamingTheQuestion() {
        ChangeTrackerProvider broken = new HangingProvider() {
            @Override
            public String id() {
                throw new UnsupportedOperationException("id not set");
            }
        };
        assertThatThrownBy(() -> LabGate.forStrategy(broken).assertHolds()).isInstanceOf(GateFailure.class)
                .hasMessageContaining("id()").hasMessageContaining("id not set");
    }

    @Test
    void badConfigurationIsRefusedWhenGivenNamingWhatWasWrong() {
        assertThatThrownBy(() -> LabGate.forStrategy("generation").executor("dynamc"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'dynamc'").hasMessageContaining("dynamic");
        assertThatThrownBy(() -> LabGate.forStrategy("generatoin")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'generatoin'").hasMessageContaining("generation");
        assertThatThrownBy(() -> Expectation.exactDelayed(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("delay must be 0 or more frames, was -1");
        assertThatThrownBy(() -> Expectation.EXACT.withDelay(2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("exact allows no delay").hasMessageContaining("exactDelayed(2)");
        assertThatThrownBy(() -> LabGate.forStrategy("generation").tries(-3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tries must be 0 or more, was -3");
        assertThatThrownBy(() -> LabGate.forStrategy("generation").runTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("run timeout");
        assertThatThrownBy(() -> Expectation.parse("exactish")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("exact, exact-delayed, conservative or flaky");
        assertThatThrownBy(() -> LabGate.forEngine(() -> null).executor("serial")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("an engine gate has no executor");
        assertThatThrownBy(() -> LabGate.forEngine(() -> null).run()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs expect(");
    }

    @Test
    void theSeedPropertyOverridesTheSeedAndTheDefaultFolderIsUnderTarget() {
        String before = System.getProperty(LabGate.SEED_PROPERTY);
        System.setProperty(LabGate.SEED_PROPERTY, "777");
        try {
            GateResult r = LabGate.forStrategy("generation").executor("serial").seed(5).tries(1).noMemory().run();
            assertThat(r.seed()).isEqualTo(777);
            assertThat(r.passes()).as(r.report()).isTrue();
            assertThat(r.folder()).isEqualTo(Path.of("target/ecslab/gate/generation-serial").toAbsolutePath().normalize());
            assertThat(r.folder().resolve("matrix.json")).isRegularFile();
            assertThat(r.report()).contains("-Decslab.seed=777");
        } finally {
            if (before == null) {
                System.clearProperty(LabGate.SEED_PROPERTY);
            } else {
                System.setProperty(LabGate.SEED_PROPERTY, before);
            }
        }
        System.setProperty(LabGate.SEED_PROPERTY, "seven");
        try {
            assertThatThrownBy(() -> LabGate.forStrategy("generation").run()).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("-Decslab.seed=seven");
        } finally {
            System.clearProperty(LabGate.SEED_PROPERTY);
        }
    }
}
