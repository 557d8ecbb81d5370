package org.sdbench.measure.environment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What environment.json and report.html copy from pg_settings and the JVM carries no secret. */
class RedactionTest {
    @Test
    void setting_knownSecretBearingSettings_redacted() {
        assertEquals(Redaction.REDACTED, Redaction.setting("primary_conninfo", "host=db1 user=rep password=s3cret"));
        assertEquals(Redaction.REDACTED, Redaction.setting("archive_command", "aws s3 cp %p s3://b/%f --sse"));
        assertEquals(Redaction.REDACTED, Redaction.setting("restore_command", "wal-g fetch %f %p"));
        assertEquals(Redaction.REDACTED, Redaction.setting("ssl_passphrase_command", "cat /root/pass"));
    }

    @Test
    void setting_nameLooksLikeASecret_redacted() {
        assertEquals(Redaction.REDACTED, Redaction.setting("myext.api_token", "abc"));
        assertEquals(Redaction.REDACTED, Redaction.setting("pgaudit.password", "abc"));
    }

    @Test
    void setting_ordinaryValue_keptExceptEmbeddedPasswordPairs() {
        assertEquals("128MB", Redaction.setting("shared_buffers", "128MB"));
        assertEquals("off", Redaction.setting("synchronous_commit", "off"));
        assertEquals("app password=<redacted> x", Redaction.setting("application_name", "app password=hunter2 x"));
    }

    @Test
    void jvmArguments_passwordPropertiesAndPairs_redacted() {
        List<String> shown = Redaction.jvmArguments(List.of(
                "-Xmx1g",
                "-Ddb.Password=hunter2",
                "-Dapi.token=t0k",
                "-javaagent:/a.jar=user=x,password=hunter3",
                "-Dfile.encoding=UTF-8"));
        assertEquals(
                List.of(
                        "-Xmx1g",
                        "-Ddb.Password=<redacted>",
                        "-Dapi.token=<redacted>",
                        "-javaagent:/a.jar=user=x,password=<redacted>",
                        "-Dfile.encoding=UTF-8"),
                shown);
        shown.forEach(a -> assertFalse(a.contains("hunter"), a));
    }

    @Test
    void pairs_jdbcUrlWithPassword_redacted() {
        assertEquals(
                "jdbc:postgresql://h/db?user=a&password=<redacted>&ssl=true",
                Redaction.pairs("jdbc:postgresql://h/db?user=a&password=pw&ssl=true"));
    }
}
