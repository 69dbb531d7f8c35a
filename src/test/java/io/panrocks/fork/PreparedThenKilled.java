package io.panrocks.fork;

import io.panrocks.Options;
import io.panrocks.Transaction;
import io.panrocks.TransactionDB;
import io.panrocks.TransactionDBOptions;
import io.panrocks.WriteOptions;

import java.nio.file.Path;

import static io.panrocks.testkit.TestBytes.bytes;

/**
 * Child of {@code TwoPhaseCommitTest}: commits one transaction, prepares a
 * second, leaves a named third unprepared, prints READY, and waits to be killed
 * with SIGKILL: {@code PreparedThenKilled <db>}.
 */
public final class PreparedThenKilled {
    private PreparedThenKilled() {
    }

    public static void main(String[] args) throws Exception {
        TransactionDB db = TransactionDB.open(new Options().setCreateIfMissing(true), new TransactionDBOptions(),
                Path.of(args[0]));
        WriteOptions sync = new WriteOptions().setSync(true);
        Transaction committed = db.beginTransaction(sync);
        committed.put(bytes("c0"), bytes("committed-0"));
        committed.put(bytes("c1"), bytes("committed-1"));
        committed.commit();

        Transaction prepared = db.beginTransaction(sync);
        prepared.setName("xid-prepared");
        prepared.put(bytes("p1"), bytes("prepared-1"));
        prepared.put(bytes("p2"), bytes("prepared-2"));
        prepared.delete(bytes("c0"));
        prepared.prepare();

        Transaction open = db.beginTransaction(sync);
        open.setName("xid-open");
        open.put(bytes("o1"), bytes("open"));
        System.out.println("READY");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE); // killed here: no close, no rollback
    }
}
