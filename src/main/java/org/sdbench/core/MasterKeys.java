package org.sdbench.core;

import java.util.Arrays;
import java.util.List;

/**
 * The key formats of the generated master data. The transactions derive a user's customers,
 * materials and plant from these, so they are fixed: users are numbered 1..N, customers and
 * materials of a user 1..customersPerUser and 1..materialsPerUser.
 */
public final class MasterKeys {
    /** The client (MANDT) of every document; the DDL's default, and the transactions' SQL names it as a literal. */
    public static final String MANDT = "100";

    public static final String VKORG = "1000";
    public static final String VTWEG = "10";
    public static final String SPART = "00";
    public static final String BUKRS = "1000";
    /**
     * The accounting lines a goods issue posts per delivery item, as (debit/credit indicator, G/L account): the
     * stock account credited, cost of sales debited.
     */
    public static final List<List<String>> GOODS_ISSUE_POSTINGS =
            List.of(List.of("H", "0000792000"), List.of("S", "0000893015"));

    public static final String WAERS = "EUR";
    public static final String ORDER_TYPE = "OR";
    public static final String ORDER_NUMBER_RANGE = "01";
    public static final String LGORT = "0001";
    public static final String PRICE_CONDITION = "PR00";

    private MasterKeys() {}

    /**
     * Customer number: {@code %010d} of {@code user * 1000 + customer}. Without String.format, as
     * every key here: the loader makes millions, and the dialog steps one or more per step.
     */
    public static String kunnr(int user, int customer) {
        return zeroPad(user * 1000L + customer, 10);
    }

    /** Material number: {@code M%09d-%04d} of user and material. */
    public static String matnr(int user, int material) {
        if (user < 0 || user > 999_999_999 || material < 0 || material > 9999) {
            return String.format("M%09d-%04d", user, material);
        }
        char[] out = new char[15];
        out[0] = 'M';
        fill(out, 1, 9, user);
        out[10] = '-';
        fill(out, 11, 4, material);
        return new String(out);
    }

    /** The plant a user's materials live in: users are spread round-robin over the plants. */
    public static String werks(int user, int plants) {
        return plant(((user - 1) % plants) + 1);
    }

    /** Plant number {@code n} (1-based): {@code P%03d}. */
    public static String plant(int n) {
        return n >= 1 && n <= 999 ? "P".concat(zeroPad(n, 3)) : String.format("P%03d", n);
    }

    /** The valuation area of a user's materials: the plant. */
    public static String bwkey(int user, int plants) {
        return werks(user, plants);
    }

    /** {@code prefix + a + separator + b} without indy string concatenation (cheap on a cold JVM). */
    public static String join(String prefix, long a, char separator, long b) {
        return new StringBuilder(prefix.length() + 24)
                .append(prefix)
                .append(a)
                .append(separator)
                .append(b)
                .toString();
    }

    /** {@code String.format("%0<width>d", v)} for v >= 0. */
    public static String zeroPad(long v, int width) {
        String digits = Long.toString(v);
        if (digits.length() >= width) {
            return digits;
        }
        char[] out = new char[width];
        int pad = width - digits.length();
        Arrays.fill(out, 0, pad, '0');
        digits.getChars(0, digits.length(), out, pad);
        return new String(out);
    }

    private static void fill(char[] out, int at, int width, long v) {
        for (int i = at + width - 1; i >= at; i--) {
            out[i] = (char) ('0' + v % 10);
            v /= 10;
        }
    }
}
