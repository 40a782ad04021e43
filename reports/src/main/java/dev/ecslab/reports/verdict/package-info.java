/**
 * What every format of the matrix (the terminal, {@code matrix.md}, {@code matrix.json}, the HTML page)
 * says about a row, in one place so the four never disagree: {@link dev.ecslab.reports.verdict.VerdictWords}
 * words a cell's three outcomes, the measured class per scenario class, which classes broke a claim and
 * the delays of criterion 1; {@link dev.ecslab.reports.verdict.MatrixCounterexamples} lists each
 * counterexample once with every place in the matrix that shows it.
 */
package dev.ecslab.reports.verdict;
