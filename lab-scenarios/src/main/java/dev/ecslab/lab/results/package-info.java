/**
 * What a lab run found, as immutable values that add up: the tallies of a cell, a row and a matrix, each with a
 * {@code plus} that is associative and commutative, so a run, a {@code --jobs} fold, a shard and a merge are the same
 * sum in any grouping; the counterexample each tally keeps, the statuses and the measured classes.
 *
 * <p>Why a package of its own: the lab folds runs into these values and the reports only read them, so what a
 * result is (and how two are added) is written once, below both, and a new figure is one field of one record.
 * Their files are written and read here too: {@code TallyJson} a cell's figures, {@code MatrixJson} the rest of
 * {@code matrix.json}'s facts; a report reads them back and adds words only.
 */
package dev.ecslab.lab.results;
