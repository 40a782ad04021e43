/**
 * Scenarios as data: the initial world, the systems in stages with their access, constraints, pauses
 * and watches, and each system's edits per frame, built in Java or read from JSON. The lab's own access
 * model ({@link dev.ecslab.lab.scenario.ScenarioAccess}) and {@link dev.ecslab.lab.scenario.ScenarioModel}
 * (expected runs, command order, end state) answer from the data alone, never from the ECS's code.
 */
package dev.ecslab.lab.scenario;
