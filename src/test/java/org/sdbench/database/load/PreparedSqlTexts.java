package org.sdbench.database.load;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import org.sdbench.database.ConnectionInterceptor;

/**
 * Records the SQL text of every statement the pools' connections prepare, as the sessions pass it to the driver
 * (for PostgreSQL, as the application wrote it): install with {@code Database.captureStatements} before the pools
 * open.
 */
public final class PreparedSqlTexts implements ConnectionInterceptor {
    private final Set<String> texts = ConcurrentHashMap.newKeySet();

    public Set<String> texts() {
        return Set.copyOf(texts);
    }

    @Override
    public DataSource dataSource(Connector connect) {
        return proxy(DataSource.class, (self, m, args) -> switch (m.getName()) {
            case "getConnection" -> recording(connect.connect());
            case "getLoginTimeout" -> 0;
            case "isWrapperFor" -> false;
            case "getLogWriter", "setLogWriter", "setLoginTimeout" -> null;
            default -> throw new UnsupportedOperationException(m.getName());
        });
    }

    private Connection recording(Connection real) {
        return proxy(Connection.class, new InvocationHandler() {
            @Override
            public Object invoke(Object self, Method m, Object[] args) throws Throwable {
                if (m.getName().startsWith("prepare") && args != null && args[0] instanceof String sql) {
                    texts.add(sql);
                }
                if (m.getName().equals("unwrap") && args[0] == Connection.class) {
                    // DbSession prepares through the unwrapped driver connection: keep recording there
                    return self;
                }
                try {
                    return m.invoke(real, args);
                } catch (InvocationTargetException e) {
                    throw e.getCause();
                }
            }
        });
    }

    private static <T> T proxy(Class<T> type, InvocationHandler h) {
        return type.cast(Proxy.newProxyInstance(PreparedSqlTexts.class.getClassLoader(), new Class<?>[] {type}, h));
    }
}
