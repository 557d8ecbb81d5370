package org.sdbench.database.load;

import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import org.sdbench.config.ConfigException;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.config.WorkloadConfig;

/**
 * What one load generates. Every generated value is a pure function of these fields and the
 * row's user and index, so the same seed and sizes give byte-identical data whatever the
 * thread count or order. {@code loadedAt} and {@code version} only go into the sdbench_load row
 * ({@code loadedAt} also dates the order history back from the day of the load).
 *
 * @param historyOrders complete orders of the history per customer (the workload's VA05 list length)
 * @param lineItems     line items per history order (the workload's)
 */
public record MasterDataSpec(
        int users,
        int customersPerUser,
        int materialsPerUser,
        int plants,
        long initialStock,
        int historyOrders,
        int lineItems,
        long seed,
        LocalDateTime loadedAt,
        String version) {

    /** Largest price the generator produces, in cents. */
    static final long MAX_PRICE_CENTS = 99_999;

    public MasterDataSpec {
        if (users < 1) {
            throw new ConfigException("'run.users' = " + users + " is not allowed: 1 or more users to load");
        }
        if (users * 1000L + customersPerUser > 9_999_999_999L) {
            throw new ConfigException("'run.users' = " + users + " is not allowed: at most 9999998 users fit the "
                    + "10-digit customer numbers");
        }
        if ((long) users * materialsPerUser > 9_999_999_999L) {
            throw new ConfigException("'run.users' = " + users + " is not allowed with workload.materialsPerUser = "
                    + materialsPerUser + ": more than 9999999999 price conditions (KONP.KNUMH has 10 digits)");
        }
        // MBEW.SALK3 numeric(15,2) holds initialStock * verpr; MARD.LABST numeric(15,3) holds initialStock.
        long maxStock = 999_999_999_999_999L / verprCents(MAX_PRICE_CENTS);
        if (initialStock < 1 || initialStock > maxStock) {
            throw new ConfigException("'workload.initialStock' = " + initialStock + " is not allowed: 1 to " + maxStock
                    + " (the stock value must fit MBEW.SALK3)");
        }
        if (historyOrders < 0) {
            throw new ConfigException("'workload.listLength' = " + historyOrders + " is not allowed: 0 or more orders "
                    + "of history per customer");
        }
        if (lineItems < 1 || lineItems > materialsPerUser) {
            throw new ConfigException("'workload.lineItems' = " + lineItems + " is not allowed: 1 to "
                    + "workload.materialsPerUser (" + materialsPerUser + ") distinct materials per order");
        }
        loadedAt = loadedAt.truncatedTo(ChronoUnit.SECONDS);
        version = version == null || version.isBlank() ? "dev" : version;
    }

    public static MasterDataSpec of(SdbenchConfig config, LocalDateTime loadedAt, String version) {
        WorkloadConfig w = config.workload();
        return new MasterDataSpec(
                config.run().users(),
                w.customersPerUser(),
                w.materialsPerUser(),
                w.plants(),
                w.initialStock(),
                w.listLength(),
                w.lineItems(),
                config.load().seed(),
                loadedAt,
                version);
    }

    public long customers() {
        return (long) users * customersPerUser;
    }

    public long materials() {
        return (long) users * materialsPerUser;
    }

    /** Rows of every table together. */
    public long totalRows() {
        long sum = 0;
        for (LoadTable t : LoadTable.all()) {
            sum += t.rows(this);
        }
        return sum;
    }

    /** The PR00 price of a material in cents: 1.00 to 999.99, fixed by the seed. */
    public long priceCents(int user, int material) {
        return 100 + Math.floorMod(hash(1, user, material), MAX_PRICE_CENTS - 99);
    }

    /** Moving average price: 60 % of the sales price, rounded to the cent. */
    static long verprCents(long priceCents) {
        return (priceCents * 60 + 50) / 100;
    }

    /** A well-mixed 64-bit value of (seed, salt, a, b): SplitMix64's finaliser applied twice. */
    long hash(long salt, long a, long b) {
        long z = mix(seed ^ mix(salt * 0x9E3779B97F4A7C15L + a));
        return mix(z + b * 0xBF58476D1CE4E5B9L);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
