package dev.ecslab.ecs.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** {@link ChiSquared}'s critical values and p-values against a printed table of the chi-squared distribution. */
class ChiSquaredTest {
    /** Degrees of freedom and the upper 0.1 % points of the chi-squared distribution, from a printed table. */
    private static final double[][] TABLE = {
        {1, 10.828}, {2, 13.816}, {5, 20.515}, {10, 29.588}, {30, 59.703}, {100, 149.449},
    };

    @Test
    void pValuesOfTheTablesPointsAreAlpha() {
        for (double[] row : TABLE) {
            assertThat(ChiSquared.pValue(row[1], (int) row[0])).as("df %s", row[0])
                    .isCloseTo(ChiSquared.ALPHA, within(ChiSquared.ALPHA * 0.002));
        }
        assertThat(ChiSquared.pValue(0, 3)).isEqualTo(1);
        assertThat(ChiSquared.pValue(2, 2)).isCloseTo(Math.exp(-1), within(1e-12));   // df 2: p = e^(-x/2)
    }

    @Test
    void wilsonHilfertyIsSlightlyAboveTheTable() {
        for (double[] row : TABLE) {
            double approx = ChiSquared.criticalValue((int) row[0]);
            double slack = row[0] < 3 ? 0.035 : row[0] < 10 ? 0.015 : 0.007;
            assertThat(approx).as("df %s", row[0]).isBetween(row[1], row[1] * (1 + slack));
        }
    }

    @Test
    void theStatisticIsPearsons() {
        assertThat(ChiSquared.statistic(new long[] {10, 10, 10})).isZero();
        assertThat(ChiSquared.statistic(new long[] {20, 10, 0})).isCloseTo(20.0, within(1e-12));
    }
}
