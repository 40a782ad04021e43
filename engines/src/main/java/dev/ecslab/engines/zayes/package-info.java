/**
 * Zay-ES 1.4.0 as an engine the lab judges in-process: one entity set per watch answers the lab's Added, Mutated,
 * Changed and Removed watches ({@link dev.ecslab.engines.zayes.ZayEsProvider} states the contract and cites its
 * sources).
 */
package dev.ecslab.engines.zayes;
