package dev.ecslab.lab.measure;

import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.run.GuardedTracker;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.TrackedRows;
import dev.ecslab.ecs.change.TrackerHost;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.world.World;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Trace;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.openjdk.jol.vm.VM;
import org.openjdk.jol.vm.VirtualMachine;

/**
 * Criterion 6's measure: the heap a change tracker's state occupies, measured from outside the
 * tracker. A tracker's own {@link ChangeTracker#memoryBytes()} is a claim; a tracker that leaks and
 * does not count the leak would pass a check built on it, so the verdict rests on this measure
 * (memory is measured from outside the tracker).
 *
 * <p><b>What it promises.</b> For a scripted scenario (its edits do not depend on what the tracker
 * answers, so the world evolves the same under any tracker), the <em>tracking bytes</em> after
 * frame <i>n</i> are
 * <pre>
 *   reachable(world under the strategy after n frames, plus the strategy's static state)
 * − reachable(world under the lab's inert tracker after n frames)
 * </pre>
 * where {@code reachable} sums the sizes JOL gives for this JVM's object layout over every object
 * reachable from the roots, each once. The inert tracker ({@code laneCount() == 0}, no fields,
 * answers nothing) exists only so the baseline world is the same world without tracking. So the
 * figure counts the tracker object and everything it holds, the metadata lanes in every column,
 * anything the tracker hangs anywhere reachable from the world (also when it keeps a reference to
 * the world), and, as extra roots, the values of the non-primitive static fields of the tracker's
 * class and its superclasses (classes in {@code java.*} and {@code javax.*} excluded) and, for a
 * strategy from a plug-in jar, of every class in that jar, so a leak into a static collection of the
 * tracker's own classes, of its provider or of a helper class of the jar is measured too. The baseline is computed
 * once per JVM for a given scenario and set of sample frames.
 *
 * <p><b>What it does not count.</b> {@link Class} objects and enum constants (JVM-wide singletons,
 * not world state; classes also fill lazy caches as they are used, which would make two
 * measurements of equal worlds differ); the world's strategy-id string (its length differs between
 * the strategy and the baseline); threads beyond their own object; state in static fields of
 * other classes (outside the tracker's class hierarchy and its plug-in jar); off-heap and native memory. Objects of the lab's run and trace packages (the
 * runner's bookkeeping: system bodies, run logs) are not counted and not walked: the probe runs
 * between frames, when the world reaches none of them (checked: the world's graph then holds the
 * ECS's own objects and the scenario's component values only), and {@link Measurement#labObjectsMet()}
 * says if that ever changes. Reachable is not the same as retained by the tracker alone: an object
 * the tracker shares with the world is counted once, in the baseline too.
 *
 * <p><b>What it charges to the tracker besides its state.</b> Whatever the world holds only because
 * of the tracker: query buffers sized by its answers, and storage the world creates when the tracker
 * walks it ({@code TrackerHost.forEachColumn} creates a missing sparse set, with its value column;
 * {@code generation} does so in {@code memoryBytes()}, which the runner calls every frame; a few
 * hundred bytes, constant).
 *
 * <p><b>JOL, without JVM flags.</b> On first use this class sets, unless already set,
 * {@code jol.magicFieldOffset=true} (JOL then finds field offsets of records and hidden classes on
 * JDK 16+ without {@code --add-opens}), {@code jol.skipDynamicAttach=true} (attaching to the own
 * process fails on JDK 17 without {@code -Djdk.attach.allowAttachSelf}) and
 * {@code jol.skipHotspotSAAttach=true} (the Serviceability Agent attach starts a second JVM and is
 * only needed for object addresses). Without instrumentation, sizes come from JOL's field offsets of
 * each class, as JOL's own layout computes them (instances; {@link #instanceSize}, which does not use
 * JOL's {@code ClassLayout}: that one prints an error for {@code @Contended} fields) and from the VM's array base offset, element size and alignment (arrays),
 * computed once per class. JOL prints two warnings (no instrumentation, no agent) to
 * {@code System.out} when it starts; they are captured and kept in {@link #jolNotes()} instead of
 * being printed. JDK 24 and later print one deprecation warning for {@code sun.misc.Unsafe}, which
 * JOL uses, to the JVM's own standard error; that one cannot be captured and appears once per JVM
 * (the JVM flag {@code --sun-misc-unsafe-memory-access=allow} silences it). Fields the lab cannot
 * open by reflection (JDK internals) are read through JOL's field offsets.
 */
