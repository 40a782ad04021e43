package dev.ecslab.ecs;

import dev.ecslab.ecs.world.World;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code ecs} module as compiled into {@code target/classes}: its folder and its module
 * descriptor, read from {@code module-info.class} the way the JVM reads it (as an exploded module,
 * so the descriptor's packages are the ones the folder holds). What the tests of the module's
 * boundary and of the public API compare against.
 */
final class CompiledModule {
    static final String NAME = "dev.ecslab.ecs";

    private CompiledModule() {
    }

    /** The folder the main classes were compiled to ({@code ecs/target/classes}), found from {@link World}. */
    static Path classesFolder() {
        try {
            Path p = Path.of(World.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isDirectory(p)) {
                throw new IllegalStateException("the ecs classes come from " + p + ", not a classes folder; run "
                        + "this test from the ecs module's build");
            }
            return p;
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The compiled module descriptor, with every package of the classes folder. */
    static ModuleDescriptor descriptor() {
        Path classes = classesFolder();
        if (!Files.isRegularFile(classes.resolve("module-info.class"))) {
            throw new IllegalStateException(classes + " holds no module-info.class: ecs is not compiled as a module");
        }
        ModuleReference module = ModuleFinder.of(classes).find(NAME).orElseThrow(() -> new IllegalStateException(
                classes + " holds a module, but not one named " + NAME));
        return module.descriptor();
    }

    /** The packages exported to every module, without a {@code to}: the public API. */
    static Set<String> packagesExportedToAll() {
        Set<String> out = new TreeSet<>();
        for (ModuleDescriptor.Exports e : descriptor().exports()) {
            if (!e.isQualified()) {
                out.add(e.source());
            }
        }
        return out;
    }
}
