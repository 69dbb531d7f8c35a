package io.panrocks.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The directories of the DBs this process has open for writing, by their
 * canonical path. RocksDB refuses a second open of a DB in one process by
 * the path string it was given, so {@code db/.}, {@code db/../db}, a
 * symbolic link or a relative spelling of an open DB's path would open the
 * same files twice, and the two instances corrupt each other. Opens go
 * through {@link #canonical} (the path RocksDB is then given) and
 * {@link #claim}. Read-only and secondary opens take no lock in RocksDB and
 * claim nothing exclusive, but are counted ({@link #share}), so that a
 * restore from a backup never rewrites files a DB of this process reads.
 */
public final class OpenPaths {
    private static final ConcurrentHashMap<Path, Claim> OPEN = new ConcurrentHashMap<>();
    /** directories read by read-only and secondary DBs, with how many */
    private static final ConcurrentHashMap<Path, Integer> READERS = new ConcurrentHashMap<>();

    private OpenPaths() {
    }

    /**
     * The path as the kernel would resolve it: every existing component
     * with its symbolic links resolved, {@code .} and {@code ..} applied in
     * order; components that do not exist yet (a DB about to be created)
     * are kept as they are.
     */
    public static Path canonical(Path path) {
        Path absolute = path.toAbsolutePath();
        Path current = absolute.getRoot();
        for (Path name : absolute) {
            String n = name.toString();
            if (n.equals(".")) continue;
            if (n.equals("..")) {
                Path parent = current.getParent();
                if (parent != null) current = parent;
                continue;
            }
            Path next = current.resolve(n);
            if (Files.exists(next)) {
                try {
                    next = next.toRealPath();
                } catch (IOException e) {
                    // unreadable on the way: keep the spelling; RocksDB reports the failure
                }
            }
            current = next;
        }
        return current;
    }

    /**
     * A claim on a directory: held while a DB is open there for writing
     * (exclusive), or while one reads it (shared: read-only and secondary
     * opens, which RocksDB lets sit beside a writer). Claims can be chained
     * ({@link #and}) so that one release gives back all of them.
     */
    public static final class Claim {
        private final Path path;
        private final String holder;
        private final boolean shared;
        /** exclusive claims only: readers may not share the directory meanwhile (a restore) */
        private final boolean excludesReaders;
        private final AtomicBoolean released = new AtomicBoolean();
        private volatile Claim next;

        private Claim(Path path, String holder, boolean shared, boolean excludesReaders) {
            this.path = path;
            this.holder = holder;
            this.shared = shared;
            this.excludesReaders = excludesReaders;
        }

        public Path path() {
            return path;
        }

        /** This claim and {@code other} (null: none), released together; returns this. */
        public Claim and(Claim other) {
            if (other != null) {
                Claim last = this;
                while (last.next != null) last = last.next;
                last.next = other;
            }
            return this;
        }

        /** Gives the directory back (when the DB's engine has closed, or its open failed). Idempotent. */
        public void release() {
            if (released.compareAndSet(false, true)) {
                if (shared) {
                    READERS.computeIfPresent(path, (p, n) -> n == 1 ? null : n - 1);
                } else {
                    OPEN.remove(path, this);
                }
            }
            Claim n = next;
            if (n != null) n.release();
        }
    }

    /**
     * Claims the directory at canonical path {@code path} for a DB opened as
     * {@code holder}; returns null, claiming nothing, if this process has it
     * open already.
     */
    public static Claim claim(Path path, String holder) {
        Claim claim = new Claim(path, holder, false, false);
        return OPEN.putIfAbsent(path, claim) == null ? claim : null;
    }

    /**
     * Claims the directory for work that nobody may even read meanwhile (a
     * restore rewrites its files): null, claiming nothing, if this process
     * has a DB open there, for writing or reading.
     */
    public static Claim claimAlone(Path path, String holder) {
        Claim claim = new Claim(path, holder, false, true);
        if (OPEN.putIfAbsent(path, claim) != null) return null;
        if (READERS.containsKey(path)) { // checked after claiming: a racing reader sees the claim
            claim.release();
            return null;
        }
        return claim;
    }

    /**
     * A shared claim for a DB that reads the directory without locking it;
     * null, claiming nothing, while it is claimed alone ({@link #claimAlone}).
     */
    public static Claim share(Path path, String holder) {
        Claim claim = new Claim(path, holder, true, false);
        READERS.merge(path, 1, Integer::sum);
        Claim owner = OPEN.get(path); // checked after counting: a racing claimAlone sees the count
        if (owner != null && owner.excludesReaders) {
            claim.release();
            return null;
        }
        return claim;
    }

    /** How many DBs of this process read {@code path} without claiming it. */
    public static int readers(Path path) {
        return READERS.getOrDefault(path, 0);
    }

    /** How the DB that holds {@code path} was opened, or null if none does. */
    public static String holder(Path path) {
        Claim c = OPEN.get(path);
        return c == null ? null : c.holder;
    }
}
