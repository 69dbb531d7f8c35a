package io.panrocks.matrix;

import io.panrocks.AbstractCompactionFilter;
import io.panrocks.AbstractCompactionFilterFactory;
import io.panrocks.AbstractEventListener;
import io.panrocks.NewValue;
import io.panrocks.WriteBatch;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;

/** The simplest valid callbacks: what the matrix hands in where the API takes one. */
final class Stubs {
    private Stubs() {
    }

    /** A batch handler that takes every record and does nothing with it. */
    static class QuietHandler extends WriteBatch.Handler {
        @Override
        public void put(int columnFamilyId, byte[] key, byte[] value) {}
        @Override
        public void put(byte[] key, byte[] value) {}
        @Override
        public void merge(int columnFamilyId, byte[] key, byte[] value) {}
        @Override
        public void merge(byte[] key, byte[] value) {}
        @Override
        public void delete(int columnFamilyId, byte[] key) {}
        @Override
        public void delete(byte[] key) {}
        @Override
        public void singleDelete(int columnFamilyId, byte[] key) {}
        @Override
        public void singleDelete(byte[] key) {}
        @Override
        public void deleteRange(int columnFamilyId, byte[] beginKey, byte[] endKey) {}
        @Override
        public void deleteRange(byte[] beginKey, byte[] endKey) {}
        @Override
        public void logData(byte[] blob) {}
        @Override
        public void putBlobIndex(int columnFamilyId, byte[] key, byte[] value) {}
        @Override
        public void markBeginPrepare() {}
        @Override
        public void markEndPrepare(byte[] xid) {}
        @Override
        public void markNoop(boolean emptyBatch) {}
        @Override
        public void markRollback(byte[] xid) {}
        @Override
        public void markCommit(byte[] xid) {}
        @Override
        public void markCommitWithTimestamp(byte[] xid, byte[] ts) {}
    }

    /** A channel that takes everything and keeps the buffers it was handed. */
    static final class CapturingChannel implements WritableByteChannel {
        private boolean open = true;

        @Override
        public int write(ByteBuffer src) {
            Values.capture(src);
            int n = src.remaining();
            src.position(src.limit());
            return n;
        }

        @Override
        public boolean isOpen() {
            return open;
        }

        @Override
        public void close() {
            open = false;
        }
    }

    static final class KeepAll extends AbstractCompactionFilter {
        @Override
        public Decision filter(int level, MemorySegment key, ValueType valueType, MemorySegment value, NewValue newValue) {
            return Decision.KEEP;
        }
    }

    static final class KeepAllFactory extends AbstractCompactionFilterFactory<KeepAll> {
        @Override
        public KeepAll createCompactionFilter(AbstractCompactionFilter.Context context) {
            return new KeepAll();
        }

        @Override
        public String name() {
            return "matrix.KeepAllFactory";
        }
    }

    static final class QuietListener extends AbstractEventListener {
    }

    /** A WAL filter that replays every record unchanged. */
    static final class ContinueWalFilter extends io.panrocks.AbstractWalFilter {
        @Override
        public LogRecordFoundResult logRecordFound(long logNumber, String logFileName, io.panrocks.WriteBatch batch,
                                                   io.panrocks.WriteBatch newBatch) {
            return LogRecordFoundResult.CONTINUE_UNCHANGED;
        }
    }

    /** A compaction service that leaves every job to the DB, keeping the first job's info. */
    static final class LocalCompactionService extends io.panrocks.CompactionService {
        volatile io.panrocks.CompactionServiceJobInfo first;

        @Override
        public io.panrocks.CompactionServiceScheduleResponse schedule(io.panrocks.CompactionServiceJobInfo info, byte[] input) {
            if (first == null) first = info;
            return io.panrocks.CompactionServiceScheduleResponse.useLocal();
        }

        @Override
        public io.panrocks.CompactionServiceResult waitForResult(String scheduledJobId) {
            return io.panrocks.CompactionServiceResult.useLocal();
        }
    }

    static final class QuietLogger extends io.panrocks.Logger {
        QuietLogger() {
            super(io.panrocks.InfoLogLevel.INFO_LEVEL);
        }

        @Override
        protected void log(io.panrocks.InfoLogLevel logLevel, String logMsg) {
        }
    }

    static final class QuietStatisticsCallback implements io.panrocks.StatisticsCollectorCallback {
        @Override
        public void tickerCallback(io.panrocks.TickerType tickerType, long tickerCount) {
        }

        @Override
        public void histogramCallback(io.panrocks.HistogramType histType, io.panrocks.HistogramData histData) {
        }
    }

    /** A table filter that reads every table. */
    static final class ReadAllTables extends io.panrocks.AbstractTableFilter {
        @Override
        public boolean filter(io.panrocks.TableProperties tableProperties) {
            return true;
        }
    }
}
