package io.panrocks.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The directories of the DBs this process has open for writing, by their
 * canonical path. RocksDB refuses a second open of a DB in one process by
 * the path string it was given, so {@code db/.}, {@code db/../db}, a
 * symbolic link or a relative spelling of an open DB's path would open the
 * same files twice, and the two instances corrupt each other. Opens go
 * through {@link #canonical} (the path RocksDB is then given) and
 * {@link #claim}.
 */
public final class OpenPaths {
    private static final ConcurrentHashMap<Path, Claim> OPEN = new ConcurrentHashMap<>();

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

    /** A claim on a directory: held while a DB is open there for writing. */
    public static final class Claim {
        private final Path path;
        private final String holder;

        private Claim(Path path, String holder) {
            this.path = path;
            this.holder = holder;
        }

        public Path path() {
            return path;
        }

        /** Gives the directory back (when the DB's engine has closed, or its open failed). Idempotent. */
        public void release() {
            OPEN.remove(path, this);
        }
    }

    /**
     * Claims the directory at canonical path {@code path} for a DB opened as
     * {@code holder}; returns null, claiming nothing, if this process has it
     * open already.
     */
    public static Claim claim(Path path, String holder) {
        Claim claim = new Claim(path, holder);
        return OPEN.putIfAbsent(path, claim) == null ? claim : null;
    }

    /** How the DB that holds {@code path} was opened, or null if none does. */
    public static String holder(Path path) {
        Claim c = OPEN.get(path);
        return c == null ? null : c.holder;
    }
}
