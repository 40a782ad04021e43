/**
 * Untrusted code in its own JVM: plug-in strategies and executors run in child JVMs driven by the lab, so that
 * whatever they do to the JVM they run in (end it, crash it, exhaust its heap, leave a thread spinning, hang)
 * ends a child and becomes a crash verdict, never the end of the lab or a pass.
 */
package dev.ecslab.lab.isolate;
