package dev.ecslab.ecs.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.docs.game.Input;
import dev.ecslab.ecs.docs.game.Player;
import dev.ecslab.ecs.docs.game.Position;
import dev.ecslab.ecs.docs.game.Velocity;
import dev.ecslab.ecs.executor.DynamicExecutor;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.Filter;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Read;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.schedule.CompiledSchedule;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.ShouldRun;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's schedule example, compiled and run, plus checks that the README shows exactly this
 * code and exactly the ambiguity report it prints.
 */
class ReadmeScheduleExampleTest {
    private String report;
    private World world;

    void example() {
        // README-SCHEDULE-BEGIN
        world = new World();
        world.insertResource(new Input(1));
        world.spawn(new Position(0, 0), new Velocity(0, 0), new Player());
        world.spawn(new Position(5, 5), new Velocity(0, 0));

        Schedule schedule = Schedule.builder()
            .set("physics", "two fixed steps", ctx -> ctx.iteration() == 0 ? ShouldRun.YES_AND_CHECK_AGAIN : ShouldRun.YES)
            .stage("input", SystemDescriptor.of("read_input",
                AccessSpec.builder().writesResource(Input.class).build(), ctx -> { }))
            .stage("update",
                SystemDescriptor.builder("steer_player").before("movement").access(AccessSpec.builder()
                    .query(QuerySpec.writes(Velocity.class).filter(Filter.with(Player.class)))
                    .readsResource(Input.class).build()).run(ctx -> { }).build(),
                SystemDescriptor.builder("steer_enemies").before("movement").access(AccessSpec.of(
                    QuerySpec.writes(Velocity.class).filter(Filter.without(Player.class)))).run(ctx -> { }).build(),
                SystemDescriptor.builder("movement").inSet("physics")
                    .access(AccessSpec.of(QuerySpec.reads(Velocity.class).andWrites(Position.class)))
                    .setup(view -> {
                        QueryBuilder qb = view.query();
                        Read<Velocity> vel = qb.read(Velocity.class);
                        Write<Position> pos = qb.write(Position.class);
                        var moving = qb.build();
                        return ctx -> moving.forEach(row -> row.update(pos, p -> new Position(
                            p.x() + row.get(vel).dx(), p.y() + row.get(vel).dy())));
                    }).build(),
                SystemDescriptor.of("clamp_to_arena",
                    AccessSpec.of(QuerySpec.writes(Position.class)), ctx -> { }))
            .stage("render", SystemDescriptor.of("draw",
                AccessSpec.of(QuerySpec.reads(Position.class)), ctx -> { }))
            .build();

        CompiledSchedule compiled = schedule.compile(world);
        System.out.print(compiled.ambiguities().format());
        try (ScheduleRunner runner = new ScheduleRunner(world, compiled, new DynamicExecutor())) {
            runner.runFrames(3);
        }
        // README-SCHEDULE-END
        report = compiled.ambiguities().format();
    }

    @Test
    void exampleRunsAndReportsTheOneAmbiguousPair() {
        example();
        assertThat(report).contains("movement and clamp_to_arena").contains("conflict on: Position")
                .doesNotContain("steer_player and steer_enemies");
    }

    @Test
    void readmeShowsExactlyThisCodeAndThisReport() throws IOException {
        example();
        ReadmeBlocks.assertReadmeShows("src/test/java/dev/ecslab/ecs/docs/ReadmeScheduleExampleTest.java", "README-SCHEDULE");
        String readme = ReadmeBlocks.documentation();
        Matcher printed = Pattern.compile("<!-- report printed by the example above -->\\s*```\\n(.*?)```", Pattern.DOTALL)
                .matcher(readme);
        assertThat(printed.find()).as("the documentation must show the report the example prints").isTrue();
        assertThat(ReadmeBlocks.normalize(printed.group(1))).isEqualTo(ReadmeBlocks.normalize(report));
    }

}
