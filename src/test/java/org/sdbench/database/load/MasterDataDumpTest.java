package org.sdbench.database.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MasterDataDumpTest {
    private static final LocalDateTime AT = LocalDateTime.of(2025, 1, 1, 12, 0);

    @TempDir
    Path tmp;

    private static MasterDataSpec spec(int users, long seed) {
        return new MasterDataSpec(users, 5, 25, 3, 100_000_000L, 40, 5, seed, AT, "test");
    }

    private Path dump(String name, MasterDataSpec spec, int threads) throws Exception {
        Path dir = tmp.resolve(name);
        LoadResult r = new MasterDataLoader(spec, threads, null).dump(dir);
        assertEquals(spec.totalRows(), r.rows());
        return dir;
    }

    @Test
    void dump_sameSeedDifferentThreads_byteIdenticalFiles() throws Exception {
        Path a = dump("a", spec(7, 42), 1);
        Path b = dump("b", spec(7, 42), 3);
        for (LoadTable t : LoadTable.all()) {
            String f = t.tableName() + MasterDataLoader.DUMP_SUFFIX;
            assertArrayEquals(Files.readAllBytes(a.resolve(f)), Files.readAllBytes(b.resolve(f)), f);
        }
    }

    @Test
    void dump_anyData_writesThePostgresqlDdlOfEveryDumpedTable() throws Exception {
        Path d = dump("ddl", spec(1, 42), 1);
        String ddl = Files.readString(d.resolve(MasterDataLoader.SCHEMA_FILE));
        for (LoadTable t : LoadTable.all()) {
            assertTrue(ddl.contains("CREATE TABLE " + t.tableName() + " (\n"), t.tableName());
        }
        assertTrue(ddl.contains(" numeric(") && !ddl.contains("WITH DEFAULT"), "PostgreSQL's spelling");
    }

    @Test
    void dump_differentSeed_pricesDiffer() throws Exception {
        Path a = dump("a", spec(3, 42), 2);
        Path b = dump("b", spec(3, 43), 2);
        assertFalse(
                Arrays.equals(Files.readAllBytes(a.resolve("konp.copy")), Files.readAllBytes(b.resolve("konp.copy"))));
        // keys and the loop's columns do not depend on the seed; the SAP fields do
        assertEquals(loopColumns(a.resolve("marc.copy"), 4), loopColumns(b.resolve("marc.copy"), 4));
        assertFalse(
                Arrays.equals(Files.readAllBytes(a.resolve("marc.copy")), Files.readAllBytes(b.resolve("marc.copy"))));
    }

    private static List<String> loopColumns(Path file, int n) throws Exception {
        return Files.readAllLines(file).stream()
                .map(l -> String.join("\t", Arrays.asList(l.split("\t")).subList(0, n)))
                .toList();
    }

    @Test
    void dump_fewUsers_documentedKeysAndValues() throws Exception {
        MasterDataSpec s = spec(4, 42);
        Path d = dump("d", s, 2);
        List<String> kna1 = Files.readAllLines(d.resolve("kna1.copy"));
        assertEquals(20, kna1.size());
        assertTrue(kna1.get(0).startsWith("0000001001\t1\t"), kna1.get(0));
        List<String> mard = Files.readAllLines(d.resolve("mard.copy"));
        assertEquals(100, mard.size());
        // Stock and valuation are the initial values less what the history's goods issues took.
        Map<String, double[]> issued = new HashMap<>();
        for (String line : Files.readAllLines(d.resolve("mseg.copy"))) {
            String[] g = line.split("\t");
            double[] sum = issued.computeIfAbsent(g[4], k -> new double[2]);
            sum[0] += Double.parseDouble(g[7]);
            sum[1] += Double.parseDouble(g[8]);
        }
        assertEquals(4 * 5 * 40 * 5, Files.readAllLines(d.resolve("mseg.copy")).size());
        double[] last = issued.getOrDefault("M000000004-0025", new double[2]);
        assertTrue(
                mard.get(99).startsWith("M000000004-0025\tP001\t0001\t" + (100_000_000L - (long) last[0]) + "\t"),
                mard.get(99));
        List<String> mbew = Files.readAllLines(d.resolve("mbew.copy"));
        // the current material prices (numeric record numbers); the other condition records' items follow per user
        List<String> konp = Files.readAllLines(d.resolve("konp.copy")).stream()
                .filter(l -> Character.isDigit(l.charAt(0)))
                .toList();
        for (int i = 0; i < konp.size(); i++) {
            String[] k = konp.get(i).split("\t");
            String[] m = mbew.get(i).split("\t");
            assertEquals(String.format("%010d", i + 1), k[0]);
            assertEquals("PR00", k[1]);
            assertEquals(k[2], m[0]);
            double price = Double.parseDouble(k[3]);
            double verpr = Double.parseDouble(m[2]);
            assertTrue(price >= 1.0 && price <= 999.99, k[3]);
            assertEquals(price * 0.6, verpr, 0.006);
            double[] out = issued.getOrDefault(m[0], new double[2]);
            assertEquals(100_000_000L - out[0], Double.parseDouble(m[3]), 0.0001);
            assertEquals(verpr * 100_000_000L - out[1], Double.parseDouble(m[4]), 0.01);
        }
        List<String> nriv = Files.readAllLines(d.resolve("nriv.copy"));
        // 4 users x 5 customers x 40 orders of history: the ranges continue above them.
        List<String> levels = loopColumns(d.resolve("nriv.copy"), 5);
        assertTrue(levels.contains("RV_BELEG\t17\t80000000\t89999999\t80000799"), nriv.toString());
        assertTrue(levels.contains("KONV\t01\t1\t9999999999\t1600"), nriv.toString());
        assertEquals(800, Files.readAllLines(d.resolve("vbak.copy")).size());
        String vbak = Files.readString(d.resolve("vbak" + MasterDataLoader.COLUMNS_SUFFIX))
                .strip();
        assertTrue(
                vbak.startsWith("vbeln, user_no, erdat, auart, vkorg, kunnr, knumv, netwr, waerk, erzet, ernam, "),
                vbak);
        assertEquals(176, vbak.split(", ").length, "every VBAK column but the client: " + vbak);
        assertEquals(176, Files.readAllLines(d.resolve("vbak.copy")).get(0).split("\t").length);
        assertEquals(
                List.of("4\t5\t25\t3\t100000000\t42\t2025-01-01 12:00:00\ttest\t40\t5"),
                Files.readAllLines(d.resolve("sdbench_load.copy")));
        assertEquals(3, Files.readAllLines(d.resolve("t001w.copy")).size());
        assertTrue(Files.readAllLines(d.resolve("marc.copy")).get(25).startsWith("M000000002-0001\tP002\t"));
    }
}
