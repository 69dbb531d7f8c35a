package io.panrocks.fork;

import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.WriteBatch;
import io.panrocks.WriteOptions;

import java.nio.file.Path;

import static io.panrocks.testkit.TestBytes.bytes;

/**
 * Child JVM: writes a batch with a WAL termination point between "logged"
 * and "unlogged", then "next", to the DB at args[0], says "WRITTEN" and halts
 * without closing (no flush): the parent reopens and sees what the WAL kept.
 */
public final class WalTerminationChild {
    public static void main(String[] args) throws Exception {
        RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true), Path.of(args[0]));
        try (WriteBatch batch = new WriteBatch()) {
            batch.put(bytes("logged"), bytes("1"));
            batch.markWalTerminationPoint();
            batch.put(bytes("unlogged"), bytes("2"));
            db.write(new WriteOptions().setSync(true), batch);
        }
        db.put(new WriteOptions().setSync(true), bytes("next"), bytes("3"));
        if (db.get(bytes("unlogged")) == null) throw new AssertionError("the memtable has it until the crash");
        System.out.println("WRITTEN");
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }

}
