package dev.ecslab.bench;

import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.ChangeTrackerProvider;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.EntityTerm;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The memory side of the change-tracking comparison, from each strategy's own size report
 * ({@link ChangeTracker#memoryBytes()}): what it holds per entity, and whether what it holds stays
 * bounded while frames go by in a world of fixed size (criterion 6). A measurement, not a timing,
 * so it is a plain program: {@code java -cp benchmarks/target/benchmarks.jar
 * dev.ecslab.bench.TrackingMemoryReport}. It prints Markdown tables for {@code RESULTS.md}.
 *
 * <p>With {@code --json FILE} it also writes the figures the report's charts draw: bytes per entity
 * at {@link #JSON_SIZES} entities and tracking bytes at every frame of {@link #JSON_CHECKPOINTS}, per
 * strategy, as one JSON object ({@code "kind": "ecslab-tracking-memory"}, format 1; see
 * {@link #json}). The Markdown is the same with or without it (the workload is seeded, so the
 * checkpoints it shares with the Markdown give the same numbers).
 *
 * <p>The frame workload: {@value #WORLD} entities; a writer writes 1 % of them at random; a churn
 * system despawns {@value #CHURN} entities and spawns {@value #CHURN} through commands (so the
 * world keeps its size while removals keep coming); {@code detectors} systems each read
 * {@code Changed<Position>} and the removals of {@code Position}. Serial executor, fixed seed.
 */
public final class TrackingMemoryReport {
    static final int WORLD = 10_000;
    static final int CHURN = 10;
    static final long SEED = 0x6E6E_0006L;
    static final int[] CHECKPOINTS = {10, 1_000, 10_000};
    /** The frame counts written with {@code --json}: a superset of {@link #CHECKPOINTS}. */
    static final int[] JSON_CHECKPOINTS = {10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000};
    /** The world sizes of the per-entity figures written with {@code --json}. */
    static final int[] JSON_SIZES = {1_000, 10_000, 100_000, 1_000_000};
    static final int DETECTORS = 4;

    private TrackingMemoryReport() {
    }

    public static void main(String[] args) throws IOException {
        Path json = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--json") && i + 1 < args.length) {
                json = Path.of(args[++i]);
            } else {
                System.err.println("usage: TrackingMemoryReport [--json FILE]");
                System.exit(2);
            }
        }
        List<String> ids = ChangeTrackerProvider.BUILT_IN;
        int[] frames = json == null ? CHECKPOINTS : JSON_CHECKPOINTS;
        Map<String, long[]> overFrames = new LinkedHashMap<>();
        for (String id : ids) {
            overFrames.put(id, overFrames(id, DETECTORS, frames));
        }
        System.out.println("## Tracking bytes per entity (empty world subtracted)\n");
        System.out.println("| strategy | 10^5 entities | 10^6 entities |");
        System.out.println("|---|---:|---:|");
        for (String id : ids) {
            System.out.printf(Locale.ROOT, "| `%s` | %.2f | %.2f |%n", id, perEntity(id, 100_000), perEntity(id, 1_000_000));
        }

        System.out.println("\n## Tracking bytes after N frames, " + WORLD + " entities, 1 writer, churn "
                + CHURN + "/frame, " + DETECTORS + " detectors\n");
        StringBuilder header = new StringBuilder("| strategy |");
        StringBuilder rule = new StringBuilder("|---|");
        for (int c : CHECKPOINTS) {
            header.append(" after ").append(c).append(" frames |");
            rule.append("---:|");
        }
        System.out.println(header);
        System.out.println(rule);
        for (String id : ids) {
            long[] bytes = overFrames.get(id);
            StringBuilder row = new StringBuilder("| `" + id + "` |");
            for (int k = 0; k < frames.length; k++) {
                if (Arrays.binarySearch(CHECKPOINTS, frames[k]) >= 0) {
                    row.append(' ').append(bytes[k]).append(" |");
                }
            }
            System.out.println(row);
        }

        int[] detectorCounts = {1, 4, 16, 64};
        System.out.println("\n## Tracking bytes after 1000 frames against the number of detector systems\n");
        System.out.println("| strategy | 1 | 4 | 16 | 64 |");
        System.out.println("|---|---:|---:|---:|---:|");
        for (String id : List.of("generation", "system-data", "flags")) {
            StringBuilder row = new StringBuilder("| `" + id + "` |");
            for (int d : detectorCounts) {
                row.append(' ').append(overFrames(id, d, new int[] {1_000})[0]).append(" |");
            }
            System.out.println(row);
        }

        if (json != null) {
            Map<String, double[]> perEntity = new LinkedHashMap<>();
            for (String id : ids) {
                double[] bytes = new double[JSON_SIZES.length];
                for (int k = 0; k < JSON_SIZES.length; k++) {
                    bytes[k] = perEntity(id, JSON_SIZES[k]);
                }
                perEntity.put(id, bytes);
            }
            Path parent = json.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(json, json(perEntity, overFrames, frames));
            System.err.println("wrote " + json);
        }
    }

    /**
     * The JSON the report reads: {@code perEntity} rows ({@code strategy}, {@code entities},
     * {@code bytesPerEntity}) and {@code overFrames} rows ({@code strategy}, {@code frames},
     * {@code bytes}), with the workload's constants beside them.
     */
    static String json(Map<String, double[]> perEntity, Map<String, long[]> overFrames, int[] frames) {
        StringBuilder out = new StringBuilder();
        out.append("{\n  \"kind\": \"ecslab-tracking-memory\",\n  \"format\": 1,\n");
        out.append("  \"command\": \"java -cp benchmarks/target/benchmarks.jar dev.ecslab.bench.TrackingMemoryReport --json FILE\",\n");
        out.append("  \"jdkVersion\": \"").append(System.getProperty("java.version")).append("\",\n");
        out.append(String.format(Locale.ROOT, "  \"world\": {\"entities\": %d, \"writtenPercentPerFrame\": 1, "
                + "\"churnPerFrame\": %d, \"detectors\": %d, \"seed\": %d},%n", WORLD, CHURN, DETECTORS, SEED));
        out.append("  \"perEntity\": [");
        String sep = "\n";
        for (Map.Entry<String, double[]> e : perEntity.entrySet()) {
            for (int k = 0; k < JSON_SIZES.length; k++) {
                out.append(sep).append(String.format(Locale.ROOT,
                        "    {\"strategy\": \"%s\", \"entities\": %d, \"bytesPerEntity\": %.4f}",
                        e.getKey(), JSON_SIZES[k], e.getValue()[k]));
                sep = ",\n";
            }
        }
        out.append("\n  ],\n  \"overFrames\": [");
        sep = "\n";
        for (Map.Entry<String, long[]> e : overFrames.entrySet()) {
            for (int k = 0; k < frames.length; k++) {
                out.append(sep).append(String.format(Locale.ROOT, "    {\"strategy\": \"%s\", \"frames\": %d, \"bytes\": %d}",
                        e.getKey(), frames[k], e.getValue()[k]));
                sep = ",\n";
            }
        }
        out.append("\n  ]\n}\n");
        return out.toString();
    }

    /** Tracking bytes per entity once {@code n} entities are spawned, less an empty world's. */
    static double perEntity(String id, int n) {
        World empty = World.builder().changeTracking(id).build();
        empty.register(Position.class, dev.ecslab.ecs.component.StorageKind.TABLE);
        long base = WorldInternals.of(empty).changeTracker().memoryBytes();
        World world = World.builder().changeTracking(id).build();
        for (int i = 0; i < n; i++) {
            world.spawn(new Position(i, i));
        }
        WorldInternals.of(world).changeTracker().onFrameEnded();
        return (WorldInternals.of(world).changeTracker().memoryBytes() - base) / (double) n;
    }

    /** The tracker's size after each checkpoint frame count of the workload above. */
    static long[] overFrames(String id, int detectors, int[] checkpoints) {
        World world = World.builder().changeTracking(id).build();
        List<Entity> live = new ArrayList<>();
        for (int i = 0; i < WORLD; i++) {
            live.add(world.spawn(new Position(i, i)));
        }
        SplittableRandom random = new SplittableRandom(SEED);
        SystemDescriptor writer = SystemDescriptor.builder("writer").access(AccessSpec.of(QuerySpec.writes(Position.class)))
                .setup(view -> {
                    QueryBuilder qb = view.query();
                    Write<Position> p = qb.write(Position.class);
                    Query all = qb.build();
                    return ctx -> all.forEach(row -> {
                        if (random.nextInt(100) == 0) {
                            row.getMut(p).x += 1;
                        }
                    });
                }).build();
        SystemDescriptor churn = SystemDescriptor.builder("churn").access(AccessSpec.none()).setup(view -> ctx -> {
            for (int i = 0; i < CHURN; i++) {
                Entity victim = live.set(random.nextInt(live.size()), ctx.commands().spawn(new Position(0, 0)));
                ctx.commands().despawn(victim);
            }
        }).build();
        List<SystemDescriptor> systems = new ArrayList<>(List.of(writer, churn));
        long[] seen = new long[1];
        for (int d = 0; d < detectors; d++) {
            systems.add(SystemDescriptor.builder("detector" + d).access(AccessSpec.of(QuerySpec.reads(Position.class)))
                    .after("writer").after("churn").setup(view -> {
                        QueryBuilder qb = view.query();
                        EntityTerm e = qb.entity();
                        Query changed = qb.changed(Position.class).build();
                        return ctx -> {
                            changed.forEach(row -> seen[0] += row.get(e).index());
                            seen[0] += ctx.world().removed(Position.class).size();
                        };
                    }).build());
        }
        Schedule schedule = Schedule.builder().stage("update", systems.toArray(SystemDescriptor[]::new)).build();
        long[] out = new long[checkpoints.length];
        try (ScheduleRunner runner = ScheduleRunner.of(world, schedule, new SerialExecutor())) {
            int frame = 0;
            for (int k = 0; k < checkpoints.length; k++) {
                while (frame < checkpoints[k]) {
                    runner.runFrame();
                    frame++;
                }
                out[k] = WorldInternals.of(world).changeTracker().memoryBytes();
            }
        }
        if (world.entityCount() != WORLD) {
            throw new IllegalStateException(id + ": the world should keep " + WORLD + " entities, has " + world.entityCount());
        }
        return out;
    }
}
