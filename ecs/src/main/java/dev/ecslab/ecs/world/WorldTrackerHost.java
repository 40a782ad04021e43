package dev.ecslab.ecs.world;

import dev.ecslab.ecs.change.TrackerHost;
import dev.ecslab.ecs.component.ComponentInfo;
import dev.ecslab.ecs.component.Components;
import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.entity.Entities;
import dev.ecslab.ecs.storage.Archetype;
import dev.ecslab.ecs.storage.Column;
import dev.ecslab.ecs.storage.SparseSet;
import dev.ecslab.ecs.storage.Storage;
import dev.ecslab.ecs.storage.Table;
import java.util.concurrent.atomic.AtomicInteger;

/** What the tracker may use of a world (moved unchanged out of {@link World}). */
final class WorldTrackerHost implements TrackerHost {
    private final AtomicInteger changeTick;
    private final Components components;
    private final Entities entities;
    private final Storage storage;

    WorldTrackerHost(AtomicInteger changeTick, Components components, Entities entities, Storage storage) {
        this.changeTick = changeTick;
        this.components = components;
        this.entities = entities;
        this.storage = storage;
    }

    @Override
    public int currentTick() {
        return changeTick.get();
    }

    @Override
    public int archetypeOf(int entityIndex) {
        return entities.archetypeId(entityIndex);
    }

    @Override
    public ColumnRows rowsOf(int archetypeId, int componentId) {
        Archetype a = storage.archetype(archetypeId);
        if (!a.has(componentId)) {
            return null;
        }
        Table table = a.table();
        Column c = table.columnOf(componentId);
        if (c != null) {
            return new ColumnRows(c, table.entityIndices(), table.size());
        }
        SparseSet set = storage.sparseSet(componentId);
        return new ColumnRows(set.column(), set.entityIndices(), set.size());
    }

    @Override
    public int liveEntityCount() {
        return entities.liveCount();
    }

    @Override
    public void forEachColumn(ColumnVisitor visitor) {
        for (int t = 0; t < storage.tableCount(); t++) {
            Table table = storage.table(t);
            for (int c = 0; c < table.columnCount(); c++) {
                visitor.visit(table.column(c), table.size());
            }
        }
        for (ComponentInfo info : components.all()) {
            if (info.storage() == StorageKind.SPARSE_SET) {
                SparseSet set = storage.sparseSet(info.id());
                visitor.visit(set.column(), set.size());
            }
        }
    }
}