public final class RetainedHeap {
    /** The lab's baseline strategy: no lanes, no state, no answers. */
    static final TrackerSubject INERT = new TrackerSubject("lab:inert", ChangeFlavor.DEFAULT, null,
            "the lab's inert baseline tracker: no lanes, no state, answers nothing", InertTracker::new);

    private static final Map<BaselineKey, SortedMap<Integer, long[]>> BASELINES = new ConcurrentHashMap<>();
    private static final String[] LAB_BOOKKEEPING = {"dev.ecslab.lab.run.", "dev.ecslab.lab.trace."};
    private static volatile VirtualMachine vm;
    private static volatile String jolNotes = "";

    private RetainedHeap() {
    }

    /**
     * A scenario run measured after some frames.
     *
     * @param trackingBytes   frames run -> tracking bytes (strategy minus baseline), for every sample
     *                        frame the run reached
     * @param labObjectsMet   objects of the lab's bookkeeping the walks met (and did not count); 0
     *                        when the world reaches none, as expected
     * @param problem         why the measure is not valid ({@code null} when it is): the world under
     *                        the strategy differs from the baseline's, or a walk failed
     */
    public record Measurement(Trace trace, SortedMap<Integer, Long> trackingBytes, long labObjectsMet, String problem) {
    }

    /**
     * Runs {@code scenario} under {@code config} and measures the tracking bytes after each of
     * {@code frames} (counts of frames run). The baseline runs once per JVM for the same scenario,
     * executor, seed and frames.
     */
    public static Measurement measure(Scenario scenario, LabConfig config, SortedSet<Integer> frames) {
        SortedMap<Integer, long[]> baseline = baseline(scenario, config, frames);
        SortedMap<Integer, Long> tracking = new TreeMap<>();
        long[] labObjects = {baseline.values().stream().mapToLong(v -> v[2]).sum()};
        String[] problem = {null};
        // The plug-in jar's classes, listed once per measure (the jar does not change during a run; reading it
        // at every sample took most of a plug-in's measure), and one identity map for every walk of the run.
        Map<Class<?>, List<Class<?>>> jarClasses = new java.util.HashMap<>();
        IdentityHashMap<Object, Boolean> seen = new IdentityHashMap<>();
        Trace trace = ScenarioRunner.run(scenario, config, (frame, world, tracker) -> {
            int n = frame + 1;
            long[] base = baseline.get(n);
            if (base == null || problem[0] != null) {
                return;
            }
            if (world.entityCount() != base[1]) {
                problem[0] = "after " + n + " frames the world has " + world.entityCount() + " entities under the strategy but "
                        + base[1] + " under the baseline: the measure needs a scripted world";
                return;
            }
            try {
                Walk w = walk(world, staticRoots(tracker, jarClasses, problem), seen);
                labObjects[0] += w.labObjects();
                tracking.put(n, w.bytes() - base[0]);
            } catch (RuntimeException e) {
                problem[0] = "the walk after " + n + " frames failed: " + e;
            }
        });
        return new Measurement(trace, Collections.unmodifiableSortedMap(tracking), labObjects[0], problem[0]);
    }

    /** What JOL printed when it started (warnings about attach and instrumentation), or "". */
    public static String jolNotes() {
        return jolNotes;
    }

    // ------------------------------------------------------------------ the baseline

    private record BaselineKey(Scenario scenario, String executor, long seed, Set<Integer> frames) {
    }

