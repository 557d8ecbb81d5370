package org.sdbench.database.capture;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.postgresql.PGStatement;
import org.postgresql.core.BaseConnection;
import org.sdbench.database.OrderMarks;

/**
 * The JDBC proxies of {@link StatementCapture}: a connection that hands out recording statements
 * and records its transaction ends, and statements that note their parameters and record what
 * they executed once it succeeded. Everything else passes through unchanged.
 */
final class CapturingHandlers {
    private CapturingHandlers() {}

    private static Object call(Object target, Method m, Object[] args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    static final class OnConnection implements InvocationHandler {
        private final Connection target;
        private final CaptureStream stream;
        private final String stringType;

        OnConnection(Connection target, CaptureStream stream) throws SQLException {
            this.target = target;
            this.stream = stream;
            // stringtype=unspecified makes pgjdbc send strings untyped; varchar is its default.
            this.stringType = !target.isWrapperFor(BaseConnection.class)
                            || target.unwrap(BaseConnection.class).getStringVarcharFlag()
                    ? "varchar"
                    : SqlLiterals.UNKNOWN;
        }

        @Override
        public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
            if (m.getDeclaringClass() == OrderMarks.class) {
                switch (m.getName()) {
                    case "stepBegins" -> stream.stepBegins((Integer) args[0]);
                    case "readsUpdate" -> stream.readsUpdate((String) args[0]);
                    case "savesUpdate" -> stream.savesUpdate((String) args[0]);
                    case "updateBegins" -> stream.updateBegins((String) args[0]);
                    case "leaseRaised" -> stream.leaseRaised((Integer) args[0]);
                    case "savesUnderLease" -> stream.savesUnderLease((Integer) args[0]);
                    default -> throw new IllegalStateException("an order mark the capture does not know: " + m);
                }
                return null;
            }
            if (args != null && args.length == 1 && args[0] == OrderMarks.class) {
                // The marks are the proxy's own: the driver's connection knows nothing of them.
                switch (m.getName()) {
                    case "isWrapperFor" -> {
                        return true;
                    }
                    case "unwrap" -> {
                        return proxy;
                    }
                    default -> {
                        // Not a wrapper question: passed on below.
                    }
                }
            }
            Object result = call(target, m, args);
            int n = args == null ? 0 : args.length;
            switch (m.getName()) {
                case "prepareStatement" -> {
                    return Proxy.newProxyInstance(
                            PreparedStatement.class.getClassLoader(),
                            new Class<?>[] {PreparedStatement.class},
                            new OnStatement(result, stream, (String) args[0], stringType));
                }
                case "createStatement" -> {
                    return Proxy.newProxyInstance(
                            Statement.class.getClassLoader(),
                            new Class<?>[] {Statement.class},
                            new OnStatement(result, stream, null, stringType));
                }
                case "commit" -> stream.end("COMMIT");
                case "rollback" -> {
                    if (n == 0) {
                        stream.end("ROLLBACK");
                    }
                }
                case "setAutoCommit" -> stream.autoCommit((Boolean) args[0]);
                case "close" -> stream.end("ROLLBACK");
                default -> {
                    // Not a statement or a transaction end.
                }
            }
            return result;
        }
    }

    static final class OnStatement implements InvocationHandler {
        private static final SqlLiterals.Param[] NONE = new SqlLiterals.Param[0];
        private final Object target;
        private final CaptureStream stream;
        private final String sql;
        private final String stringType;
        private SqlLiterals.Param[] params = NONE;
        private final List<List<SqlLiterals.Param>> batch = new ArrayList<>();
        private final List<String> plainBatch = new ArrayList<>();

        OnStatement(Object target, CaptureStream stream, String sql, String stringType) {
            this.target = target;
            this.stream = stream;
            this.sql = sql;
            this.stringType = stringType;
        }

