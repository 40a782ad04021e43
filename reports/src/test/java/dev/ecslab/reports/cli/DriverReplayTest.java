package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.engine.EngineRunner;
import dev.ecslab.lab.engine.EngineSubject;
import dev.ecslab.lab.replay.Replay;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioJson;
import dev.ecslab.lab.trace.DriverFingerprint;
import dev.ecslab.lab.trace.PluginJar;
import dev.ecslab.lab.trace.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An engine driven as a process is pinned in its replay files as an engine jar is: the trace records the driver's
 * command and the SHA-256 of its script, {@code lab replay} re-runs the unchanged driver, refuses (exit 2) an edited
 * one naming the file with both hashes, and still replays a file written before drivers were fingerprinted, saying
 * that it could not check the driver.
 */
class DriverReplayTest {
    @TempDir
    Path tmp;

    /** The reference driver copied into {@code tmp} under an id of its own, so that no shipped driver answers for it. */
    private Path copiedDriver() throws Exception {
        String source = Files.readString(RepositoryRoot.find().resolve("engines/drivers/reference/driver.mjs"));
        assertThat(source).contains("id: 'reference-js'");
        Path copy = tmp.resolve("driver.mjs");
        Files.writeString(copy, source.replace("id: 'reference-js'", "id: 'copied-js'"));
        return copy;
    }

    /** A replay file of {@code command}'s engine on the first catalogue scenario its contract can express. */
    private Path recorded(List<String> command) {
        try (EngineSubject engine = EngineSubject.process(command, null, Duration.ofSeconds(20))) {
            Scenario s = Catalogue.all().stream().filter(c -> engine.contract().cannotExpress(c).isEmpty()).findFirst()
                    .orElseThrow();
            Trace trace = EngineRunner.run(s, engine, 1L, Duration.ofSeconds(30));
            Path file = tmp.resolve("copied.json");
            Replay.save(file, s, trace);
            return file;
        }
    }

    @Test
    void anEditedDriverIsRefusedTheSameOneReplaysAndAnOldFileReplaysUnchecked() throws Exception {
        Path driver = copiedDriver();
        String before = PluginJar.sha256(driver);
        String command = "node " + driver;
        Path file = recorded(List.of("node", driver.toString()));
        DriverFingerprint recorded = Replay.load(file).trace().config().driver();
        assertThat(recorded.command()).containsExactly("node", driver.toString());
        assertThat(recorded.files()).containsExactly(new DriverFingerprint.HashedFile(driver.toString(), before));

        CommandOutput same = CommandOutput.run("replay", file.toString(), "--engine-cmd", command);
        assertThat(same.code()).as(same.out() + same.err()).isZero();
        assertThat(same.out()).contains("driver: '" + command + "' (" + driver + " sha256 " + before + "): its files match")
                .contains("re-run on the engine: the same verdict");

        ObjectNode json = (ObjectNode) ScenarioJson.MAPPER.readTree(file.toFile());
        ((ObjectNode) json.get("trace").get("config")).remove("driver");
        Path old = tmp.resolve("old.json");
        Files.writeString(old, ScenarioJson.MAPPER.writeValueAsString(json));
        Files.writeString(driver, Files.readString(driver) + "\n// edited after the run was recorded\n");
        String after = PluginJar.sha256(driver);

        CommandOutput edited = CommandOutput.run("replay", file.toString(), "--engine-cmd", command);
        assertThat(edited.code()).as(edited.out() + edited.err()).isEqualTo(2);
        assertThat(edited.err()).contains("its file " + driver + " has changed: sha256 " + after + " now, " + before
                + " when recorded").contains("refusing to replay against a different driver");
        assertThat(edited.out()).as("nothing is judged").isEmpty();

        CommandOutput unchecked = CommandOutput.run("replay", old.toString(), "--engine-cmd", command);
        assertThat(unchecked.code()).as(unchecked.out() + unchecked.err()).isZero();
        assertThat(unchecked.out()).contains("this replay file records no fingerprint of a driver")
                .contains("re-run on the engine: the same verdict");
    }

    @Test
    void aDriverFileOfAnotherShapeIsRefused() throws Exception {
        Path driver = copiedDriver();
        Path file = recorded(List.of("node", driver.toString()));
        Path elsewhere = Files.createDirectories(tmp.resolve("moved")).resolve("driver.mjs");
        Files.copy(driver, elsewhere);
        CommandOutput moved = CommandOutput.run("replay", file.toString(), "--engine-cmd", "node " + elsewhere);
        assertThat(moved.code()).as("the same content elsewhere is the same driver: " + moved.out() + moved.err()).isZero();
        CommandOutput reshaped = CommandOutput.run("replay", file.toString(), "--engine-cmd", "node --no-warnings " + driver);
        assertThat(reshaped.code()).as(reshaped.out() + reshaped.err()).isEqualTo(2);
        assertThat(reshaped.err()).contains("the driver found now is 'node --no-warnings " + driver + "'");
    }

    @Test
    void aMalformedFingerprintIsRefusedAtItsPath() throws Exception {
        Path file = recorded(List.of("node", copiedDriver().toString()));
        ObjectNode json = (ObjectNode) ScenarioJson.MAPPER.readTree(file.toFile());
        assertThat(malformed(json, d -> ((ObjectNode) d.get("files").get(0)).put("sha256", "00")))
                .contains("trace.config.driver.files[0].sha256").contains("must be 64 lower-case hex digits, was \"00\"");
        assertThat(malformed(json, d -> ((com.fasterxml.jackson.databind.node.ArrayNode) d.get("command")).removeAll()))
                .contains("trace.config.driver.command").contains("must not be empty");
        assertThat(malformed(json, d -> ((com.fasterxml.jackson.databind.node.ArrayNode) d.get("command")).setNull(1)))
                .contains("trace.config.driver.command[1]");
        assertThat(malformed(json, d -> d.remove("files"))).contains("missing field \"files\"");
    }

    /** The message of loading {@code json} with its driver edited by {@code edit}. */
    private String malformed(ObjectNode json, java.util.function.Consumer<ObjectNode> edit) throws Exception {
        ObjectNode copy = json.deepCopy();
        edit.accept((ObjectNode) copy.get("trace").get("config").get("driver"));
        Path file = Files.writeString(tmp.resolve("malformed.json"), ScenarioJson.MAPPER.writeValueAsString(copy));
        return org.assertj.core.api.Assertions.catchThrowableOfType(dev.ecslab.lab.scenario.ScenarioException.class,
                () -> Replay.load(file)).getMessage();
    }

    /** The shipped koota driver runs an npm package: its lock, which npm ci installs from, is part of the fingerprint. */
    @Test
    void theShippedKootaDriverIsFingerprintedWithItsPackageLock() {
        Path koota = RepositoryRoot.find().resolve("engines/koota");
        assumeTrue(Files.isDirectory(koota.resolve("node_modules")), "koota's npm dependencies are not installed");
        EngineSubject engine = EnginesCommand.find(List.of("koota"), List.of(), getClass().getClassLoader()).get(0);
        try (engine) {
            assertThat(engine.driver().files()).extracting(DriverFingerprint.HashedFile::file)
                    .containsExactly(koota.resolve("driver.mjs").toString(), koota.resolve("package-lock.json").toString());
            assertThat(engine.driver().files().get(1).sha256()).isEqualTo(PluginJar.sha256(koota.resolve("package-lock.json")));
        }
    }
}
