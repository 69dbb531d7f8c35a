package io.panrocks.fork;

import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.WriteBatch;
import io.panrocks.WriteOptions;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Child JVM: writes a batch with a WAL termination point between "logged"
 * and "unlogged", then "next", to the DB at args[0], says "WRITTEN" and halts
 * without closing (no flush): the parent reopens and sees what the WAL kept.
 */
public final class WalTerminationChild {
    public static void main(String[] args) throws Exception {
        RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true), Path.of(args[0]));
        try (WriteBatch batch = new WriteBatch()) {
            batch.put(b("logged"), b("1"));
            batch.markWalTerminationPoint();
            batch.put(b("unlogged"), b("2"));
            db.write(new WriteOptions().setSync(true), batch);
        }
        db.put(new WriteOptions().setSync(true), b("next"), b("3"));
        if (db.get(b("unlogged")) == null) throw new AssertionError("the memtable has it until the crash");
        System.out.println("WRITTEN");
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }

    static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
