/**
 * artemis-odb 2.3.0 as an engine the lab judges in-process: entity subscriptions answer the lab's Added and
 * Removed watches ({@link dev.ecslab.engines.artemis.ArtemisProvider} states the contract and cites its sources).
 */
package dev.ecslab.engines.artemis;
