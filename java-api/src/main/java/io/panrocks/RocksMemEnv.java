package io.panrocks;

import io.panrocks.internal.SharedNative;

import java.util.Objects;

/**
 * An environment that keeps files in memory ({@code rocksdb::NewMemEnv}):
 * a DB opened on it ({@code Options.setEnv}) writes nothing to disk, and
 * its files stay, for reopens, as long as this environment or a DB opened on
 * it lives. Its thread pools are the default environment's. For tests and
 * caches; everything is lost with the process.
 *
 * <p>Only the DB's own files are in memory: {@code BackupEngine} keeps its
 * backups, and {@code RocksDB.listColumnFamilies} looks, on the real file
 * system. A {@code Checkpoint} or {@code exportColumnFamily} of a DB in
 * memory is refused ({@link Status.Code#NotSupported}): the engine would
 * write it into this memory, not at the path on disk it names; so is a
 * backup of it (the engine would look for its files on disk).
 */
public final class RocksMemEnv extends Env {
    private final SharedNative shared;

    /**
     * A new in-memory environment.
     *
     * @param baseEnv the environment whose threads it uses: {@link Env#getDefault()}
     * @throws IllegalArgumentException if baseEnv is not the default environment
     */
    public RocksMemEnv(Env baseEnv) {
        if (Objects.requireNonNull(baseEnv, "baseEnv") != Env.getDefault()) {
            throw new IllegalArgumentException("a RocksMemEnv stands on Env.getDefault() only, not on " + baseEnv);
        }
        this.shared = own(create(true), "RocksMemEnv");
    }

    @Override
    SharedNative shared() {
        return shared;
    }

    @Override
    public String toString() {
        return "RocksMemEnv" + (shared.resource.isReleased() ? "{closed}" : "");
    }

    /**
     * Refuses an operation on the files of a DB in a {@link RocksMemEnv}
     * (a checkpoint, an export, a backup) before the engine is called: the
     * engine would write a checkpoint or an export into that memory and
     * answer OK with nothing at the path on disk, and a backup would look
     * for the DB's files on disk and fail on the first with PathNotFound.
     *
     * @param what the operation, as the message starts it ("a checkpoint")
     * @param why what the engine would do instead
     */
    static void refuseInMemory(RocksDB db, String what, String why) throws RocksDBException {
        if (db.getEnv() instanceof RocksMemEnv) {
            throw new RocksDBException(new Status(Status.Code.NotSupported, Status.SubCode.None, Status.Severity.NoError,
                    what + " of a DB in a RocksMemEnv is not supported: " + why
                            + "; copy the data out with an iterator instead"));
        }
    }
}
