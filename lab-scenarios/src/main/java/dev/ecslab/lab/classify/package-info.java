/**
 * The lab run and its result, the {@link dev.ecslab.lab.classify.Matrix}: a row per strategy and
 * executor, cells that pass, fail or are not judged, the measured class per scenario class, the delays,
 * and what each claimed class promises.
 */
package dev.ecslab.lab.classify;
