package org.sdbench.db;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The JDBC proxies of {@link StatementCapture}: a connection that hands out recording statements
 * and records its transaction ends, and statements that note their parameters and record what
 * they executed once it succeeded. Everything else passes through unchanged.
 */
final class CapturingHandlers {
    /** Opens a physical connection. */
    @FunctionalInterface
    interface Connector {
        Connection connect() throws SQLException;
    }

    private CapturingHandlers() {
    }

    private static Object call(Object target, Method m, Object[] args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    static final class OnConnection implements InvocationHandler {
        private final Connection target;
        private final StatementCapture.Stream stream;

        OnConnection(Connection target, StatementCapture.Stream stream) {
            this.target = target;
            this.stream = stream;
        }

        @Override
        public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
            Object result = call(target, m, args);
            int n = args == null ? 0 : args.length;
            switch (m.getName()) {
                case "prepareStatement" -> {
                    return Proxy.newProxyInstance(PreparedStatement.class.getClassLoader(),
                            new Class<?>[] {PreparedStatement.class}, new OnStatement(result, stream, (String) args[0]));
                }
                case "createStatement" -> {
                    return Proxy.newProxyInstance(Statement.class.getClassLoader(), new Class<?>[] {Statement.class},
                            new OnStatement(result, stream, null));
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
        private final Object target;
        private final StatementCapture.Stream stream;
        private final String sql;
        private Object[] params = new Object[0];
        private final List<Object[]> batch = new ArrayList<>();
        private final List<String> plainBatch = new ArrayList<>();

        OnStatement(Object target, StatementCapture.Stream stream, String sql) {
            this.target = target;
            this.stream = stream;
            this.sql = sql;
        }

        @Override
        public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
            String name = m.getName();
            int n = args == null ? 0 : args.length;
            if (name.startsWith("set") && n >= 2 && m.getParameterTypes()[0] == int.class) {
                bind((Integer) args[0], name.equals("setNull") ? null : args[1]);
            } else if (name.equals("clearParameters")) {
                params = new Object[0];
            } else if (name.equals("clearBatch")) {
                batch.clear();
                plainBatch.clear();
            }
            Object result = call(target, m, args);
            switch (name) {
                case "addBatch" -> {
                    if (n == 0) {
                        batch.add(params.clone());
                    } else {
                        plainBatch.add((String) args[0]);
                    }
                }
                case "executeQuery", "executeUpdate", "execute", "executeLargeUpdate" ->
                        stream.roundTrip(n == 0 ? SqlLiterals.inline(sql, params) : (String) args[0]);
                case "executeBatch", "executeLargeBatch" -> {
                    if (!batch.isEmpty()) {
                        stream.roundTrip(SqlLiterals.batch(sql, batch));
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

        private void bind(int index, Object value) {
            if (index > params.length) {
                params = Arrays.copyOf(params, index);
            }
            params[index - 1] = value;
        }
    }
}
