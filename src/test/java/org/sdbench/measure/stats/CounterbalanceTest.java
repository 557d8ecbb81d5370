package org.sdbench.measure.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CounterbalanceTest {
    @Test
    void order_twoConditions_alternatesEveryRoundForEverySeed() {
        for (long seed = 0; seed < 1_000; seed++) {
            Counterbalance c = new Counterbalance(2, seed);
            for (int round = 1; round < 10; round++) {
                assertNotEquals(c.order(round)[0], c.order(round + 1)[0], "seed " + seed + " round " + round);
            }
        }
    }

    @Test
    void order_twoConditions_bothStartsOccurAcrossSeeds() {
        int aFirst = 0;
        for (long seed = 0; seed < 1_000; seed++) {
            aFirst += new Counterbalance(2, seed).order(1)[0] == 0 ? 1 : 0;
        }
        assertTrue(aFirst > 400 && aFirst < 600, aFirst + " of 1000 seeds start with the first condition");
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5, 6, 7})
    void order_oneCycle_balancesPositionsAndPredecessors(int k) {
        Counterbalance c = new Counterbalance(k, 42);
        int n = c.cycle();
        assertEquals(k % 2 == 0 ? k : 2 * k, n);
        int[][] atPosition = new int[k][k];
        int[][] follows = new int[k][k];
        for (int round = 1; round <= n; round++) {
            int[] o = c.order(round);
            assertEquals(k, new HashSet<>(List.of(box(o))).size(), "round " + round + " runs each condition once");
            for (int i = 0; i < k; i++) {
                atPosition[o[i]][i]++;
                if (i > 0) {
                    follows[o[i - 1]][o[i]]++;
                }
            }
        }
        // Over a cycle each condition is once (k even) or twice (k odd) at each position, and
        // follows each other condition as often.
        int perPosition = n / k;
        int perPair = n / k;
        for (int a = 0; a < k; a++) {
            for (int i = 0; i < k; i++) {
                assertEquals(perPosition, atPosition[a][i], "condition " + a + " at position " + i);
            }
            for (int b = 0; b < k; b++) {
                if (a != b) {
                    assertEquals(perPair, follows[a][b], "condition " + b + " after " + a);
                }
            }
        }
    }

    @Test
    void order_sameSeed_sameOrders() {
        Counterbalance a = new Counterbalance(4, 7);
        Counterbalance b = new Counterbalance(4, 7);
        for (int round = 1; round <= 12; round++) {
            assertArrayEquals(a.order(round), b.order(round));
        }
    }

    @Test
    void order_conditionList_returnsTheConditionsInRoundOrder() {
        Counterbalance c = new Counterbalance(2, 1);
        List<String> first = c.order(1, List.of("base", "alt"));
        List<String> second = c.order(2, List.of("base", "alt"));
        assertEquals(Set.of("base", "alt"), Set.copyOf(first));
        assertEquals(first.reversed(), second);
    }

    @Test
    void constructor_noConditions_refused() {
        assertThrows(IllegalArgumentException.class, () -> new Counterbalance(0, 1));
    }

    private static Integer[] box(int[] a) {
        return Arrays.stream(a).boxed().toArray(Integer[]::new);
    }
}
