package io.panrocks.fork;

import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.DBOptions;
import io.panrocks.LogConsumer;
import io.panrocks.RecordBatch;
import io.panrocks.RecordLog;
import io.panrocks.RocksDB;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Child JVM of the consumer crash test: consumes the log "events" of the DB
 * at args[0] as group "crash", printing "DELIVERED o" for each record it
 * processed and "COMMITTED o" after each commit returned; with args[2] =
 * "finish" it stops when caught up and prints "DONE". args[1] seeds the
 * batch sizes and pauses.
 */
public final class LogConsumerChild {
    public static void main(String[] args) throws Exception {
        Random r = new Random(Long.parseLong(args[1]));
        boolean finish = args[2].equals("finish");
        PrintStream out = new PrintStream(System.out, false);
        List<ColumnFamilyDescriptor> families = new ArrayList<>();
        families.add(new ColumnFamilyDescriptor("default".getBytes()));
        families.addAll(RecordLog.columnFamilies("events"));
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = RocksDB.open(new DBOptions(), Path.of(args[0]), families, handles);
             LogConsumer consumer = new RecordLog(db, handles.get(1), handles.get(2)).consumer("crash")) {
            out.println("START " + consumer.position());
            out.flush();
            while (true) {
                try (RecordBatch batch = consumer.poll(1 + r.nextInt(50), 1 << 20)) {
                    if (batch.isEmpty()) {
                        if (finish) break;
                        continue;
                    }
                    for (int i = 0; i < batch.size(); i++) out.println("DELIVERED " + batch.keyAsLong(i));
                    out.flush();
                    Thread.sleep(r.nextInt(3)); // processing: the kill often lands here, between poll and commit
                    long last = batch.keyAsLong(batch.size() - 1);
                    consumer.commit(last);
                    out.println("COMMITTED " + last);
                    out.flush();
                }
            }
            out.println("DONE");
            out.flush();
        }
    }
}
