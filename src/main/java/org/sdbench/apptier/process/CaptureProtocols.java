package org.sdbench.apptier.process;

import org.sdbench.database.capture.StatementCapture;
import picocli.CommandLine;

/** {@code simple|prepared} on a command line, spelt as the capture spells it: bench replay's and the app server's. */
public final class CaptureProtocols implements CommandLine.ITypeConverter<StatementCapture.Protocol> {
    @Override
    public StatementCapture.Protocol convert(String value) {
        try {
            return StatementCapture.Protocol.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
