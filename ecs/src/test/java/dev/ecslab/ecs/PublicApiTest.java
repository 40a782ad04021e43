package dev.ecslab.ecs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.world.World;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The public API of {@code dev.ecslab.ecs}, listed from the compiled classes and compared with the
 * checked-in {@code src/test/resources/public-api.txt}, so that every change to what users can call
 * is deliberate: a change fails here with the added and removed lines until the listing is
 * regenerated and committed with it.
 *
 * <p>Listed: every public type of the packages the module exports to all ({@code module-info.java},
 * read back from the compiled descriptor; the types are found by walking the compiled classes
 * folder, not from a hand list), and its public and protected constructors, methods and fields with
 * their generic signatures. Left out: the packages exported only to the lab's modules
 * ({@code dev.ecslab.ecs.internal}), synthetic and bridge members, anonymous, local and non-public
 * types.
 */
class PublicApiTest {
    static final String UPDATE_PROPERTY = "ecslab.api.update";
    static final String UPDATE_COMMAND =
            "mvn -B -o -q -pl ecs test -Dtest=PublicApiTest -D" + UPDATE_PROPERTY + "=true";
    private static final Path LISTING = Path.of("src", "test", "resources", "public-api.txt");
    private static final String INTERNAL_PACKAGE = "dev.ecslab.ecs.internal";

    @Test
    void thePublicApiIsTheCheckedInListing() throws IOException {
        List<String> actual = listing();
        if (Boolean.getBoolean(UPDATE_PROPERTY)) {
            Files.write(LISTING, actual, StandardCharsets.UTF_8);
            return;
        }
        assertThat(LISTING).as("the checked-in listing; create it with: " + UPDATE_COMMAND).exists();
        List<String> expected = Files.readAllLines(LISTING, StandardCharsets.UTF_8);
        String difference = difference(expected, actual);
        assertThat(difference).as("the public API differs from %s", LISTING).isEmpty();
    }

    @Test
    void anAddedPublicMethodIsCaughtAndNamed() {
        List<String> actual = listing();
        String spawn = actual.stream().filter(l -> l.startsWith(World.class.getName() + " | ")
                && l.endsWith(".spawn(java.lang.Object)")).findFirst().orElseThrow();
        List<String> withoutSpawn = new ArrayList<>(actual);
        withoutSpawn.remove(spawn);

        String difference = difference(withoutSpawn, actual);

        assertThat(difference).contains("added (1):").contains("+ " + spawn).doesNotContain("removed (")
                .contains(UPDATE_COMMAND);
    }

    @Test
    void aRemovedPublicMethodIsCaughtAndNamed() {
        List<String> actual = listing();
        String gone = World.class.getName() + " | public void " + World.class.getName() + ".storage()";
        List<String> withStorage = new ArrayList<>(actual);
        withStorage.add(gone);

        assertThat(difference(withStorage, actual)).contains("removed (1):").contains("- " + gone)
                .doesNotContain("added (");
        assertThat(difference(actual, actual)).isEmpty();
    }

    @Test
    void theListingComesFromTheCompiledClassesAndLeavesTheInternalsOut() {
        List<String> actual = listing();

        assertThat(actual).as("found by walking target/classes: types from every package")
                .anyMatch(l -> l.startsWith("dev.ecslab.ecs.world.World | "))
                .anyMatch(l -> l.startsWith("dev.ecslab.ecs.job.JobScheduler | "))
                .anyMatch(l -> l.startsWith("dev.ecslab.ecs.change.ChangeTracker | "));
        assertThat(actual).as("no type of the internal package is listed")
                .noneMatch(l -> l.startsWith(INTERNAL_PACKAGE + "."));
        assertThat(actual).as("World's internals are not World's methods")
                .filteredOn(l -> l.startsWith(World.class.getName() + " | "))
                .noneMatch(l -> l.contains(".storage()") || l.contains(".entities()") || l.contains("verifyIntegrity")
                        || l.contains("beginIteration") || l.contains("directWriter") || l.contains("advanceChangeTick"));
        assertThat(actual).as("sorted, no duplicates").isSorted().doesNotHaveDuplicates();
    }

    @Test
    void theListingCoversExactlyThePackagesExportedToAll() {
        Set<String> listedPackages = new TreeSet<>();
        publicTypes().forEach(t -> listedPackages.add(t.getPackageName()));

        assertThat(listedPackages).as("every package exported to all has public types, and they are listed")
                .isEqualTo(CompiledModule.packagesExportedToAll());
        assertThat(listedPackages).as("a package exported only to the lab's modules is not the public API")
                .doesNotContain(INTERNAL_PACKAGE);
    }

