/**
 * Engines under test: the lab drives an ECS engine that is not ecslab's own through a narrow interface
 * ({@link dev.ecslab.lab.engine.Engine}), in-process or over a process protocol, and judges what it reports with
 * the same trace, oracle and criteria as ecslab's strategies. Each engine declares its contract
 * ({@link dev.ecslab.lab.engine.EngineContract}): the lab runs only the scenarios it can express and judges only
 * the criteria its contract makes meaningful.
 */
package dev.ecslab.lab.engine;
