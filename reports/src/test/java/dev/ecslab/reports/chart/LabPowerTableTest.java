package dev.ecslab.reports.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LabPowerTableTest {
    static final String FILE = """
            {"kind": "ecslab-lab-power", "date": "2026-11-23", "commit": "abc1234", "seeds": 100, "tries": 200, "rows": [
              {"mutant": "mutant:<b>strong</b>", "random": {"killed": 100, "median": 3, "max": 9},
               "pct": {"killed": 100, "median": 4, "max": 12}, "exhaustive": {"killed": 99, "median": 5, "max": 30}},
              {"mutant": "mutant:weak", "random": {"killed": 98, "median": 50, "max": 190},
               "pct": {"killed": 0, "median": null, "max": null}, "exhaustive": {"killed": 100, "median": 7, "max": 8}},
              {"mutant": "mutant:broken-row", "random": {"killed": "many"}}
            ]}
            """;

    @Test
    void readsThePowerFileBesideJmhResultsAndKeepsTheNewest(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("lab-power.json"), FILE);

        BenchmarkResults results = BenchmarkResults.read(List.of(dir));

        LabPowerTable t = results.power().orElseThrow();
        assertThat(t.seeds()).isEqualTo(100);
        assertThat(t.commit()).isEqualTo("abc1234");
        assertThat(t.rows()).extracting(LabPowerTable.Row::mutant).containsExactly("mutant:<b>strong</b>", "mutant:weak");
        assertThat(t.rows().get(1).cells()).containsExactly(new LabPowerTable.Cell(98, 50, 190),
                new LabPowerTable.Cell(0, -1, -1), new LabPowerTable.Cell(100, 7, 8));
        assertThat(results.warnings()).singleElement().asString().contains("lab-power.json").contains("row skipped");
    }

    @Test
    void theTableEscapesNamesAndMarksEveryCellBelowNinetyNinePercent(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("lab-power.json"), FILE);
        LabPowerTable t = BenchmarkResults.read(List.of(dir)).power().orElseThrow();

        String html = t.html();

        assertThat(html).doesNotContain("<b>strong").contains("mutant:&lt;b&gt;strong&lt;/b&gt;");
        assertThat(html.split("class=\"warn\"", -1)).hasSize(3);          // 98 / 100 and 0 / 100
        assertThat(html).contains("99 / 100 seeds").contains("median 50 runs, at most 190");
        assertThat(t.caption()).contains("100 campaign seeds").contains("abc1234").contains("LabPower 100 200");
    }

    @Test
    void fortyNineOfFiftySeedsIsBelowNinetyNinePercent(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("lab-power.json"), """
                {"kind": "ecslab-lab-power", "seeds": 50, "tries": 200, "rows": [
                  {"mutant": "m", "random": {"killed": 49, "median": 1, "max": 2},
                   "pct": {"killed": 50, "median": 1, "max": 2}, "exhaustive": {"killed": 50, "median": 1, "max": 2}}]}
                """);
        String html = BenchmarkResults.read(List.of(dir)).power().orElseThrow().html();
        assertThat(html.split("class=\"warn\"", -1)).hasSize(2);         // 49 / 50 = 98 %: marked once
    }

    @Test
    void aFileWithoutSeedsIsSkippedWithAWarning(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("lab-power.json"), """
                {"kind": "ecslab-lab-power", "rows": []}
                """);
        BenchmarkResults results = BenchmarkResults.read(List.of(dir));
        assertThat(results.power()).isEmpty();
        assertThat(results.warnings()).singleElement().asString().contains("seeds");
    }

    @Test
    void withoutAPowerFileThereIsNoTable(@TempDir Path dir) {
        assertThat(BenchmarkResults.read(List.of(dir)).power()).isEmpty();
    }

    @Test
    void aFileOfSomeExplorationsShowsTheOthersAsNotMeasured(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("lab-power.json"), """
                {"kind": "ecslab-lab-power", "seeds": 10, "tries": 200, "rows": [
                  {"mutant": "m", "random": {"killed": 10, "median": 1, "max": 2}},
                  {"mutant": "none-measured"}]}
                """);
        BenchmarkResults results = BenchmarkResults.read(List.of(dir));
        LabPowerTable t = results.power().orElseThrow();
        assertThat(t.rows()).singleElement().extracting(LabPowerTable.Row::cells).asList()
                .containsExactly(new LabPowerTable.Cell(10, 1, 2), LabPowerTable.Cell.NOT_MEASURED, LabPowerTable.Cell.NOT_MEASURED);
        assertThat(t.html()).contains("10 / 10 seeds").contains("<td class=\"none\">not measured</td>");
        assertThat(results.warnings()).as("a row with no exploration at all").singleElement().asString().contains("row skipped");
    }

    @Test
    void anExperimentsFileIsCheckedButNeverShownAsTheLabsPower(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("lab-power.json"), FILE);
        Files.writeString(dir.resolve("zz-swarm-power.json"), """
                {"kind": "ecslab-lab-power", "seeds": 10, "tries": 25, "variant": {"executor": "serial", "space": "SWARMED"},
                 "rows": [{"mutant": "experiment", "random": {"killed": 3, "median": 1, "max": 2}},
                          {"mutant": "bad", "random": {"killed": -4}}]}
                """);
        BenchmarkResults results = BenchmarkResults.read(List.of(dir));
        assertThat(results.power().orElseThrow().commit()).as("the newest default file, not the later experiment")
                .isEqualTo("abc1234");
        assertThat(results.warnings()).anyMatch(w -> w.contains("zz-swarm-power.json") && w.contains("row skipped"));
    }
}