    /** frames run -> {bytes, live entities, lab objects met} under the inert tracker; cached. */
    private static SortedMap<Integer, long[]> baseline(Scenario scenario, LabConfig config, SortedSet<Integer> frames) {
        BaselineKey key = new BaselineKey(scenario, config.executor().id(), config.seed(), Set.copyOf(frames));
        return BASELINES.computeIfAbsent(key, k -> {
            SortedMap<Integer, long[]> out = new TreeMap<>();
            IdentityHashMap<Object, Boolean> seen = new IdentityHashMap<>();
            // The measured run's timeout (criterion 6 gives its long run ten times the run timeout), not the default:
            // the baseline runs the same 10 000 frames, and on a loaded machine the default cut it off.
            LabConfig inert = new LabConfig(INERT, config.executor(), config.seed(), config.threads(), config.timeout());
            Trace t = ScenarioRunner.run(scenario, inert, (frame, world, tracker) -> {
                if (frames.contains(frame + 1)) {
                    Walk w = walk(world, List.of(), seen);
                    out.put(frame + 1, new long[] {w.bytes(), world.entityCount(), w.labObjects()});
                }
            });
            if (!t.errors().isEmpty()) {
                throw new IllegalStateException("the baseline run of '" + scenario.name() + "' failed: " + t.errors().get(0));
            }
            return Collections.unmodifiableSortedMap(out);
        });
    }

    // ------------------------------------------------------------------ the walk

    private record Walk(long bytes, long labObjects) {
    }

