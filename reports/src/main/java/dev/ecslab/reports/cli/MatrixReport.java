package dev.ecslab.reports.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ecslab.lab.classify.Cell;
import dev.ecslab.lab.classify.Counterexample;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Scope;
import dev.ecslab.lab.run.Replay;
import dev.ecslab.lab.scenario.ScenarioJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes the matrix: {@code matrix.md} (rows are strategies, columns criteria, a table per executor;
 * each cell pass, fail with a one-line counterexample, or not judged; claimed class beside measured),
 * {@code matrix.json} (the same as data), and one replay file per counterexample under
 * {@code counterexamples/} (scenario and trace, for {@code lab replay}). Files are written to a
 * temporary name and moved into place, so an interrupted run never leaves half a report.
 */
public final class MatrixReport {
    private MatrixReport() {
    }

    /** Writes the files and returns each counterexample's replay file, relative to {@code dir}. */
    public static Map<Counterexample, String> write(Matrix m, Path dir) {
        try {
            Files.createDirectories(dir.resolve("counterexamples"));
            Map<Counterexample, String> files = new java.util.IdentityHashMap<>();   // records hash their traces: use identity
            int n = 0;
            for (Row r : m.rows()) {
                for (Criterion c : Criterion.values()) {
                    for (Counterexample x : r.cell(c).failures().values()) {
                        if (c == Criterion.BOUNDED_MEMORY) {
                            continue;          // a 10 000-frame trace; the figures say it all, and it re-measures
                        }
                        String name = String.format(Locale.ROOT, "counterexamples/%03d-%s-%s-%s.json", ++n,
                                slug(r.strategy()), slug(r.executor()), c.code());
                        Path tmp = dir.resolve(name + ".tmp");
                        Replay.save(tmp, x.scenario(), x.trace());
                        Files.move(tmp, dir.resolve(name), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                        files.put(x, name);
                    }
                }
            }
            AtomicFiles.write(dir.resolve("matrix.md"), markdown(m, files));
            AtomicFiles.write(dir.resolve("matrix.json"), json(m, files));
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the matrix to " + dir, e);
        }
    }

    static String slug(String s) {
        return s.replaceAll("[^A-Za-z0-9]+", "_");
    }

    /** The Markdown matrix. */
    public static String markdown(Matrix m, Map<Counterexample, String> files) {
        StringBuilder out = new StringBuilder();
        out.append("# ecslab matrix\n\n");
        out.append(String.format(Locale.ROOT, "%d scenarios (the catalogue under seeds %s, %d random from seed %d), %.1f s."
                + " Criteria: %s.%n%n", m.scenarios(), m.catalogueSeeds(), m.tries(), m.campaignSeed(), m.seconds(),
                legend()));
        out.append("Measured class from criteria 1 and 2 on regular scenarios: exact (both), conservative (1 only),"
                + " flaky (2 only), broken (neither). A cell is `pass`, `FAIL` with its first counterexample, or"
                + " `-` when no scenario judged it. Failing scopes (component/resource × filter) are listed.\n\n");
        List<String> executors = new ArrayList<>();
        m.rows().forEach(r -> {
            if (!executors.contains(r.executor())) {
                executors.add(r.executor());
            }
        });
        for (String e : executors) {
            out.append("## Executor `").append(e).append("`\n\n");
            out.append("| strategy | claimed | measured |");
            for (Criterion c : Criterion.values()) {
                if (c != Criterion.AMBIGUITY) {
                    out.append(' ').append(c.code()).append(" |");
                }
            }
            out.append("\n|---|---|---|");
            for (Criterion c : Criterion.values()) {
                if (c != Criterion.AMBIGUITY) {
                    out.append("---|");
                }
            }
            out.append('\n');
            for (Row r : m.rows()) {
                if (!r.executor().equals(e)) {
                    continue;
                }
                String claimed = r.claimed() == null ? "(mutant)" : r.claimed().name().toLowerCase().replace('_', ' ');
                String measured = r.measured().name().toLowerCase()
                        + (r.claimed() == null ? "" : r.agrees() ? " ✓" : " ✗ disagrees");
                out.append("| `").append(r.strategy()).append("` | ").append(claimed).append(" | ").append(measured).append(" |");
                for (Criterion c : Criterion.values()) {
                    if (c != Criterion.AMBIGUITY) {
                        out.append(' ').append(cell(r.cell(c))).append(" |");
                    }
                }
                out.append('\n');
            }
            out.append('\n');
        }
        out.append("## Ambiguity detection (criterion A)\n\n");
        if (m.ambiguity().isEmpty()) {
            out.append("pass: the compiler's report equals the oracle on all ").append(m.ambiguityScenarios())
                    .append(" scenarios.\n\n");
        } else {
            out.append("FAIL on ").append(m.ambiguity().size()).append(" pair(s):\n\n");
            m.ambiguity().forEach(a -> out.append("- ").append(a).append('\n'));
            out.append('\n');
        }
        out.append("## Counterexamples\n\n");
        out.append("Each replays with `./lab replay FILE` (the file holds the shrunk scenario and its trace).\n\n");
        for (Row r : m.rows()) {
            for (Criterion c : Criterion.values()) {
                Cell cell = r.cell(c);
                for (Map.Entry<Scope, Counterexample> f : cell.failures().entrySet()) {
                    Counterexample x = f.getValue();
                    out.append("- **").append(r.strategy()).append(" / ").append(r.executor()).append(", ").append(c)
                            .append(f.getKey() == null ? "" : " [" + f.getKey() + "]").append("**: ").append(x.message())
                            .append(" — scenario '").append(x.scenario().name()).append("'")
                            .append(x.scenario() != x.original() ? " (shrunk)" : "").append(", seed ").append(x.seed())
                            .append(files.containsKey(x) ? ", `" + files.get(x) + "`" : "").append('\n');
                }
            }
        }
        Row any = m.rows().isEmpty() ? null : m.rows().get(0);
        if (any != null && !any.cell(Criterion.BOUNDED_MEMORY).note().isEmpty()) {
            out.append("\n## Criterion 6 figures\n\n");
            for (Row r : m.rows()) {
                if (r.executor().equals(executors.get(0))) {
                    out.append("- `").append(r.strategy()).append("`: ").append(r.cell(Criterion.BOUNDED_MEMORY).note()).append('\n');
                }
            }
        }
        return out.toString();
    }

    private static String legend() {
        List<String> parts = new ArrayList<>();
        for (Criterion c : Criterion.values()) {
            parts.add(c.code() + " " + c.title());
        }
        return String.join(", ", parts);
    }

    private static String cell(Cell c) {
        if (!c.judgedAtAll()) {
            return "-";
        }
        if (c.passes()) {
            return "pass";
        }
        List<String> scopes = new ArrayList<>();
        c.failures().keySet().forEach(s -> {
            if (s != null) {
                scopes.add(s.toString());
            }
        });
        Counterexample first = c.first();
        String line = first.message().replace('|', '/');
        if (line.length() > 160) {
            line = line.substring(0, 157) + "...";
        }
        return "FAIL " + c.failedRuns() + "/" + c.judgedRuns() + (scopes.isEmpty() ? "" : " (" + String.join(", ", scopes)
                + ")") + ": " + line + " [" + first.scenario().name() + ", seed " + first.seed() + "]";
    }

    /** The JSON matrix. */
    public static String json(Matrix m, Map<Counterexample, String> files) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("scenarios", m.scenarios());
        root.put("tries", m.tries());
        root.put("catalogueSeeds", m.catalogueSeeds());
        root.put("campaignSeed", m.campaignSeed());
        root.put("seconds", m.seconds());
        List<Object> rows = new ArrayList<>();
        for (Row r : m.rows()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("strategy", r.strategy());
            row.put("executor", r.executor());
            row.put("claimed", r.claimed() == null ? null : r.claimed().name());
            row.put("measured", r.measured().name());
            row.put("agrees", r.agrees());
            Map<String, Object> cells = new LinkedHashMap<>();
            for (Criterion c : Criterion.values()) {
                if (c == Criterion.AMBIGUITY) {
                    continue;
                }
                Cell cell = r.cell(c);
                Map<String, Object> cj = new LinkedHashMap<>();
                cj.put("status", !cell.judgedAtAll() ? "not-judged" : cell.passes() ? "pass" : "fail");
                cj.put("judgedRuns", cell.judgedRuns());
                cj.put("failedRuns", cell.failedRuns());
                if (!cell.note().isEmpty()) {
                    cj.put("note", cell.note());
                }
                List<Object> failures = new ArrayList<>();
                cell.failures().forEach((scope, x) -> {
                    Map<String, Object> f = new LinkedHashMap<>();
                    f.put("scope", scope == null ? null : scope.toString());
                    f.put("message", x.message());
                    f.put("scenario", x.scenario().name());
                    f.put("shrunk", x.scenario() != x.original());
                    f.put("seed", x.seed());
                    f.put("config", x.config());
                    f.put("replayFile", files.get(x));
                    failures.add(f);
                });
                cj.put("failures", failures);
                cells.put(c.code(), cj);
            }
            row.put("criteria", cells);
            rows.add(row);
        }
        root.put("rows", rows);
        root.put("ambiguity", Map.of("status", m.ambiguity().isEmpty() ? "pass" : "fail", "scenarios",
                m.ambiguityScenarios(), "differences", m.ambiguity()));
        try {
            return ScenarioJson.MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
