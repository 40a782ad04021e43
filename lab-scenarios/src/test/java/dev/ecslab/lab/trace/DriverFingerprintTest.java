package dev.ecslab.lab.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A driver's fingerprint hashes the words of its command that name regular files (resolved against its working
 * directory) and the dependencies given, and a recorded fingerprint accepts the driver found for a replay exactly when
 * the command has the same shape and every file the same content, wherever it now lies.
 */
class DriverFingerprintTest {
    @TempDir
    Path dir;

    @Test
    void theWordsThatNameFilesAndTheDependenciesThatExistAreHashed() throws Exception {
        Path script = Files.writeString(dir.resolve("d.mjs"), "console.log(1)\n");
        Path lock = Files.writeString(dir.resolve("package-lock.json"), "{}\n");
        DriverFingerprint f = DriverFingerprint.of(List.of("node", "d.mjs", "--flag", dir.toString()), dir,
                List.of(lock, dir.resolve("absent.json")));
        assertThat(f.command()).containsExactly("node", "d.mjs", "--flag", dir.toString());
        assertThat(f.files()).containsExactly(new DriverFingerprint.HashedFile("d.mjs", PluginJar.sha256(script)),
                new DriverFingerprint.HashedFile(lock.toString(), PluginJar.sha256(lock)));
    }

    @Test
    void aRecordedFingerprintAcceptsTheSameContentAndNamesEveryFileThatChanged() throws Exception {
        Path script = Files.writeString(dir.resolve("d.mjs"), "console.log(1)\n");
        Path lock = Files.writeString(dir.resolve("package-lock.json"), "{}\n");
        DriverFingerprint recorded = DriverFingerprint.of(List.of("node", script.toString()), null, List.of(lock));

        Path moved = Files.createDirectories(dir.resolve("elsewhere"));
        Files.copy(script, moved.resolve("d.mjs"));
        Files.copy(lock, moved.resolve("package-lock.json"));
        assertThat(recorded.mismatch(DriverFingerprint.of(List.of("node", moved.resolve("d.mjs").toString()), null,
                List.of(moved.resolve("package-lock.json"))))).isEmpty();

        String before = PluginJar.sha256(script);
        Files.writeString(script, "console.log(2)\n");
        List<String> edited = recorded.mismatch(DriverFingerprint.of(List.of("node", script.toString()), null, List.of(lock)));
        assertThat(edited).singleElement().asString().contains("its file " + script + " has changed: sha256 "
                + PluginJar.sha256(script) + " now, " + before + " when recorded");

        Files.writeString(lock, "{\"edited\": true}\n");
        assertThat(recorded.mismatch(DriverFingerprint.of(List.of("node", script.toString()), null, List.of(lock))))
                .hasSize(2).anySatisfy(line -> assertThat(line).contains("its file " + lock + " has changed"));
    }

    @Test
    void aCommandOfAnotherShapeIsAnotherDriver() throws Exception {
        Path script = Files.writeString(dir.resolve("d.mjs"), "console.log(1)\n");
        DriverFingerprint recorded = DriverFingerprint.of(List.of("node", script.toString()), null, List.of());
        assertThat(recorded.mismatch(DriverFingerprint.of(List.of("deno", "run", script.toString()), null, List.of())))
                .singleElement().asString().contains("the driver found now is 'deno run " + script + "'");
        assertThat(recorded.mismatch(DriverFingerprint.of(List.of("node", "missing.mjs"), null, List.of())))
                .singleElement().asString().contains("whose files are none");
    }
}
