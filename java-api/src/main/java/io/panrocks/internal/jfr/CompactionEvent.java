package io.panrocks.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * A compaction of RocksDB ({@code EventListener::OnCompactionBegin} to
 * {@code OnCompactionCompleted}, RocksDB's {@code CompactionJobInfo}), well
 * or not: a failed one carries its status.
 */
@Name("io.panrocks.Compaction")
@Category("panrocks")
@Label("Compaction")
@Description("RocksDB compacted SST files (CompactionJobInfo)")
@StackTrace(false)
public final class CompactionEvent extends DbEvent {
    @Label("Job ID")
    @Description("RocksDB's job ID of the compaction, unique within the DB")
    public int jobId;

    @Label("Reason")
    @Description("Why RocksDB compacted (CompactionReason)")
    public String reason;

    @Label("Base Input Level")
    public int baseInputLevel;

    @Label("Output Level")
    public int outputLevel;

    @Label("Input Files")
    public long inputFiles;

    @Label("Output Files")
    public long outputFiles;

    @Label("Input Records")
    public long inputRecords;

    @Label("Output Records")
    public long outputRecords;

    @Label("Input Bytes")
    @DataAmount
    public long inputBytes;

    @Label("Output Bytes")
    @DataAmount
    public long outputBytes;

    @Label("Engine Time")
    @Description("The compaction's time as RocksDB measured it (elapsed_micros)")
    @Timespan(Timespan.MICROSECONDS)
    public long elapsed;

    @Label("Status")
    @Description("RocksDB's status code of the compaction (Ok, or why it failed)")
    public String status;

    @Label("Status Message")
    public String statusMessage;
}
