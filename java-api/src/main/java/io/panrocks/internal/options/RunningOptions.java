package io.panrocks.internal.options;

import io.panrocks.RocksDBException;
import io.panrocks.internal.CallContext;
import io.panrocks.internal.EngineText;
import io.panrocks.internal.FamilyHandle;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The options of an open DB read and changed while it runs
 * ({@code RocksDB.setOptions}, {@code getOptions}, {@code setDBOptions},
 * {@code getDBOptions}): cold paths, each inside a call, so the DB's close
 * waits for them. Options cross as RocksDB's option strings
 * ({@code name=value;...}).
 */
public final class RunningOptions {
    private final NativeDb db;

    public RunningOptions(NativeDb db) {
        this.db = db;
    }

    /** Changes the family's options named in {@code text}. */
    public void setOptions(FamilyHandle columnFamily, String text) throws RocksDBException {
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            int rc = panrocks_h.panrocks_set_options(db.handle(), FamilyHandle.nativeHandle(columnFamily, db), arena.allocateFrom(text),
                    c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    /** Changes the DB-wide options named in {@code text}. */
    public void setDBOptions(String text) throws RocksDBException {
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            int rc = panrocks_h.panrocks_set_db_options(db.handle(), arena.allocateFrom(text), c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    /** The running options of the family as RocksDB writes them ({@code name=value;...}). */
    public String options(FamilyHandle columnFamily) throws RocksDBException {
        CallContext c = db.enter();
        try {
            MemorySegment cf = FamilyHandle.nativeHandle(columnFamily, db);
            return EngineText.read(c, 0, (buffer, capacity) -> panrocks_h.panrocks_get_options(db.handle(), cf, buffer, capacity,
                    c.size, c.error));
        } finally {
            c.trimScratch();
            db.exit(c);
        }
    }

    /** The running DB-wide options as RocksDB writes them. */
    public String dbOptions() throws RocksDBException {
        return db.text(panrocks_h::panrocks_get_db_options);
    }

}
