/**
 * Criterion 6's evidence: the fixed 10 000-frame scenario run under one strategy and its tracking state
 * weighed from outside the tracker by a walk of the retained heap (never by the tracker's own figure). It
 * measures; the verdict is {@code criteria.MemoryBound}'s.
 */
package dev.ecslab.lab.measure;