        @Override
        public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
            String name = m.getName();
            int n = args == null ? 0 : args.length;
            if (name.startsWith("set") && n >= 2 && m.getParameterTypes()[0] == int.class) {
                bind((Integer) args[0], param(name, args));
            } else if (name.equals("clearParameters")) {
                params = NONE;
            } else if (name.equals("clearBatch")) {
                batch.clear();
                plainBatch.clear();
            }
            // Asked before the execution counts towards pgjdbc's prepareThreshold.
            boolean named = switch (name) {
                case "executeQuery", "executeUpdate", "execute", "executeLargeUpdate" ->
                    n == 0 && target instanceof PGStatement pg && pg.isUseServerPrepare();
                // pgjdbc prepares a batch of several rows on the server at once.
                case "executeBatch", "executeLargeBatch" ->
                    target instanceof PGStatement pg
                            && (batch.size() > 1 ? pg.getPrepareThreshold() > 0 : pg.isUseServerPrepare());
                default -> false;
            };
            Object result = call(target, m, args);
            switch (name) {
                case "addBatch" -> {
                    if (n == 0) {
                        batch.add(bound());
                    } else {
                        plainBatch.add((String) args[0]);
                    }
                }
                case "executeQuery", "executeUpdate", "execute", "executeLargeUpdate" -> {
                    if (n == 0) {
                        stream.roundTrip(SqlLiterals.executions(sql, bound()), named);
                    } else {
                        stream.roundTrip((String) args[0]);
                    }
                }
                case "executeBatch", "executeLargeBatch" -> {
                    if (!batch.isEmpty()) {
                        stream.roundTrip(SqlLiterals.batch(sql, batch), named);
                    } else if (!plainBatch.isEmpty()) {
                        stream.roundTrip(String.join(" \\; ", plainBatch));
                    }
                    batch.clear();
                    plainBatch.clear();
                }
                default -> {
                    // Not an execution.
                }
            }
            return result;
        }

        /** The parameter a setter bound, with the type pgjdbc declares for that setter. */
        private SqlLiterals.Param param(String setter, Object[] args) {
            Object value = args[1];
            String type = switch (setter) {
                case "setNull" -> declared((Integer) args[1]);
                case "setString", "setNString" -> stringType;
                case "setInt" -> "int4";
                case "setLong" -> "int8";
                case "setShort", "setByte" -> "int2";
                case "setBigDecimal" -> "numeric";
                case "setDouble" -> "float8";
                case "setFloat" -> "float4";
                case "setBoolean" -> "bool";
                case "setBytes" -> "bytea";
                // pgjdbc sends these unspecified: it cannot tell timestamp from timestamptz.
                case "setTimestamp", "setDate", "setTime" -> SqlLiterals.UNKNOWN;
                case "setObject" ->
                    args.length >= 3 && args[2] instanceof Integer sqlType
                            ? declared(sqlType)
                            : value instanceof String || value instanceof Character
                                    ? stringType
                                    : SqlLiterals.typeOf(value);
                default -> SqlLiterals.typeOf(value);
            };
            return new SqlLiterals.Param(setter.equals("setNull") ? null : value, type);
        }

        private String declared(int sqlType) {
            return sqlType == Types.VARCHAR || sqlType == Types.LONGVARCHAR
                    ? stringType
                    : SqlLiterals.typeOfSqlType(sqlType);
        }

        /** The parameters bound so far; pgjdbc refuses to run with one unset, so a gap never reaches the capture. */
        private List<SqlLiterals.Param> bound() {
            List<SqlLiterals.Param> out = new ArrayList<>(params.length);
            for (SqlLiterals.Param p : params) {
                out.add(p == null ? new SqlLiterals.Param(null, SqlLiterals.UNKNOWN) : p);
            }
            return out;
        }

        private void bind(int index, SqlLiterals.Param value) {
            if (index > params.length) {
                params = Arrays.copyOf(params, index);
            }
            params[index - 1] = value;
        }
    }
}
