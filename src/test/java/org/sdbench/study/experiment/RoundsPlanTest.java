package org.sdbench.study.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.config.ConfigException;
import org.sdbench.database.load.TestDb;
import org.sdbench.measure.stats.PairedT;
import org.sdbench.measure.stats.RoundsNeeded;
import org.sdbench.report.Json;

/** --plan from an experiment folder: the family's level, the spread of the log ratios, n/a below 3 pairs. */
class RoundsPlanTest {
    @TempDir
    Path dir;

    private static ObjectNode figure(String name, String family, double[] base, double[] alt) {
        ObjectNode f = Json.MAPPER.createObjectNode();
        f.put("figure", name).put("family", family).put("variant", "alt").put("scale", "ratio");
        f.put("baseline", 100.0);
        ArrayNode b = f.putArray("baselineValues");
        ArrayNode a = f.putArray("alternativeValues");
        for (int i = 0; i < base.length; i++) {
            b.add(base[i]);
            a.add(alt[i]);
        }
        return f;
    }

    private void write(ObjectNode... figures) throws Exception {
        ObjectNode e = Json.MAPPER.createObjectNode();
        ArrayNode fs = e.putArray("figures");
        for (ObjectNode f : figures) {
            fs.add(f);
        }
        Json.MAPPER.writeValue(dir.resolve(ExperimentStore.JSON).toFile(), e);
    }

    private static final double[] BASE = {100, 100, 100, 100, 100};
    private static final double[] ALT = {101, 99, 102, 98, 100};

    @Test
    void from_aaPilotOfFivePairs_roundsFromTheSdBoundAtHolmsFirstStep() throws Exception {
        write(
                figure("blocks read per step", "confirmatory", BASE, ALT),
                figure("commits per step", "confirmatory", BASE, ALT),
                figure("avg response time", "descriptive", BASE, ALT));
        RoundsPlan p = RoundsPlan.from(dir, 0.02);
        assertEquals(2, p.figures().size(), "confirmatory figures only");
        RoundsPlan.Row r = p.figures().get(0);
        double[] d = new double[5];
        for (int i = 0; i < 5; i++) {
            d[i] = Math.log(ALT[i] / BASE[i]);
        }
        double sd = PairedT.of(d).sd();
        assertEquals(sd, r.sd(), 1e-12);
        assertEquals(0.025, r.alpha(), 1e-12, "5 % over a family of 2");
        double upper = RoundsNeeded.upperSd(sd, 5, 0.8);
        assertEquals(RoundsNeeded.of(upper, Math.log1p(0.02), 0.025, 0.8).getAsInt(), r.roundsNeeded());
        assertEquals(RoundsNeeded.of(sd, Math.log1p(0.02), 0.025, 0.8).getAsInt(), r.roundsAtMeasuredSd());
        assertTrue(r.roundsNeeded() > r.roundsAtMeasuredSd(), r.toString());
        assertEquals(r.roundsNeeded(), p.rounds());
    }

    @Test
    void print_plannable_suggestsTheCommandForTheFigureThatNeedsMost() throws Exception {
        write(figure("blocks read per step", "confirmatory", BASE, ALT));
        RoundsPlan p = RoundsPlan.from(dir, 0.02);
        StringWriter text = new StringWriter();
        p.print(new PrintWriter(text));
        assertTrue(
                text.toString()
                        .contains("rounds    " + p.rounds() + " (for blocks read per step (alt)): sdbench experiment"
                                + " ... --effect 2.0% --rounds " + p.rounds() + " --max-rounds " + p.rounds()),
                text.toString());
    }

    @Test
    void from_twoPairs_naWithReason() throws Exception {
        write(
                figure("blocks read per step", "confirmatory", BASE, ALT),
                figure("commits per step", "confirmatory", new double[] {100, 100}, new double[] {101, 99}));
        RoundsPlan.Row r = RoundsPlan.from(dir, 0.05).figures().get(1);
        assertNull(r.roundsNeeded());
        assertTrue(r.reason().contains("2 pair(s): planning needs 3"), r.reason());
    }

    @Test
    void from_noFigureWithThreePairs_oneLineError() throws Exception {
        write(figure("blocks read per step", "confirmatory", new double[] {100, 100}, new double[] {101, 99}));
        ConfigException e = assertThrows(ConfigException.class, () -> RoundsPlan.from(dir, 0.05));
        assertTrue(
                e.getMessage().startsWith("'--from' = '" + dir + "' is not allowed: an experiment with 3 or more"),
                e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void from_folderWithoutExperimentJson_oneLineError() {
        ConfigException e = assertThrows(ConfigException.class, () -> RoundsPlan.from(dir, 0.05));
        assertTrue(e.getMessage().contains("an experiment folder with experiment.json"), e.getMessage());
    }

    @Test
    void experimentPlan_json_printsThePlanAndStartsNoRun() throws Exception {
        write(figure("blocks read per step", "confirmatory", BASE, ALT));
        var r = TestDb.sdbench("experiment", "--plan", "--from", dir.toString(), "--effect", "2%", "--json");
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode j = Json.MAPPER.readTree(r.out());
        assertEquals(0.02, j.path("effect").asDouble(), 1e-12);
        assertEquals(1, j.path("figures").size());
        assertTrue(j.path("rounds").isInt(), j.toString());
    }
}
