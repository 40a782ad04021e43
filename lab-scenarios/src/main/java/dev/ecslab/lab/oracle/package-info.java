/**
 * The exact answer for every detector run, computed from the trace alone and independent of every
 * strategy: the obligations each change creates, when each fell due and was reported, and the findings
 * where a detector's answers differ.
 */
package dev.ecslab.lab.oracle;
