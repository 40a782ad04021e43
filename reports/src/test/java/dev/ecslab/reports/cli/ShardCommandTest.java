package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --shard}, {@code lab merge} and {@code --time-budget} from the command line: a shard exits 0 once its
 * file is written whatever it found, and the merge gives the gate's verdict and exit code (a failing strategy's
 * shards merge into a failing gate: the merge can fail); a budget that runs out fails the gate's "campaign
 * complete" and says how far it got; a shard refuses the merge's options.
 */
class ShardCommandTest {
    private static CommandOutput gate(Path out, String strategy, String... more) {
        boolean tries = java.util.Arrays.asList(more).contains("--tries");
        String[] base = {"gate", "--tries", tries ? "0" : "6", "--no-memory", "--search", "-1", "--progress", "never", "--executor",
            "serial", "--strategy", strategy, "--out", out.toString()};
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        if (tries) {                                  // the later --tries replaces the base's
            java.util.List<String> args = new java.util.ArrayList<>(java.util.Arrays.asList(all));
            args.subList(1, 3).clear();
            all = args.toArray(new String[0]);
        }
        return CommandOutput.run(all);
    }

    @Test
    void gateShardsMergeIntoTheGatesVerdict(@TempDir Path dir) throws Exception {
        for (String strategy : new String[] {"generation", "flags"}) {
            Path a = dir.resolve(strategy + "-1");
            Path b = dir.resolve(strategy + "-2");
            CommandOutput s1 = gate(a, strategy, "--shard", "1/2", "--jobs", "2");
            CommandOutput s2 = gate(b, strategy, "--shard", "2/2");
            assertThat(s1.code()).as(s1.out() + s1.err()).isZero();
            assertThat(s2.code()).as("a shard exits 0 whatever it found: " + s2.out() + s2.err()).isZero();
            assertThat(s1.out()).contains("shard 1/2 ran").contains("shard.json");
            assertThat(a.resolve("shard.json")).isRegularFile();
            Path junit = dir.resolve(strategy + "-junit.xml");
            CommandOutput m = CommandOutput.run("merge", b.toString(), a.toString(), "--out", dir.resolve(strategy + "-merged")
                    .toString(), "--junit", junit.toString());
            CommandOutput whole = gate(dir.resolve(strategy + "-whole"), strategy);
            boolean passes = strategy.equals("generation");
            assertThat(m.code()).as(m.out() + m.err()).isEqualTo(passes ? 0 : 1);
            assertThat(whole.code()).isEqualTo(m.code());
            assertThat(m.out()).contains(passes ? "measured exact: PASS" : ": FAIL");
            assertThat(junit).isRegularFile();
            assertThat(Files.readString(dir.resolve(strategy + "-merged").resolve("matrix.json")).replaceAll(
                    "\"seconds\" ?: ?[0-9.Ee+-]+", "")).isEqualTo(Files.readString(dir.resolve(strategy + "-whole")
                    .resolve("matrix.json")).replaceAll("\"seconds\" ?: ?[0-9.Ee+-]+", ""));
        }
    }

    @Test
    void aTimeBudgetThatRunsOutFailsTheGateAndSaysHowFarItGot(@TempDir Path dir) {
        CommandOutput r = gate(dir.resolve("out"), "generation", "--tries", "1000000", "--time-budget", "3s");
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.out()).contains("FAIL campaign complete").contains("the time budget ran out after")
                .contains("of this configuration's " + (1_000_000 + dev.ecslab.lab.catalogue.Catalogue.all().size()) + " scenarios");
        java.util.regex.Matcher after = java.util.regex.Pattern.compile("ran out after (\\d+) of").matcher(r.out());
        assertThat(after.find()).isTrue();
        assertThat(Integer.parseInt(after.group(1)) % dev.ecslab.lab.classify.Lab.BLOCK)
                .as("a budget stops a row at a block's start").isZero();
        CommandOutput shard = gate(dir.resolve("shard"), "generation", "--tries", "1000000", "--time-budget", "3s",
                "--shard", "1/1");
        assertThat(shard.code()).as("the shard writes what it got: " + shard.out() + shard.err()).isZero();
        assertThat(shard.out()).contains("the time budget ran out");
        CommandOutput m = CommandOutput.run("merge", dir.resolve("shard").toString(), "--out", dir.resolve("m").toString());
        assertThat(m.code()).isEqualTo(1);
        assertThat(m.out()).contains("FAIL campaign complete");
        for (Path out : java.util.List.of(dir.resolve("out"), dir.resolve("m"))) {
            dev.ecslab.lab.classify.Matrix recorded = RecordedMatrix.read(out).matrix();
            int ran = recorded.scenarios() - dev.ecslab.lab.catalogue.Catalogue.all().size();
            assertThat(ran).as("the budget stopped the campaign early").isLessThan(1_000_000);
            assertThat(recorded.reach()).as("the reach counts the campaign that ran, not the million it was asked for")
                    .isNotEmpty().allSatisfy((name, n) -> assertThat(n).as(name).isLessThanOrEqualTo(ran));
        }
    }

    @Test
    void optionsThatDoNotFitAreRefused(@TempDir Path dir) {
        CommandOutput r = gate(dir.resolve("out"), "generation", "--shard", "1/2", "--junit", dir.resolve("j.xml").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--junit and --annotations go to lab merge");
        assertThat(gate(dir.resolve("out"), "generation", "--shard", "3/2").err()).contains("1 <= K <= N");
        assertThat(gate(dir.resolve("out"), "generation", "--time-budget", "10").err()).contains("such as 50m");
        assertThat(gate(dir.resolve("out"), "generation", "--jobs", "0").err()).contains("--jobs must be");
        CommandOutput none = CommandOutput.run("merge", dir.resolve("nothing").toString());
        assertThat(none.code()).isEqualTo(2);
        assertThat(none.err()).contains("nothing");
    }
}
