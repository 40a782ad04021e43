/**
 * Engines under test: the lab drives an ECS engine that is not ecslab's own through a narrow interface
 * ({@link dev.ecslab.lab.engine.Engine}), in-process or over a process protocol, and judges what it reports with
 * the same trace, oracle and criteria as ecslab's strategies. Each engine declares its contract
 * ({@link dev.ecslab.lab.engine.EngineContract}): the lab runs only the scenarios it can express and judges only
 * the criteria its contract makes meaningful.
 *
 * <p>An engine in another language is a driver process ({@link dev.ecslab.lab.engine.ProcessEngine}, made by
 * {@link dev.ecslab.lab.engine.ProcessEngineProvider} or {@link dev.ecslab.lab.engine.EngineSubject#process}) that
 * speaks the protocol of {@code docs/engine-protocol.md}; every way it can fail is a crash of the run that names it
 * ({@link dev.ecslab.lab.engine.DriverFailure}), and no process it started outlives the run, except the one idle
 * process of a driver that declares itself reusable, which waits for the next run until its subject is closed.
 *
 * <p>ecslab's own world is an engine too ({@link dev.ecslab.lab.engine.EcslabEngine}, one per change-tracking
 * strategy): judged through this interface, it must get the class the native lab measures under the serial
 * executor, which checks the engine path against the native one.
 */
package dev.ecslab.lab.engine;
