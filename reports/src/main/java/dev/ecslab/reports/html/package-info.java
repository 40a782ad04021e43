/**
 * The report as self-contained HTML pages (inline CSS and SVG, nothing external): the matrix, a page per
 * counterexample cell, the race catalogue's status, and the six conclusions of Bevy PR #1471 answered from
 * the run.
 */
package dev.ecslab.reports.html;
