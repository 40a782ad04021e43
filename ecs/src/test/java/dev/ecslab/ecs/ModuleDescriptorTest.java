package dev.ecslab.ecs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.change.ChangeTrackerProvider;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleDescriptor.Exports;
import java.lang.module.ModuleDescriptor.Requires;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The boundary {@code module-info.java} draws, read back from the compiled descriptor: which packages
 * every module may use (the public API, which {@link PublicApiTest} lists), which only the lab's
 * modules may use, what the module needs, and that the built-in strategies are registered for the
 * module path as they are for the class path. A new package, a changed export or a new dependency
 * fails here until this test says it was meant.
 */
class ModuleDescriptorTest {
    /** The packages exported to every module. */
    private static final Set<String> EXPORTED_TO_ALL = Set.of(
            "dev.ecslab.ecs",
            "dev.ecslab.ecs.change",
            "dev.ecslab.ecs.command",
            "dev.ecslab.ecs.component",
            "dev.ecslab.ecs.entity",
            "dev.ecslab.ecs.executor",
            "dev.ecslab.ecs.graph",
            "dev.ecslab.ecs.input",
            "dev.ecslab.ecs.job",
            "dev.ecslab.ecs.json",
            "dev.ecslab.ecs.query",
            "dev.ecslab.ecs.schedule",
            "dev.ecslab.ecs.schedule.json",
            "dev.ecslab.ecs.storage",
            "dev.ecslab.ecs.world");

    private static final String INTERNAL = "dev.ecslab.ecs.internal";

    /**
     * The modules {@code internal} is exported to, each with the Maven module of this build it names:
     * each name is that module's root package, and the lab's code there imports {@code internal}.
     */
    private static final Map<String, String> LAB_MODULES = Map.of(
            "dev.ecslab.lab", "lab-scenarios",
            "dev.ecslab.bench", "benchmarks",
            "dev.ecslab.stress", "jcstress-tests",
            "dev.ecslab.concurrency", "lincheck-tests");

    private final ModuleDescriptor descriptor = CompiledModule.descriptor();

    @Test
    void theModuleIsNamedAndNotOpen() {
        assertThat(descriptor.name()).isEqualTo(CompiledModule.NAME);
        assertThat(descriptor.isOpen()).as("no package is open to deep reflection").isFalse();
        assertThat(descriptor.opens()).isEmpty();
    }

    @Test
    void everyPackageIsExportedToAllOrToTheLabOnly() {
        Set<String> exported = new TreeSet<>();
        descriptor.exports().forEach(e -> exported.add(e.source()));

        assertThat(new TreeSet<>(descriptor.packages())).as("every package of target/classes is exported, to all"
                + " or qualified; a new package needs an exports line in module-info.java").isEqualTo(exported);
    }

    @Test
    void thePackagesExportedToAllAreTheListedOnes() {
        assertThat(CompiledModule.packagesExportedToAll()).as("the public API's packages")
                .isEqualTo(new TreeSet<>(EXPORTED_TO_ALL));
    }

    @Test
    void internalIsExportedOnlyToTheLabsModules() {
        Map<String, Set<String>> qualified = new TreeMap<>();
        for (Exports e : descriptor.exports()) {
            if (e.isQualified()) {
                qualified.put(e.source(), e.targets());
            }
        }

        assertThat(qualified).as("the packages exported with a 'to'").containsOnlyKeys(INTERNAL);
        assertThat(qualified.get(INTERNAL)).isEqualTo(LAB_MODULES.keySet());
    }

    @Test
    void eachLabModuleNameIsTheRootPackageOfAModuleOfThisBuild() {
        Path build = Path.of("").toAbsolutePath().getParent();
        LAB_MODULES.forEach((module, folder) -> {
            Path packagePath = Path.of(module.replace('.', '/'));
            assertThat(List.of(build.resolve(folder).resolve("src/main/java").resolve(packagePath),
                    build.resolve(folder).resolve("src/test/java").resolve(packagePath)))
                    .as("module %s names the code of %s", module, folder)
                    .anyMatch(Files::isDirectory);
        });
    }

    @Test
    void itRequiresJacksonCoreAndPassesItOn() {
        Map<String, Set<Requires.Modifier>> requires = new TreeMap<>();
        descriptor.requires().forEach(r -> requires.put(r.name(), r.modifiers()));

        assertThat(requires).as("what the module reads").containsOnlyKeys("java.base", "com.fasterxml.jackson.core");
        assertThat(requires.get("com.fasterxml.jackson.core")).as("JsonSyntaxWords.problem takes a Jackson type")
                .contains(Requires.Modifier.TRANSITIVE);
    }

    @Test
    void theBuiltInStrategiesAreProvidedAsOnTheClassPath() throws IOException {
        String service = ChangeTrackerProvider.class.getName();
        List<String> classPathProviders = Files.readAllLines(
                CompiledModule.classesFolder().resolve("META-INF/services").resolve(service), StandardCharsets.UTF_8)
                .stream().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        List<String> moduleProviders = descriptor.provides().stream().filter(p -> p.service().equals(service))
                .flatMap(p -> p.providers().stream()).toList();

        assertThat(moduleProviders).as("module-info's provides, in the order of META-INF/services")
                .isEqualTo(classPathProviders).hasSize(ChangeTrackerProvider.BUILT_IN.size());
        assertThat(descriptor.uses()).contains(service, "dev.ecslab.ecs.executor.ExecutorProvider");
    }
}
