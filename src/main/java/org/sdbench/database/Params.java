package org.sdbench.database;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;

/** A statement's parameters, each bound with the setter of its Java type, so the driver declares the type it has. */
final class Params {
    private Params() {}

    static void bind(PreparedStatement ps, Object[] params) throws SQLException {
        for (int i = 0; i < params.length; i++) {
            Object p = params[i];
            switch (p) {
                case String s -> ps.setString(i + 1, s);
                case Integer n -> ps.setInt(i + 1, n);
                case Long n -> ps.setLong(i + 1, n);
                case BigDecimal d -> ps.setBigDecimal(i + 1, d);
                case Timestamp t -> ps.setTimestamp(i + 1, t);
                case Date d -> ps.setDate(i + 1, d);
                case byte[] b -> ps.setBytes(i + 1, b);
                case null -> ps.setObject(i + 1, null);
                default -> ps.setObject(i + 1, p);
            }
        }
    }
}
