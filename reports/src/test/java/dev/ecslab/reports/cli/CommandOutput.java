package dev.ecslab.reports.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;

/** Runs a {@code lab} command line in-process and keeps its exit code, standard output and error. */
record CommandOutput(int code, String out, String err) {
    static synchronized CommandOutput run(String... args) {
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true));
        System.setErr(new PrintStream(err, true));
        int code;
        try {
            code = LabMain.execute(args);
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
        }
        return new CommandOutput(code, out.toString(), err.toString());
    }
}