    /**
     * Values of the non-primitive static fields of the tracker's classes (not java.*, javax.*): its class and
     * superclasses, and, for a tracker loaded from a plug-in jar, every class of that jar its loader has
     * initialised (a leak into a static collection of a helper class, or of the provider class, is the
     * tracker's as much as one into its own class's; {@link #pluginClasses}).
     */
    private static List<Object> staticRoots(ChangeTracker tracker, Map<Class<?>, List<Class<?>>> jarClasses,
            String[] problem) {
        List<Object> roots = new ArrayList<>();
        java.util.Set<Class<?>> classes = new java.util.LinkedHashSet<>();
        for (Class<?> c = tracker.getClass(); c != null; c = c.getSuperclass()) {
            classes.add(c);
        }
        classes.addAll(jarClasses.computeIfAbsent(tracker.getClass(), RetainedHeap::pluginClasses));
        for (Class<?> c : classes) {
            if (c.getName().startsWith("java.") || c.getName().startsWith("javax.")) {
                continue;
            }
            for (Field f : c.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()) {
                    continue;
                }
                try {
                    f.setAccessible(true);
                    Object v = f.get(null);
                    if (v != null) {
                        roots.add(v);
                    }
                } catch (ReflectiveOperationException | RuntimeException e) {
                    if (problem[0] == null) {
                        problem[0] = "cannot read the static field " + c.getName() + "." + f.getName() + ": " + e;
                    }
                } catch (LinkageError e) {
                    break;                          // a plug-in class whose initialiser fails holds nothing
                }
            }
        }
        return roots;
    }

    /**
     * The classes of the plug-in jar {@code type} was loaded from, as its loader loads them (none when
     * {@code type} comes from no jar, or from the lab's own loader: built-in strategies and the lab's
     * mutants). Reading a static field initialises a class the strategy has not used yet: its static
     * initialiser then runs on the run's thread, under the run's timeout, and what it allocates is the
     * same at every sample, so it cannot look like growth; a class whose initialiser fails is skipped.
     */
    static List<Class<?>> pluginClasses(Class<?> type) {
        ClassLoader loader = type.getClassLoader();
        if (loader == null || loader == RetainedHeap.class.getClassLoader()) {
            return List.of();
        }
        java.nio.file.Path jar = dev.ecslab.lab.trace.PluginJar.jarOf(type).orElse(null);
        if (jar == null) {
            return List.of();
        }
        List<Class<?>> out = new ArrayList<>();
        try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(jar.toFile())) {
            for (var entries = zip.entries(); entries.hasMoreElements(); ) {
                String name = entries.nextElement().getName();
                if (!name.endsWith(".class") || name.endsWith("module-info.class") || name.startsWith("META-INF/")) {
                    continue;
                }
                try {
                    Class<?> c = Class.forName(name.substring(0, name.length() - 6).replace('/', '.'), false, loader);
                    if (c.getClassLoader() == loader) {
                        out.add(c);
                    }
                } catch (ClassNotFoundException | LinkageError ignored) {
                    // not loadable from this loader: it holds no state of this tracker
                }
            }
        } catch (java.io.IOException e) {
            return out;
        }
        return out;
    }

    /** One walk from the world and {@code extraRoots}; {@code seen} is the caller's, emptied here for reuse. */
    private static Walk walk(World world, List<Object> extraRoots, IdentityHashMap<Object, Boolean> seen) {
        seen.clear();
        seen.put(world.changeTrackingId(), Boolean.TRUE);          // its length differs per strategy
        ArrayDeque<Object> stack = new ArrayDeque<>();
        long bytes = 0;
        long lab = 0;
        List<Object> roots = new ArrayList<>(extraRoots.size() + 1);
        roots.add(world);
        roots.addAll(extraRoots);
        for (Object r : roots) {
            if (seen.put(r, Boolean.TRUE) == null) {
                stack.push(r);
            }
        }
        while (!stack.isEmpty()) {
            Object o = stack.pop();
            if (o instanceof Class<?> || o instanceof Enum<?>) {
                continue;
            }
            if (o instanceof GuardedTracker guard) {                // the lab's guard: see through it, count nothing
                Object delegate = guard.delegate();
                if (seen.put(delegate, Boolean.TRUE) == null) {
                    stack.push(delegate);
                }
                continue;
            }
            Shape shape = SHAPES.get(o.getClass());
            if (shape.labBookkeeping()) {
                lab++;
                continue;
            }
            if (shape.arrayScale() > 0) {
                bytes += align(shape.size() + (long) Array.getLength(o) * shape.arrayScale(), shape.alignment());
                if (shape.referenceArray()) {
                    for (Object e : (Object[]) o) {
                        if (e != null && seen.put(e, Boolean.TRUE) == null) {
                            stack.push(e);
                        }
                    }
                }
                continue;
            }
            bytes += shape.size();
            if (o instanceof Thread) {
                continue;
            }
            for (Function<Object, Object> read : shape.references()) {
                Object e = read.apply(o);
                if (e != null && seen.put(e, Boolean.TRUE) == null) {
                    stack.push(e);
                }
            }
        }
        return new Walk(bytes, lab);
    }

    private static long align(long size, int alignment) {
        return (size + alignment - 1) / alignment * alignment;
    }

    /**
     * What the walk needs of a class, from JOL: an instance's size and readers of its reference
     * fields (its superclasses' included), or for an array class the header size and the element
     * size; and whether it is the lab's bookkeeping.
     */
    private record Shape(long size, int arrayScale, int alignment, boolean referenceArray,
            List<Function<Object, Object>> references, boolean labBookkeeping) {
    }

    private static final ClassValue<Shape> SHAPES = new ClassValue<>() {
        @Override
        protected Shape computeValue(Class<?> type) {
            VirtualMachine machine = vm();
            for (String p : LAB_BOOKKEEPING) {
                if (type.getName().startsWith(p)) {
                    return new Shape(0, 0, 1, false, List.of(), true);
                }
            }
            if (type.isArray()) {
                Class<?> element = type.getComponentType();
                String name = element.isPrimitive() ? element.getName() : "reference";
                return new Shape(machine.arrayBaseOffset(name), machine.arrayIndexScale(name), machine.objectAlignment(),
                        !element.isPrimitive(), List.of(), false);
            }
            List<Function<Object, Object>> refs = new ArrayList<>();
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()) {
                        continue;
                    }
                    refs.add(reader(machine, f));
                }
            }
            return new Shape(instanceSize(machine, type), 0, 1, false, List.copyOf(refs), false);
        }
    };

    /**
     * The size of an instance of {@code type} as JOL's {@code ClassLayout.parseClass(type).instanceSize()} gives
     * it on this VM (the end of the field placed last, or the object header when there is no field, aligned),
     * computed from the same field offsets without {@code ClassLayout}. {@code ClassLayout} also reads each field's
     * {@code @Contended} group, which JOL cannot do for the JDK's own annotation without {@code --add-exports}: for a
     * class with such a field ({@link Thread}, {@code LongAdder}'s cells, {@code ConcurrentHashMap}'s counter
     * cells) it printed "Error while accessing @Contended value" to standard output, in the middle of the lab's
     * output. The group only labels JOL's printed layout; it plays no part in the size.
     */
    static long instanceSize(VirtualMachine machine, Class<?> type) {
        long end = machine.objectHeaderSize();
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    end = Math.max(end, machine.fieldOffset(f) + machine.sizeOfField(f.getType().getName()));
                }
            }
        }
        return align(end, machine.objectAlignment());
    }

    /** JOL's view of this VM, started quietly (see the class comment). */
    static VirtualMachine jolVm() {
        return vm();
    }

    private static Function<Object, Object> reader(VirtualMachine machine, Field f) {
        try {
            f.setAccessible(true);
            return o -> {
                try {
                    return f.get(o);
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("cannot read " + f, e);
                }
            };
        } catch (RuntimeException e) {                                  // a JDK class not opened to the lab
            long offset = machine.fieldOffset(f);
            return o -> machine.getObject(o, offset);
        }
    }

    // ------------------------------------------------------------------ JOL, quietly

    private static VirtualMachine vm() {
        VirtualMachine m = vm;
        if (m == null) {
            synchronized (RetainedHeap.class) {
                m = vm;
                if (m == null) {
                    m = startJol();
                    vm = m;
                }
            }
        }
        return m;
    }

    private static VirtualMachine startJol() {
        setIfAbsent("jol.magicFieldOffset", "true");
        setIfAbsent("jol.skipDynamicAttach", "true");
        setIfAbsent("jol.skipHotspotSAAttach", "true");
        PrintStream out = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            return VM.current();
        } finally {
            System.setOut(out);
            jolNotes = captured.toString(StandardCharsets.UTF_8).strip();
        }
    }

    private static void setIfAbsent(String property, String value) {
        if (System.getProperty(property) == null) {
            System.setProperty(property, value);
        }
    }

    // ------------------------------------------------------------------ the baseline tracker

    /**
     * The baseline's tracker: no lanes, no fields, answers nothing. It exists only so the baseline
     * world is the strategy's world without tracking.
     */
    static final class InertTracker implements ChangeTracker {
        @Override
        public int laneCount() {
            return 0;
        }

        @Override
        public void onAdded(SystemTicks writer, int componentId, int entityIndex, TrackedRows column, int row) {
        }

        @Override
        public void onMutated(SystemTicks writer, int componentId, int entityIndex, TrackedRows column, int row) {
        }

        @Override
        public void onRemoved(SystemTicks writer, int componentId, Entity entity) {
        }

        @Override
        public void onResourceAdded(SystemTicks writer, int resourceId) {
        }

        @Override
        public void onResourceMutated(SystemTicks writer, int resourceId) {
        }

        @Override
        public void onResourceRemoved(SystemTicks writer, int resourceId) {
        }

        @Override
        public boolean matches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex,
                TrackedRows column, int row) {
            return false;
        }

        @Override
        public List<Entity> removedSince(ChangeFlavor flavor, SystemTicks reader, int componentId) {
            return List.of();
        }

        @Override
        public boolean resourceMatches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int resourceId) {
            return false;
        }

        @Override
        public boolean resourceRemovedSince(ChangeFlavor flavor, SystemTicks reader, int resourceId) {
            return false;
        }

        @Override
        public long memoryBytes() {
            return 0;
        }
    }
}
