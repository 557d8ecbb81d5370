package org.sdbench.network;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.function.IntSupplier;
import org.sdbench.config.Durations;
import org.sdbench.core.EnvironmentException;

/**
 * The client side of niping: timed exchanges with a {@link NipingServer}. Every exchange is timed from
 * the first request byte written to the last reply byte read, as NIPING does.
 */
public final class NipingClient implements AutoCloseable {
    /** NIPING's bandwidth block: 50,000 bytes each way. */
    public static final int BANDWIDTH_BLOCK = 50_000;

    /**
     * One test's figures.
     *
     * @param megabytesPerSecond request plus reply bytes over the summed exchange time, in 10^6 bytes per second
     */
    public record Result(
            String test,
            int loops,
            long requestBytes,
            long replyBytes,
            RoundTrip roundTrip,
            double megabytesPerSecond) {}

    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;
    private byte[] request = new byte[0];
    private byte[] reply = new byte[0];

    private NipingClient(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 64 * 1024));
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), 64 * 1024));
    }

    /** Connects and says hello; a refusal or an unreachable server is an {@link EnvironmentException} (exit 3). */
    public static NipingClient connect(InetSocketAddress server, byte[] token, Duration timeout) {
        Socket s = new Socket();
        String where = SocketAddresses.format(server);
        try {
            s.setTcpNoDelay(true);
            s.setSoTimeout((int) Math.max(1, timeout.toMillis()));
            s.connect(SocketAddresses.resolve(server), (int) Math.max(1, timeout.toMillis()));
            NipingClient c = new NipingClient(s);
            NipingWire.hello(c.out, token == null ? new byte[0] : token);
            byte status = c.in.readByte();
            if (status != NipingWire.OK) {
                String why = NipingWire.readRefusal(c.in);
                s.close();
                throw new EnvironmentException("niping server " + where + " refused the connection: " + why
                        + (status == NipingWire.REFUSED_TOKEN ? " (give the server's token with --token-file)" : ""));
            }
            return c;
        } catch (IOException e) {
            try {
                s.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw new EnvironmentException("cannot reach niping server " + where + ": " + describe(e, timeout));
        }
    }

    /** What went wrong in words, also for the exceptions the JDK leaves without a message. */
    public static String describe(IOException e, Duration timeout) {
        if (e instanceof EOFException) {
            return "the peer closed the connection (is it a niping server?)";
        }
        if (e instanceof SocketTimeoutException) {
            return "no answer within " + Durations.format(timeout) + " (is it a niping server? see --timeout)";
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /** Small messages: requests of 300-500 bytes, replies of 1,000-1,500 bytes, like dialog-step traffic. */
    public Result latency(int loops, long seed) throws IOException {
        SplittableRandom r = new SplittableRandom(seed);
        return run("latency", loops, () -> r.nextInt(300, 501), () -> r.nextInt(1000, 1501));
    }

    /** 50,000-byte blocks each way (NIPING -B 50000). */
    public Result bandwidth(int loops) throws IOException {
        return run("bandwidth", loops, () -> BANDWIDTH_BLOCK, () -> BANDWIDTH_BLOCK);
    }

    private Result run(String name, int loops, IntSupplier requestSize, IntSupplier replySize) throws IOException {
        if (loops < 1) {
            throw new IllegalArgumentException("loops must be at least 1, was " + loops);
        }
        long[] t = new long[loops];
        long sent = 0;
        long received = 0;
        for (int i = 0; i < loops; i++) {
            int q = requestSize.getAsInt();
            int a = replySize.getAsInt();
            if (request.length < q) {
                request = new byte[q];
            }
            if (reply.length < a) {
                reply = new byte[a];
            }
            long t0 = System.nanoTime();
            out.writeInt(q);
            out.writeInt(a);
            out.write(request, 0, q);
            out.flush();
            in.readFully(reply, 0, a);
            t[i] = System.nanoTime() - t0;
            sent += q;
            received += a;
        }
        long total = 0;
        for (long x : t) {
            total += x;
        }
        return new Result(name, loops, sent, received, RoundTrip.of(t), (sent + received) / (total / 1e9) / 1e6);
    }

    /** Ends the session politely (the server logs it) and closes the socket. */
    @Override
    public void close() {
        try {
            out.writeInt(0);
            out.writeInt(0);
            out.flush();
        } catch (IOException e) {
            // the server is gone already: nothing to end
        }
        try {
            socket.close();
        } catch (IOException e) {
            // nothing left to release
        }
    }
}
