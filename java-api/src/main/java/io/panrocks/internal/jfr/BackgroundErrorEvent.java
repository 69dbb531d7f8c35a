package io.panrocks.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/**
 * RocksDB hit an error in the background ({@code EventListener::OnBackgroundError}):
 * a failed flush, compaction, WAL write or ingestion, with RocksDB's status.
 */
@Name("io.panrocks.BackgroundError")
@Category("panrocks")
@Label("Background Error")
@Description("RocksDB hit an error in a flush, compaction or WAL write (OnBackgroundError)")
public final class BackgroundErrorEvent extends jdk.jfr.Event {
    @Label("DB Path")
    @Description("The DB's directory (RocksDB's GetName())")
    public String dbPath;

    @Label("Reason")
    @Description("What RocksDB was doing (BackgroundErrorReason)")
    public String reason;

    @Label("Code")
    @Description("RocksDB's status code")
    public String code;

    @Label("Subcode")
    @Description("RocksDB's status subcode")
    public String subCode;

    @Label("Severity")
    @Description("RocksDB's severity: how much of the DB the error stops")
    public String severity;

    @Label("Message")
    @Description("RocksDB's status message")
    public String message;
}
