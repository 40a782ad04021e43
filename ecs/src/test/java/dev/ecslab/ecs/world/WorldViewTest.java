package dev.ecslab.ecs.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.Filter;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.QueryDefinitionException;
import dev.ecslab.ecs.query.Write;
import org.junit.jupiter.api.Test;

class WorldViewTest {
    record Position(int x) {
    }

    record Velocity(int dx) {
    }

    record Player() {
    }

    record Unregistered() {
    }

    static final class Gravity {
        int g = 10;
    }

    static final class Score {
        int points;
    }

    private final World world = new World();

    /** The access a system declares: the query access of {@code qb}, plus resources. */
    private Access declare(java.util.function.Consumer<QueryBuilder> terms, Filter filter) {
        QueryBuilder qb = world.query();
        terms.accept(qb);
        if (filter != null) {
            qb.filter(filter);
        }
        return qb.build().access();
    }

    @Test
    void declaredAccessAllowsItsQueries() {
        world.spawn(new Position(1), new Velocity(2));
        Access declared = declare(qb -> {
            qb.read(Velocity.class);
            qb.write(Position.class);
        }, null);
        WorldView view = world.view("movement", declared);
        QueryBuilder qb = view.query();
        Write<Position> pos = qb.write(Position.class);
        Query q = qb.build();
        q.forEach(row -> row.set(pos, new Position(3)));
        assertThat(q.count()).isEqualTo(1);
    }

    @Test
    void anUndeclaredWriteIsRefusedAtBuildNamingSystemAndComponent() {
        Access readsOnly = declare(qb -> qb.read(Position.class), null);
        WorldView view = world.view("render", readsOnly);
        QueryBuilder qb = view.query();
        qb.write(Position.class);
        assertThatThrownBy(qb::build).isInstanceOf(AccessViolationException.class)
                .hasMessageContaining("system 'render' wrote WorldViewTest.Position")
                .satisfies(e -> {
                    AccessViolationException v = (AccessViolationException) e;
                    assertThat(v.system()).isEqualTo("render");
                    assertThat(v.data()).isEqualTo("WorldViewTest.Position");
                    assertThat(v.isWrite()).isTrue();
                });
    }

    @Test
    void aQueryWiderThanTheDeclaredFilterIsRefusedWhenItMeetsUndeclaredData() {
        Access npcsOnly = declare(qb -> qb.write(Position.class), Filter.without(Player.class));
        WorldView view = world.view("npc-ai", npcsOnly);
        QueryBuilder qb = view.query();
        qb.write(Position.class);
        Query wide = qb.build();

        world.spawn(new Position(1));
        assertThat(wide.count()).isEqualTo(1);                 // no player yet: nothing undeclared touched

        world.spawn(new Position(2), new Player());
        assertThatThrownBy(wide::count).isInstanceOf(AccessViolationException.class)
                .hasMessageContaining("system 'npc-ai' wrote WorldViewTest.Position")
                .hasMessageContaining("WorldViewTest.Player");
        assertThatThrownBy(() -> wide.forEach(row -> { })).isInstanceOf(AccessViolationException.class);
        assertThat(WorldInternals.of(world).isIterating()).isFalse();

        QueryBuilder narrow = view.query();
        narrow.write(Position.class);
        narrow.filter(Filter.without(Player.class));
        assertThat(narrow.build().count()).isEqualTo(1);
    }

    @Test
    void directLookupsAreCheckedAgainstTheEntitysArchetype() {
        Entity npc = world.spawn(new Position(1));
        Entity player = world.spawn(new Position(2), new Player());
        WorldView view = world.view("npc-ai", declare(qb -> qb.read(Position.class), Filter.without(Player.class)));
        assertThat(view.get(npc, Position.class)).contains(new Position(1));
        assertThatThrownBy(() -> view.get(player, Position.class)).isInstanceOf(AccessViolationException.class)
                .hasMessageContaining("entity " + player);
        assertThatThrownBy(() -> view.getMut(npc, Position.class)).isInstanceOf(AccessViolationException.class)
                .hasMessageContaining("wrote");
        assertThatThrownBy(() -> view.get(npc, Unregistered.class)).isInstanceOf(AccessViolationException.class)
                .hasMessageContaining("not even registered");
    }

    @Test
    void resourcesAreCheckedForReadAndWrite() {
        world.insertResource(new Gravity());
        world.insertResource(new Score());
        int gravity = WorldInternals.of(world).resources().find(Gravity.class).orElseThrow().id();
        int score = WorldInternals.of(world).resources().find(Score.class).orElseThrow().id();
        WorldView view = world.view("physics", Access.builder().readResource(gravity).writeResource(score).build());

        assertThat(view.getResourceOrThrow(Gravity.class).g).isEqualTo(10);
        view.getResourceMutOrThrow(Score.class).points++;
        assertThat(world.getResourceOrThrow(Score.class).points).isEqualTo(1);
        assertThatThrownBy(() -> view.getResourceMutOrThrow(Gravity.class)).isInstanceOf(AccessViolationException.class)
                .hasMessageContaining("system 'physics' wrote resource WorldViewTest.Gravity");
    }

    @Test
    void aSystemQueryCannotRegisterNewTypes() {
        WorldView view = world.view("s", Access.world());
        QueryBuilder qb = view.query();
        assertThatThrownBy(() -> qb.read(Unregistered.class)).isInstanceOf(QueryDefinitionException.class)
                .hasMessageContaining("not registered");
        assertThat(WorldInternals.of(world).components().find(Unregistered.class)).isEmpty();
    }

    @Test
    void viewsGiveEachSystemItsOwnCommandBuffer() {
        WorldView a = world.view("a", Access.NONE);
        WorldView b = world.view("b", Access.NONE);
        assertThat(a.commands()).isNotSameAs(b.commands());
        assertThat(a.commands().owner()).isEqualTo("a");
    }
}
