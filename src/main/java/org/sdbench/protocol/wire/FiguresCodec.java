package org.sdbench.protocol.wire;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import org.sdbench.protocol.InstanceFigures;

/**
 * The one codec of an app server's {@link InstanceFigures}: every component in declaration order,
 * nested records in place, an {@code int} as i32 and a {@code long} as i64, none negative. Read off
 * the record itself, so a counter added to the record crosses the wire without a line here; both
 * ends run the same build (the handshake checks the version).
 */
public final class FiguresCodec {
    private FiguresCodec() {}

    static WireOut write(WireOut o, InstanceFigures f) {
        return writeRecord(o, f);
    }

    static InstanceFigures read(WireIn in) {
        InstanceFigures f = readRecord(in, InstanceFigures.class, "stats");
        WireIn.check("stats.number", f.number(), 1, Limits.MAX_INSTANCE);
        return f;
    }

    private static WireOut writeRecord(WireOut o, Record r) {
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            Object v = value(c, r);
            switch (v) {
                case Integer i -> o.i32(i);
                case Long l -> o.i64(l);
                case Record nested -> writeRecord(o, nested);
                default -> throw new IllegalStateException(kindError(c));
            }
        }
        return o;
    }

    private static <R extends Record> R readRecord(WireIn in, Class<R> type, String path) {
        RecordComponent[] cs = type.getRecordComponents();
        Object[] values = new Object[cs.length];
        Class<?>[] types = new Class<?>[cs.length];
        for (int k = 0; k < cs.length; k++) {
            RecordComponent c = cs[k];
            String field = path + "." + c.getName();
            types[k] = c.getType();
            if (c.getType() == int.class) {
                values[k] = in.i32(field, 0, Integer.MAX_VALUE);
            } else if (c.getType() == long.class) {
                values[k] = in.count(field);
            } else if (c.getType().isRecord()) {
                values[k] = readRecord(in, c.getType().asSubclass(Record.class), field);
            } else {
                throw new IllegalStateException(kindError(c));
            }
        }
        try {
            Constructor<R> canonical = type.getDeclaredConstructor(types);
            return canonical.newInstance(values);
        } catch (InvocationTargetException e) {
            throw new WireException("frame field " + path + ": " + e.getCause().getMessage());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the canonical constructor of " + type.getName() + " is not public", e);
        }
    }

    private static Object value(RecordComponent c, Record r) {
        try {
            return c.getAccessor().invoke(r);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the accessor " + c.getName() + " is not public", e);
        }
    }

    private static String kindError(RecordComponent c) {
        return "instance figure " + c.getName() + " is a " + c.getType().getSimpleName()
                + ": the wire carries int, long and records of them";
    }
}
