package org.sdbench.database.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.database.Db2Dialect;
import org.sdbench.database.Dialect;
import org.sdbench.database.PostgresDialect;
import org.sdbench.database.SchemaInstaller;

class SdTableTest {
    private static final LocalDateTime AT = LocalDateTime.of(2025, 3, 10, 12, 0);
    private static final Pattern TABLE = Pattern.compile("(?i)^CREATE TABLE (\\w+)");

    @TempDir
    Path tmp;

    private static List<String> tables(List<String> statements) {
        return statements.stream()
                .map(s -> TABLE.matcher(s.strip()))
                .filter(Matcher::find)
                .map(m -> m.group(1).toLowerCase(Locale.ROOT))
                .toList();
    }

    @Test
    void statements_sdFunctionsFile_eachTableInItsCategoryInBothDialects() {
        for (Dialect dialect : List.of(new PostgresDialect(), new Db2Dialect())) {
            Map<String, List<String>> byCategory = SchemaInstaller.statements(dialect);
            assertTrue(
                    tables(byCategory.get("master"))
                            .containsAll(List.of("a004", "a005", "a007", "konh", "knvp", "knkk")),
                    dialect + " master: " + tables(byCategory.get("master")));
            assertTrue(
                    tables(byCategory.get("mixed"))
                            .containsAll(List.of("s066", "stxh", "stxl", "vbpa", "vapma", "vbbe", "nast", "vbuv")),
                    dialect + " mixed: " + tables(byCategory.get("mixed")));
        }
    }

    @Test
    void sdFunctionsDdl_noSecondaryIndexesOnTheirTables() {
        List<String> ours = List.of(
                "a004", "a005", "a007", "konh", "knvp", "knkk", "s066", "stxh", "stxl", "vbpa", "vapma", "vbbe", "nast",
                "vbuv");
        SchemaInstaller.statements(new PostgresDialect())
                .values()
                .forEach(list -> list.forEach(st -> {
                    Matcher m = Pattern.compile("(?i)CREATE\\s+(?:UNIQUE\\s+)?INDEX\\s+\\w+\\s+ON\\s+(\\w+)")
                            .matcher(st);
                    assertTrue(!m.find() || !ours.contains(m.group(1).toLowerCase(Locale.ROOT)), st);
                }));
    }

    @Test
    void dump_history_statisticsEqualHistoryOrdersAndOnePricePerMaterial() throws Exception {
        MasterDataSpec spec = new MasterDataSpec(3, 5, 25, 1, 100_000_000L, 40, 5, 42, AT, "test");
        new MasterDataLoader(spec, 2, null).dump(tmp);
        OrderHistory h = OrderHistory.initial(spec);
        long value = 0;
        long quantity = 0;
        for (int u = 1; u <= 3; u++) {
            for (int c = 1; c <= 5; c++) {
                for (int k = 1; k <= 40; k++) {
                    for (OrderHistory.Item i : h.order(u, c, k).items()) {
                        value += i.valueCents();
                        quantity += i.quantity();
                    }
                }
            }
        }
        long s001Value = 0;
        long s001Quantity = 0;
        for (String line : Files.readAllLines(tmp.resolve("s001.copy"))) {
            String[] f = line.split("\t");
            s001Value += Math.round(Double.parseDouble(f[8]) * 100);
            s001Quantity += Math.round(Double.parseDouble(f[9]));
        }
        assertEquals(value, s001Value);
        assertEquals(quantity, s001Quantity);
        // every condition record has its header and its item; PR00 of each material is valid today exactly once
        Set<String> headers = new HashSet<>();
        Files.readAllLines(tmp.resolve("konh.copy")).forEach(l -> headers.add(l.split("\t")[0]));
        Set<String> items = new HashSet<>();
        Files.readAllLines(tmp.resolve("konp.copy")).forEach(l -> items.add(l.split("\t")[0]));
        assertEquals(headers, items);
        long current = Files.readAllLines(tmp.resolve("a004.copy")).stream()
                .filter(l -> l.split("\t")[1].equals("PR00") && l.split("\t")[5].startsWith("9999"))
                .count();
        assertEquals(spec.materials(), current);
        assertEquals(
                spec.customers() * 4,
                Files.readAllLines(tmp.resolve("knvp.copy")).size());
        assertEquals(
                spec.customers() * 40 * 3,
                Files.readAllLines(tmp.resolve("nast.copy")).size());
    }
}
