/**
 * The recording runner: runs a scenario on a real world and schedule under one configuration (strategy,
 * executor, seed) and records its trace with the lab's own sequence numbers, behind guards that turn what
 * the strategy or executor under test throws into crashes; also timeouts, plug-in jars and the schedule
 * compiler's ambiguity report (criterion A's evidence).
 */
package dev.ecslab.lab.run;
