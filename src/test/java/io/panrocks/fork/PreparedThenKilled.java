package io.panrocks.fork;

import io.panrocks.Options;
import io.panrocks.Transaction;
import io.panrocks.TransactionDB;
import io.panrocks.TransactionDBOptions;
import io.panrocks.WriteOptions;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Child of {@code TwoPhaseCommitTest}: commits one transaction, prepares a
 * second, leaves a named third unprepared, prints READY, and waits to be killed
 * with SIGKILL: {@code PreparedThenKilled <db>}.
 */
public final class PreparedThenKilled {
    private PreparedThenKilled() {
    }

    static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    public static void main(String[] args) throws Exception {
        TransactionDB db = TransactionDB.open(new Options().setCreateIfMissing(true), new TransactionDBOptions(),
                Path.of(args[0]));
        WriteOptions sync = new WriteOptions().setSync(true);
        Transaction committed = db.beginTransaction(sync);
        committed.put(b("c0"), b("committed-0"));
        committed.put(b("c1"), b("committed-1"));
        committed.commit();

        Transaction prepared = db.beginTransaction(sync);
        prepared.setName("xid-prepared");
        prepared.put(b("p1"), b("prepared-1"));
        prepared.put(b("p2"), b("prepared-2"));
        prepared.delete(b("c0"));
        prepared.prepare();

        Transaction open = db.beginTransaction(sync);
        open.setName("xid-open");
        open.put(b("o1"), b("open"));
        System.out.println("READY");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE); // killed here: no close, no rollback
    }
}
