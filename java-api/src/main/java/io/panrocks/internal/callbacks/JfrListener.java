package io.panrocks.internal.callbacks;

import io.panrocks.BackgroundErrorReason;
import io.panrocks.CompactionJobInfo;
import io.panrocks.ExternalFileIngestionInfo;
import io.panrocks.FlushJobInfo;
import io.panrocks.Status;
import io.panrocks.WriteStallInfo;
import io.panrocks.internal.jfr.BackgroundErrorEvent;
import io.panrocks.internal.jfr.CompactionEvent;
import io.panrocks.internal.jfr.DbEvent;
import io.panrocks.internal.jfr.FileIngestionEvent;
import io.panrocks.internal.jfr.FlushEvent;
import io.panrocks.internal.jfr.WriteStallEvent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The listener a DB gets when JFR is up at its open (or always, with
 * {@code -Dpanrocks.jfr.events=true}; never with {@code false}): turns
 * RocksDB's events into JFR events. Its binding ({@code ListenerBinding.jfrWants})
 * asks JFR
 * before it copies an event, so with no recording on an event costs one
 * upcall that returns at once. A flush or compaction begun while its event
 * was on is timed from its begin; one whose begin the recording missed is
 * committed with no duration.
 */
public final class JfrListener implements EventPort {
    /** More jobs than this in flight means begins whose ends never came (failed jobs): forget them. */
    private static final int MAX_IN_FLIGHT = 256;

    private final String dbPath;
    private final Map<Integer, FlushEvent> flushes = new ConcurrentHashMap<>();
    private final Map<Integer, CompactionEvent> compactions = new ConcurrentHashMap<>();

    public JfrListener(String dbPath) {
        this.dbPath = dbPath;
    }

    @Override
    public String name() {
        return "panrocks JFR events";
    }

    /** The events it turns into JFR events; ListenerBinding asks JFR before it copies one. */
    @Override
    public int events() {
        return FLUSH | FLUSH_BEGIN | COMPACTION | COMPACTION_BEGIN | STALL | BACKGROUND_ERROR | EXTERNAL_FILE_INGESTED;
    }

    @Override
    public void onFlushBegin(Object db, FlushJobInfo info) {
        begin(flushes, info.getJobId(), new FlushEvent());
    }

    @Override
    public void onFlushCompleted(Object db, FlushJobInfo info) {
        FlushEvent e = end(flushes, info.getJobId(), FlushEvent::new);
        if (e == null) return;
        e.dbPath = dbPath;
        e.columnFamily = info.getColumnFamilyName();
        e.jobId = info.getJobId();
        e.reason = String.valueOf(info.getFlushReason());
        e.entries = info.getNumEntries();
        e.fileSize = info.getDataSize();
        e.file = info.getFilePath();
        e.smallestSeqno = info.getSmallestSeqno();
        e.largestSeqno = info.getLargestSeqno();
        e.triggeredWritesSlowdown = info.isTriggeredWritesSlowdown();
        e.triggeredWritesStop = info.isTriggeredWritesStop();
        e.commit();
    }

    @Override
    public void onCompactionBegin(Object db, CompactionJobInfo info) {
        begin(compactions, info.getJobId(), new CompactionEvent());
    }

    @Override
    public void onCompactionCompleted(Object db, CompactionJobInfo info) {
        CompactionEvent e = end(compactions, info.getJobId(), CompactionEvent::new);
        if (e == null) return;
        e.dbPath = dbPath;
        e.columnFamily = info.getColumnFamilyName();
        e.jobId = info.getJobId();
        e.reason = String.valueOf(info.getCompactionReason());
        e.baseInputLevel = info.getBaseInputLevel();
        e.outputLevel = info.getOutputLevel();
        e.inputFiles = info.getInputFileCount();
        e.outputFiles = info.getOutputFileCount();
        e.inputRecords = info.getInputRecords();
        e.outputRecords = info.getOutputRecords();
        e.inputBytes = info.getTotalInputBytes();
        e.outputBytes = info.getTotalOutputBytes();
        e.elapsed = info.getElapsedMicros();
        Status s = info.getStatus();
        e.status = String.valueOf(s.getCode());
        e.statusMessage = s.getState();
        e.commit();
    }

    @Override
    public void onStallConditionsChanged(WriteStallInfo info) {
        WriteStallEvent e = new WriteStallEvent();
        if (!e.shouldCommit()) return;
        e.dbPath = dbPath;
        e.columnFamily = info.getColumnFamilyName();
        e.condition = String.valueOf(info.getCurrentCondition());
        e.previousCondition = String.valueOf(info.getPreviousCondition());
        e.commit();
    }

    @Override
    public void onBackgroundError(BackgroundErrorReason reason, Status status) {
        BackgroundErrorEvent e = new BackgroundErrorEvent();
        if (!e.shouldCommit()) return;
        e.dbPath = dbPath;
        e.reason = String.valueOf(reason);
        e.code = String.valueOf(status.getCode());
        e.subCode = String.valueOf(status.getSubCode());
        e.severity = String.valueOf(status.severity());
        e.message = status.getState();
        e.commit();
    }

    @Override
    public void onExternalFileIngested(Object db, ExternalFileIngestionInfo info) {
        FileIngestionEvent e = new FileIngestionEvent();
        if (!e.shouldCommit()) return;
        e.dbPath = dbPath;
        e.columnFamily = info.getColumnFamilyName();
        e.externalFile = info.getExternalFilePath();
        e.internalFile = info.getInternalFilePath();
        e.globalSeqno = info.getGlobalSeqno();
        e.fileSize = size(info.getInternalFilePath());
        e.commit();
    }

    /** Times a job from its begin: its event waits in inFlight for the job's end. */
    private static <E extends DbEvent> void begin(Map<Integer, E> inFlight, int jobId, E event) {
        event.begin();
        if (inFlight.size() >= MAX_IN_FLIGHT) inFlight.clear();
        inFlight.put(jobId, event);
    }

    /**
     * The event of a job that ended: the one its begin started, or a fresh
     * one (with no duration) if the recording missed the begin; null if the
     * recording does not want it.
     */
    private static <E extends DbEvent> E end(Map<Integer, E> inFlight, int jobId, Supplier<E> missedBegin) {
        E event = inFlight.remove(jobId);
        if (event == null) event = missedBegin.get();
        event.end();
        return event.shouldCommit() ? event : null;
    }

    private static long size(String file) {
        try {
            return Files.size(Path.of(file));
        } catch (IOException | RuntimeException e) {
            return -1; // gone already (a compaction), or not a path this JVM can read
        }
    }
}