    /** The listing: one line per type and per member, {@code type | what}, sorted. */
    static List<String> listing() {
        Set<String> lines = new TreeSet<>();
        for (Class<?> type : publicTypes()) {
            String name = type.getName();
            lines.add(name + " | " + describe(type));
            for (Constructor<?> c : type.getDeclaredConstructors()) {
                add(lines, name, c, c.toGenericString());
            }
            for (Method m : type.getDeclaredMethods()) {
                if (!m.isBridge()) {
                    add(lines, name, m, m.toGenericString());
                }
            }
            for (Field f : type.getDeclaredFields()) {
                add(lines, name, f, f.toGenericString());
            }
        }
        return List.copyOf(lines);
    }

    private static void add(Set<String> lines, String type, Member member, String text) {
        int mod = member.getModifiers();
        if (!member.isSynthetic() && (Modifier.isPublic(mod) || Modifier.isProtected(mod))) {
            lines.add(type + " | " + text);
        }
    }

    private static String describe(Class<?> type) {
        StringBuilder s = new StringBuilder(Modifier.toString(type.getModifiers() & ~Modifier.INTERFACE & ~Modifier.ABSTRACT
                & ~Modifier.STATIC));
        s.append(s.length() == 0 ? "" : " ").append(type.isAnnotation() ? "@interface" : type.isInterface() ? "interface"
                : type.isEnum() ? "enum" : type.isRecord() ? "record" : Modifier.isAbstract(type.getModifiers())
                ? "abstract class" : "class");
        if (type.isSealed()) {
            s.append(" sealed");
        }
        if (type.getGenericSuperclass() != null && type.getSuperclass() != Object.class && !type.isEnum()
                && !type.isRecord()) {
            s.append(" extends ").append(type.getGenericSuperclass().getTypeName());
        }
        String interfaces = Stream.of(type.getGenericInterfaces()).map(t -> t.getTypeName())
                .collect(Collectors.joining(", "));
        if (!interfaces.isEmpty()) {
            s.append(type.isInterface() ? " extends " : " implements ").append(interfaces);
        }
        return s.toString();
    }

    /** Public types (public all the way out) of the compiled packages that the module exports to all. */
    static List<Class<?>> publicTypes() {
        Path classes = CompiledModule.classesFolder();
        Set<String> exportedToAll = CompiledModule.packagesExportedToAll();
        List<Class<?>> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                String relative = classes.relativize(p).toString();
                String name = relative.substring(0, relative.length() - ".class".length())
                        .replace(p.getFileSystem().getSeparator(), ".");
                int lastDot = name.lastIndexOf('.');
                if (lastDot < 0 || !exportedToAll.contains(name.substring(0, lastDot))
                        || name.endsWith("package-info")) {
                    continue;
                }
                Class<?> type = Class.forName(name, false, PublicApiTest.class.getClassLoader());
                if (isPublicAllTheWayOut(type)) {
                    out.add(type);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("a compiled class could not be loaded: " + e.getMessage(), e);
        }
        return out;
    }

    private static boolean isPublicAllTheWayOut(Class<?> type) {
        if (type.isAnonymousClass() || type.isLocalClass() || type.isSynthetic()) {
            return false;
        }
        for (Class<?> c = type; c != null; c = c.getDeclaringClass()) {
            if (!Modifier.isPublic(c.getModifiers())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Empty when the listings agree; otherwise the lines only in {@code actual} (added), those only
     * in {@code expected} (removed), and the command that regenerates the checked-in listing.
     */
    static String difference(List<String> expected, List<String> actual) {
        Set<String> added = new LinkedHashSet<>(actual);
        expected.forEach(added::remove);
        Set<String> removed = new LinkedHashSet<>(expected);
        actual.forEach(removed::remove);
        if (added.isEmpty() && removed.isEmpty()) {
            return "";
        }
        StringBuilder s = new StringBuilder();
        if (!added.isEmpty()) {
            s.append("added (").append(added.size()).append("):\n");
            added.forEach(l -> s.append("  + ").append(l).append('\n'));
        }
        if (!removed.isEmpty()) {
            s.append("removed (").append(removed.size()).append("):\n");
            removed.forEach(l -> s.append("  - ").append(l).append('\n'));
        }
        s.append("If the change is deliberate, regenerate the listing and commit it with the change:\n  ")
                .append(UPDATE_COMMAND).append('\n');
        return s.toString();
    }
}
