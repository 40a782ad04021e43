package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The lab's child processes end with their whole tree: a shell that started a long-running child (as
 * JCStress's script, JMH's forks and Maven's surefire forks do) must not leave that child running. The
 * plain {@link Process#destroy()} the commands used before is kept here as the broken variant, to show
 * that the check can tell the two apart.
 */
class ProcessTreeTest {

    /**
     * A shell whose child sleeps; returns once the child exists. The shell says so on its output after
     * starting the child (a fork happens before the next command), so reading that line orders the test
     * after the fork without waiting on the clock.
     */
    private static Process shellWithAChild() throws Exception {
        Process shell = new ProcessBuilder("bash", "-c", "sleep 300 & echo started; wait").start();
        try (var out = new BufferedReader(new InputStreamReader(shell.getInputStream(), StandardCharsets.UTF_8))) {
            assertThat(out.readLine()).isEqualTo("started");
        }
        assertThat(shell.descendants().toList()).as("the shell started its child").isNotEmpty();
        return shell;
    }

    @Test
    void destroyingTheTreeEndsTheChildrensChildrenToo() throws Exception {
        Process shell = shellWithAChild();
        List<ProcessHandle> children = shell.descendants().toList();
        ProcessTree.destroy(shell);
        assertThat(shell.waitFor(30, TimeUnit.SECONDS)).isTrue();
        for (ProcessHandle child : children) {
            child.onExit().get(30, TimeUnit.SECONDS);          // throws on timeout: the child outlived the lab
            assertThat(child.isAlive()).isFalse();
        }
        ProcessTree.destroy(shell);                             // again, on a process that has ended: harmless
    }

    @Test
    void destroyingOnlyTheDirectChildLeavesItsChildRunning() throws Exception {
        Process shell = shellWithAChild();
        List<ProcessHandle> children = shell.descendants().toList();
        try {
            shell.destroy();
            assertThat(shell.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(children).as("the broken variant: Process.destroy alone orphans the sleeping child")
                    .anyMatch(ProcessHandle::isAlive);
        } finally {
            children.forEach(ProcessHandle::destroyForcibly);
        }
    }
}
