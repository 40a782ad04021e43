/**
 * The criteria a run is judged by (crash, 1, 2, 3, 6 with its retained heap, 7, 8, O and A) and the
 * {@link dev.ecslab.lab.criteria.Judge}, which turns a trace into an outcome as a pure function of the
 * scenario and the trace.
 */
package dev.ecslab.lab.criteria;
