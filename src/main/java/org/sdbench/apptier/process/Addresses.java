package org.sdbench.apptier.process;

import java.net.InetSocketAddress;
import org.sdbench.config.HostAndPort;
import org.sdbench.network.SocketAddresses;
import picocli.CommandLine.ITypeConverter;

/**
 * Picocli converters for every option that takes a port, a host or an address, so each is checked the same way
 * while the command line is parsed, before any work: a bad one is one line naming the option (see
 * {@code cli.SdbenchCommand#execute}) and exit 2. The checks themselves are {@link SocketAddresses}'s, which the
 * configuration keys use too.
 */
public final class Addresses {
    private Addresses() {}

    /** A port to listen on, 0 = any free port. */
    public static final class ListenPort implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return SocketAddresses.listenPort("PORT", value);
        }
    }

    /** {@code HOST:PORT} this machine can listen on. */
    public static final class Listen implements ITypeConverter<InetSocketAddress> {
        @Override
        public InetSocketAddress convert(String value) {
            return SocketAddresses.listen("HOST:PORT", value);
        }
    }

    /** {@code HOST:PORT} to connect to, its host resolved now. */
    public static final class Dial implements ITypeConverter<InetSocketAddress> {
        @Override
        public InetSocketAddress convert(String value) {
            return SocketAddresses.dial("HOST:PORT", value);
        }
    }

    /** A host (no port) of this machine to listen on. */
    public static final class ListenHost implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            return SocketAddresses.listenHost("HOST", value);
        }
    }

    /** A host others dial to reach this process (checked for form only: it may be a name only they resolve). */
    public static final class Host implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            return HostAndPort.host("HOST", value);
        }
    }
}
