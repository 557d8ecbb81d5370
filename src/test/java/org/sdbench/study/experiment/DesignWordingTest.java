package org.sdbench.study.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The experiment's header and notes say what the plan's design does, not the rounds design's wording for every design. */
class DesignWordingTest {
    private static ExperimentPlan plan(Design design) {
        return new ExperimentPlan(
                "wording",
                List.of(Variant.parse("base:"), Variant.parse("alt:db.work_mem=8MB")),
                3,
                10,
                1,
                0.05,
                design);
    }

    private static String designLine(Design design) {
        StringWriter text = new StringWriter();
        ExperimentTable.header(plan(design), List.of(), "stop rule", Path.of("exp"), new PrintWriter(text));
        return text.toString()
                .lines()
                .filter(l -> l.startsWith("design    "))
                .findFirst()
                .orElseThrow();
    }

    private static String pairNote(Design design) {
        return Notes.of(plan(design), new Analysis.Outcome(List.of(), List.of(), 0), List.of())
                .get(0);
    }

    @Test
    void header_rounds_runsOfARoundPairedAfterWarmUp() {
        assertEquals(
                "design    rounds: each round runs every variant once, in a counterbalanced order (AB/BA...), after a"
                        + " discarded warm-up run; the two runs of a round are a pair",
                designLine(new Design.Rounds()));
    }

    @Test
    void header_alternate_adjacentSubWindowsPairedSettleExcluded() {
        String line = designLine(new Design.Alternate(Duration.ofSeconds(20)));
        assertTrue(line.startsWith("design    alternate: each round is one run"), line);
        assertTrue(line.contains("every 20s"), line);
        assertTrue(line.contains("adjacent sub-windows (the two of a block) are a pair"), line);
        assertTrue(line.contains("the first interval of every sub-window settles and is not measured"), line);
        assertFalse(line.contains("two runs of a round"), line);
    }

    @Test
    void header_duet_twoServersMatchingIntervalsNoWarmUp() {
        String line = designLine(new Design.Duet());
        assertTrue(
                line.startsWith("design    duet: each round runs the baseline and the alternative at the same time"),
                line);
        assertTrue(line.contains("no warm-up run"), line);
        assertTrue(line.contains("matching measurement intervals of the two runs are a pair"), line);
        assertFalse(line.contains("after a discarded warm-up run"), line);
    }

    @Test
    void notes_rounds_twoRunsOfARoundAreAPair() {
        assertTrue(
                pairNote(new Design.Rounds())
                        .startsWith("each run is one sample; the two runs of a round are a pair; ratios are"),
                pairNote(new Design.Rounds()));
    }

    @Test
    void notes_alternate_subWindowsOfABlockWithoutSettleInterval() {
        String note = pairNote(new Design.Alternate(Duration.ofSeconds(20)));
        assertTrue(note.startsWith("each round is one run with the settings switched inside it"), note);
        assertTrue(note.contains("the sub-windows of a block are a pair, each without its first interval"), note);
        assertFalse(note.contains("two runs of a round"), note);
    }

    @Test
    void notes_duet_matchingIntervalsOfTwoServersAreAPair() {
        String note = pairNote(new Design.Duet());
        assertTrue(note.startsWith("each round runs both variants at once on two servers"), note);
        assertTrue(note.contains("matched by wall clock, is a pair"), note);
        assertFalse(note.contains("two runs of a round"), note);
    }
}
