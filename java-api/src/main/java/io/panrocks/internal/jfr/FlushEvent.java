package io.panrocks.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A memtable flush of RocksDB ({@code EventListener::OnFlushBegin} to
 * {@code OnFlushCompleted}, RocksDB's {@code FlushJobInfo}): the event's
 * duration is the flush's, when the recording was on at its begin.
 */
@Name("io.panrocks.Flush")
@Category("panrocks")
@Label("Flush")
@Description("RocksDB flushed a memtable to an SST file (FlushJobInfo)")
@StackTrace(false) // a background thread of RocksDB: its stack says nothing
public final class FlushEvent extends DbEvent {
    @Label("Job ID")
    @Description("RocksDB's job ID of the flush, unique within the DB")
    public int jobId;

    @Label("Reason")
    @Description("Why RocksDB flushed (FlushReason)")
    public String reason;

    @Label("Entries")
    @Description("Entries written to the file")
    public long entries;

    @Label("File Size")
    @Description("Size of the file written")
    @DataAmount
    public long fileSize;

    @Label("File")
    @Description("Path of the SST file written")
    public String file;

    @Label("Smallest Sequence Number")
    public long smallestSeqno;

    @Label("Largest Sequence Number")
    public long largestSeqno;

    @Label("Triggered Writes Slowdown")
    @Description("The memtables waiting for this flush had slowed writes down")
    public boolean triggeredWritesSlowdown;

    @Label("Triggered Writes Stop")
    @Description("The memtables waiting for this flush had stopped writes")
    public boolean triggeredWritesStop;
}
