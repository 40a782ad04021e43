/**
 * The ambiguity report of a schedule file in the three forms {@code lab ambiguities} writes: text for a
 * terminal ({@link dev.ecslab.reports.ambiguity.AmbiguityText}), JSON for scripts
 * ({@link dev.ecslab.reports.ambiguity.AmbiguityJson}) and SARIF 2.1.0 for code-scanning viewers
 * ({@link dev.ecslab.reports.ambiguity.AmbiguitySarif}). All three say the same things from one
 * {@link dev.ecslab.reports.ambiguity.ReportedSchedule}: the summary of every pair, the pairs grouped by
 * the data they conflict on, where each system is written, and the constraint that would resolve each
 * pair ({@link dev.ecslab.reports.ambiguity.PairFix}).
 */
package dev.ecslab.reports.ambiguity;
