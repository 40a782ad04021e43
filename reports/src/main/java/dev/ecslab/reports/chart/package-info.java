/**
 * The benchmark charts of the report: {@link dev.ecslab.reports.chart.BenchmarkResults} reads the
 * JMH JSON results and the tracking-memory files, {@link dev.ecslab.reports.chart.BenchmarkCharts}
 * draws Bevy PR #1471's graphs and ecslab's own from them as inline SVG and PNG
 * ({@link dev.ecslab.reports.chart.Chart}).
 */
package dev.ecslab.reports.chart;
