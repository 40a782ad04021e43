package dev.ecslab.ecs.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class AccessTest {
    record A(int v) {
    }

    record B(int v) {
    }

    record C(int v) {
    }

    record Player(int v) {
    }

    private final World world = new World();

    private interface Terms {
        void add(QueryBuilder qb);
    }

    private Access access(Terms terms, Filter... filters) {
        QueryBuilder qb = world.query();
        terms.add(qb);
        for (Filter f : filters) {
            qb.filter(f);
        }
        return qb.build().access();
    }

    private int id(Class<?> type) {
        return WorldInternals.of(world).components().infoOf(type).id();
    }

    @Test
    void writeConflictsWithReadOfTheSameComponent() {
        Access w = access(qb -> qb.write(A.class));
        Access r = access(qb -> qb.read(A.class));
        assertThat(w.conflictsWith(r)).isTrue();
        assertThat(r.conflictsWith(w)).isTrue();
        assertThat(w.conflict(r).components().get(id(A.class))).isTrue();
    }

    @Test
    void readsNeverConflict() {
        assertThat(access(qb -> qb.read(A.class)).conflictsWith(access(qb -> qb.read(A.class)))).isFalse();
    }

    @Test
    void withAndWithoutTheSameComponentAreDisjoint() {
        Access players = access(qb -> qb.write(A.class), Filter.with(Player.class));
        Access others = access(qb -> qb.write(A.class), Filter.without(Player.class));
        assertThat(players.conflictsWith(others)).isFalse();
        assertThat(players.conflict(others).isEmpty()).isTrue();
    }

    @Test
    void aTermRequirementIsDisjointFromAWithoutOfThatComponent() {
        Access readsPlayerA = access(qb -> {
            qb.read(Player.class);
            qb.write(A.class);
        });
        Access writesNonPlayerA = access(qb -> qb.write(A.class), Filter.without(Player.class));
        assertThat(readsPlayerA.conflictsWith(writesNonPlayerA)).isFalse();
    }

    @Test
    void orFiltersConflictUnlessEveryBranchIsExcluded() {
        Access bOrC = access(qb -> qb.write(A.class), Filter.or(Filter.with(B.class), Filter.with(C.class)));
        Access neither = access(qb -> qb.read(A.class), Filter.without(B.class, C.class));
        Access notB = access(qb -> qb.read(A.class), Filter.without(B.class));
        assertThat(bOrC.conflictsWith(neither)).isFalse();
        assertThat(bOrC.conflictsWith(notB)).as("With<C> Without<B> matches both").isTrue();
    }

    @Test
    void xorAndNotAreAnalysedExactly() {
        Access xor = access(qb -> qb.write(A.class), Filter.xor(Filter.with(B.class), Filter.with(C.class)));
        Access both = access(qb -> qb.read(A.class), Filter.with(B.class, C.class));
        Access onlyB = access(qb -> qb.read(A.class), Filter.and(Filter.with(B.class), Filter.not(Filter.with(C.class))));
        assertThat(xor.conflictsWith(both)).isFalse();
        assertThat(xor.conflictsWith(onlyB)).isTrue();
    }

    @Test
    void resourceWritesConflictWithReadsAndWrites() {
        Access writesR = Access.builder().writeResource(0).build();
        Access readsR = Access.builder().readResource(0).build();
        Access readsOther = Access.builder().readResource(1).build();
        assertThat(writesR.conflictsWith(readsR)).isTrue();
        assertThat(readsR.conflictsWith(readsR)).isFalse();
        assertThat(writesR.conflictsWith(readsOther)).isFalse();
        assertThat(writesR.conflict(readsR).resources().get(0)).isTrue();
    }

    @Test
    void wholeWorldAccessConflictsWithEverythingEvenNothing() {
        assertThat(Access.world().conflictsWith(Access.NONE)).isTrue();
        assertThat(Access.NONE.conflictsWith(Access.world())).isTrue();
        assertThat(Access.world().conflict(Access.NONE).world()).isTrue();
        assertThat(Access.NONE.conflictsWith(Access.NONE)).isFalse();
    }

    @Test
    void coversHonoursTheDeclaredFilter() {
        Access declared = access(qb -> qb.write(A.class), Filter.without(Player.class));
        int a = id(A.class);
        int player = id(Player.class);
        assertThat(declared.covers(a, true, c -> c == a)).isTrue();
        assertThat(declared.covers(a, true, c -> c == a || c == player)).isFalse();
        assertThat(declared.covers(a, false, c -> c == a)).as("a write covers a read").isTrue();
        Access readOnly = access(qb -> qb.read(A.class));
        assertThat(readOnly.covers(a, true, c -> c == a)).isFalse();
    }

    @Test
    void oversizedFiltersAreDecidedByTheSolver() {
        // And of 10 Xors: its DNF needs more than the clause budget, so the solver decides on the filters.
        List<ArchetypeFilter> xors = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            xors.add(new ArchetypeFilter.Xor(new ArchetypeFilter.Has(10 + 2 * i), new ArchetypeFilter.Has(11 + 2 * i)));
        }
        ArchetypeFilter big = new ArchetypeFilter.And(xors);
        assertThat(Dnf.of(big).overflowed()).isTrue();
        BitSet a = new BitSet();
        a.set(0);
        ComponentAccess wide = new ComponentAccess(new BitSet(), a, big);
        ComponentAccess excluded = new ComponentAccess(a, new BitSet(), new ArchetypeFilter.Not(new ArchetypeFilter.Has(10)));
        assertThat(wide.conflictsWith(excluded).get(0)).as("Without<10> and With<11> satisfy both").isTrue();
        ComponentAccess disjoint = new ComponentAccess(a, new BitSet(), new ArchetypeFilter.And(List.of(
                new ArchetypeFilter.Not(new ArchetypeFilter.Has(10)), new ArchetypeFilter.Not(new ArchetypeFilter.Has(11)))));
        assertThat(wide.conflicts(disjoint)).as("Xor(10, 11) needs one of them").isFalse();
    }

    @Test
    void unsatisfiableFiltersHaveAnEmptyDnf() {
        ArchetypeFilter contradiction = new ArchetypeFilter.And(List.of(new ArchetypeFilter.Has(1),
                new ArchetypeFilter.Not(new ArchetypeFilter.Has(1))));
        assertThat(Dnf.of(contradiction).satisfiable()).isFalse();
        assertThat(Dnf.of(new ArchetypeFilter.Or(List.of())).satisfiable()).isFalse();
        assertThat(Dnf.of(ArchetypeFilter.TRUE).satisfiable()).isTrue();
    }

    @Test
    void aQueryOverEveryComponentCoversOnlyTheEntitiesItsFilterMatches() {
        int a = 1;
        int selected = 2;
        Access editor = Access.builder().add(new ComponentAccess(new BitSet(), new BitSet(),
                new ArchetypeFilter.Has(selected), false, true)).build();
        assertThat(editor.covers(a, true, c -> c == a || c == selected)).as("a selected entity: any component, written").isTrue();
        assertThat(editor.covers(a, false, c -> c == a)).as("an entity that is not selected").isFalse();
        assertThat(editor.isReadOnly()).isFalse();
        Access inspector = Access.builder().add(new ComponentAccess(new BitSet(), new BitSet(), ArchetypeFilter.TRUE, true, false))
                .build();
        assertThat(inspector.covers(a, false, c -> c == a)).isTrue();
        assertThat(inspector.covers(a, true, c -> c == a)).as("reading everything writes nothing").isFalse();
        assertThat(inspector.isReadOnly()).isTrue();
        assertThat(editor.conflictsWith(inspector)).isTrue();
        assertThat(editor.conflict(inspector).everyComponent()).isTrue();
    }
}
