package io.panrocks.internal;

import io.panrocks.RocksDBException;
import io.panrocks.Status;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The folders this process uses: those of its open DBs (directory, WAL
 * directory and its {@code archive}), of its backup engines, and those a
 * restore or a checkpoint is writing. Every open and every operation that
 * deletes or rewrites files asks here first, so that none of them reaches
 * files another user of this process depends on, under any spelling of the
 * path.
 *
 * <p>RocksDB refuses a second open of a DB in one process only by the path
 * string it was given, and knows nothing of a restore, an ingestion or a
 * checkpoint aimed at an open DB's files. Two spellings are one folder here
 * when they resolve to the same canonical path ({@link #canonical}: symbolic
 * links, {@code .} and {@code ..}, relative paths) or, once the folder
 * exists, to the same file (device and inode: a bind mount).
 *
 * <p>A claim is taken for a {@link Use}: readers share a folder with one
 * writer and with each other; a second writer, and anything beside a folder
 * claimed {@link Use#ALONE}, is refused. All of this is on cold paths (open,
 * close, restore, checkpoint, ingestion); one lock guards the registry and no
 * I/O beyond a {@code stat} per claim runs under it.
 */
public final class OpenPaths {
    /** guards CLAIMS */
    private static final Object LOCK = new Object();
    /** every folder claimed now, in claim order */
    private static final List<Claim> CLAIMS = new ArrayList<>();

    /** The name of RocksDB's WAL archive inside a WAL directory ({@code ArchivalDirectory}). */
    public static final String WAL_ARCHIVE = "archive";

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

    /** What a holder does in a folder, and so whom it lets in beside it. */
    public enum Use {
        /** reads it without a lock (read-only and secondary DBs): beside one writer and any readers */
        READ,
        /** writes it (a DB open for writing): beside readers only */
        WRITE,
        /** deletes or rewrites what is in it (a restore, a checkpoint, a backup engine): nobody beside */
        ALONE
    }

    /** How far a claim reaches. */
    public enum Reach {
        /** the folder's own files */
        FOLDER,
        /** the folder's own files and those of its {@value #WAL_ARCHIVE} subfolder (a WAL directory) */
        WITH_ARCHIVE,
        /** the folder and everything below it (a backup engine's private, shared and meta folders) */
        TREE
    }

    /**
     * One folder to claim: as the caller spelled it, where it resolves to
     * (the path the engine is then given), what it is to the holder
     * ("directory", "WAL directory"), how it is used and how far.
     */
    public record Folder(Path given, Path resolved, String role, Use use, Reach reach) {
        public Folder {
            Objects.requireNonNull(given, "given");
            Objects.requireNonNull(resolved, "resolved");
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(use, "use");
            Objects.requireNonNull(reach, "reach");
        }

        /** The folder at given, resolved now. */
        public Folder(Path given, String role, Use use, Reach reach) {
            this(given, canonical(given), role, use, reach);
        }
    }

    /**
     * A claim on folders: held while a DB is open (until its engine has
     * closed), while a backup engine is open, while a restore or a
     * checkpoint runs. One release gives back every folder of the claim.
     */
    public static final class Claim {
        private final Path path;
        private final String holder;
        private final String role;
        private final Use use;
        private final Reach reach;
        /** the folder's identity (device and inode) once it exists; guarded by LOCK */
        private Object fileKey;
        private boolean released; // guarded by LOCK
        private volatile Claim next;

        private Claim(Path path, String holder, String role, Use use, Reach reach) {
            this.path = path;
            this.holder = holder;
            this.role = role;
            this.use = use;
            this.reach = reach;
        }

        /** The canonical path of the first folder claimed. */
        public Path path() {
            return path;
        }

        /** Gives every folder of the claim back (when the DB's engine has closed, or its open failed). Idempotent. */
        public void release() {
            synchronized (LOCK) {
                for (Claim c = this; c != null; c = c.next) {
                    if (!c.released) {
                        c.released = true;
                        CLAIMS.remove(c);
                    }
                }
            }
        }

        /** "the WAL directory of DB /data/orders" */
        String describe() {
            return "the " + role + " of " + holder;
        }

        /** The claimed folder's identity, read once it exists. */
        private Object fileKey() {
            if (fileKey == null) fileKey = OpenPaths.fileKey(path);
            return fileKey;
        }

        @Override
        public String toString() {
            return describe() + " (" + path + ", " + use + ", " + reach + ")";
        }
    }

    /**
     * A folder or file this process uses already: the path as given, where
     * it resolves to, and the claim that holds it.
     */
    public static final class InUse extends Exception {
        private static final long serialVersionUID = 1;
        private final transient Claim holder;
        private final Use wanted;

        private InUse(String message, Claim holder, Use wanted) {
            super(message, null, false, false);
            this.holder = holder;
            this.wanted = wanted;
        }

        /** Whether a writer was refused beside another writer: the refusal RocksDB's LOCK file gives. */
        public boolean secondWriter() {
            return wanted == Use.WRITE && holder.use == Use.WRITE;
        }

        /**
         * A folder in use as the engine's refusal: a second writer gets
         * RocksDB's own code for a locked DB ({@code IOError}), anything else
         * {@code Busy}.
         */
        public RocksDBException refusal() {
            return new RocksDBException(new Status(secondWriter() ? Status.Code.IOError : Status.Code.Busy,
                    Status.SubCode.None, Status.Severity.NoError, getMessage()));
        }
    }

    /**
     * Claims every folder for {@code holder}, all or none. Folders of one
     * claim that are the same folder for the same use count once (a DB whose
     * WAL directory is its directory).
     *
     * @throws InUse naming the folder as given, the folder it resolves to,
     *         and the holder in the way
     */
    public static Claim claim(String holder, List<Folder> folders) throws InUse {
        if (folders.isEmpty()) throw new IllegalArgumentException("no folder to claim");
        List<Claim> mine = new ArrayList<>();
        List<Folder> givenFor = new ArrayList<>();
        for (Folder f : folders) {
            Claim c = new Claim(f.resolved(), holder, f.role(), f.use(), f.reach());
            Claim same = null;
            for (Claim m : mine) if (m.use == c.use && sameFolder(m, c.path, c.fileKey())) same = m;
            if (same == null) {
                mine.add(c);
                givenFor.add(f);
            } else if (c.reach != Reach.FOLDER && same.reach == Reach.FOLDER) {
                // the wider reach wins: the same folder as directory and WAL directory reaches its archive
                int at = mine.indexOf(same);
                mine.set(at, new Claim(same.path, holder, same.role + " and " + c.role, c.use, c.reach));
            }
        }
        synchronized (LOCK) {
            for (int i = 0; i < mine.size(); i++) {
                Claim c = mine.get(i);
                for (Claim other : CLAIMS) {
                    if (conflict(c, other)) throw inUse(givenFor.get(i), c, other);
                }
                for (int j = 0; j < i; j++) {
                    if (conflict(c, mine.get(j))) throw inUse(givenFor.get(i), c, mine.get(j));
                }
            }
            for (int i = 0; i < mine.size(); i++) {
                if (i + 1 < mine.size()) mine.get(i).next = mine.get(i + 1);
                CLAIMS.add(mine.get(i));
            }
        }
        return mine.get(0);
    }

    /**
     * Whether a file at {@code file} is one an open DB, a backup engine, a
     * restore or a checkpoint of this process uses, or may write: a file in a
     * folder claimed for any use (or below a folder claimed with its whole
     * tree), under any spelling of its path, or a hard link of a file in
     * one. Nobody may delete, move, truncate or rewrite such a file.
     *
     * @return null if no claim covers it, else why it is in use (the file as
     *         given, where it resolves to, and the holder)
     */
    public static String userOfFile(Path file) {
        Path resolved = canonical(file);
        List<Claim> claims;
        synchronized (LOCK) {
            claims = List.copyOf(CLAIMS);
        }
        String user = folderUser(file, resolved, claims);
        return user != null ? user : hardLinkUser(file, resolved, claims);
    }

    /**
     * As {@link #userOfFile}, without the hard links: whether the name
     * {@code file} itself lies in a claimed folder. For a use that only
     * removes that name (a move out of a folder): another name of the same
     * file keeps its data.
     *
     * @return null if no claim covers its folder, else why it is in use
     */
    public static String userOfFolderOf(Path file) {
        Path resolved = canonical(file);
        List<Claim> claims;
        synchronized (LOCK) {
            claims = List.copyOf(CLAIMS);
        }
        return folderUser(file, resolved, claims);
    }

    private static String folderUser(Path file, Path resolved, List<Claim> claims) {
        Path folder = resolved.getParent();
        if (folder == null) return null;
        Object folderKey = fileKey(folder);
        for (Claim c : claims) {
            if (covers(c, folder, folderKey)) {
                Path given = file.toAbsolutePath();
                return given + (resolved.equals(given) ? "" : " (" + resolved + ")")
                        + " is in " + c.describe() + " (" + c.path + ")";
            }
        }
        return null;
    }

    /**
     * The file, if it exists and has other names, against the files in every
     * claimed folder: a hard link shares the inode, so writing, truncating or
     * moving it away reaches the other name's data. Outside the lock: it reads
     * folders.
     */
    private static String hardLinkUser(Path file, Path resolved, List<Claim> claims) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(resolved, BasicFileAttributes.class);
        } catch (IOException missing) {
            return null; // nothing there yet: nothing to share an inode with
        }
        if (!attributes.isRegularFile() || attributes.fileKey() == null || linkCount(resolved) == 1) return null;
        Object key = attributes.fileKey();
        for (Claim c : claims) {
            Path twin = findFile(c.path, key, c.reach == Reach.TREE ? 16 : 0);
            if (twin == null && c.reach == Reach.WITH_ARCHIVE) twin = findFile(c.path.resolve(WAL_ARCHIVE), key, 0);
            if (twin != null) {
                return file.toAbsolutePath() + " is a hard link of " + twin + ", a file in " + c.describe() + " (" + c.path + ")";
            }
        }
        return null;
    }

    /** How many names the file has; 0 when the file system cannot say (then every folder is searched). */
    private static int linkCount(Path file) {
        try {
            return ((Number) Files.getAttribute(file, "unix:nlink")).intValue();
        } catch (UnsupportedOperationException | IllegalArgumentException | IOException | ClassCastException e) {
            return 0;
        }
    }

    /** A file in folder (and its subfolders, depth levels down) with the identity key, or null. */
    private static Path findFile(Path folder, Object key, int depth) {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
            for (Path entry : entries) {
                BasicFileAttributes a;
                try {
                    a = Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                } catch (IOException gone) {
                    continue;
                }
                if (a.isRegularFile() && key.equals(a.fileKey())) return entry;
                if (a.isDirectory() && depth > 0) {
                    Path found = findFile(entry, key, depth - 1);
                    if (found != null) return found;
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            // a folder not there (yet) or unreadable holds no twin we could reach either
        }
        return null;
    }

    // ---- conflicts ----------------------------------------------------------------------

    /** Whether claim c, wanted now, cannot sit beside other. */
    private static boolean conflict(Claim c, Claim other) {
        if (c.reach == Reach.TREE && below(other.path, c)) return true;
        if (other.reach == Reach.TREE && below(c.path, other)) return true;
        boolean overlap = sameFolder(other, c.path, c.fileKey())
                || (other.reach == Reach.WITH_ARCHIVE && isArchiveOf(c.path, c.fileKey(), other))
                || (c.reach == Reach.WITH_ARCHIVE && isArchiveOf(other.path, other.fileKey(), c));
        if (!overlap) return false;
        if (c.use == Use.ALONE || other.use == Use.ALONE) return true;
        return c.use == Use.WRITE && other.use == Use.WRITE;
    }

    /** Whether the folder at path (with its identity key, or null) is claim c's folder, or within its reach. */
    private static boolean covers(Claim c, Path path, Object key) {
        if (sameFolder(c, path, key)) return true;
        if (c.reach == Reach.WITH_ARCHIVE && isArchiveOf(path, key, c)) return true;
        return c.reach == Reach.TREE && below(path, c);
    }

    /** Whether path is c's folder: the same canonical path, or the same file once both exist. */
    private static boolean sameFolder(Claim c, Path path, Object key) {
        if (c.path.equals(path)) return true;
        Object mine = c.fileKey();
        return mine != null && mine.equals(key);
    }

    /** Whether path is the WAL archive of claim c's folder. */
    private static boolean isArchiveOf(Path path, Object key, Claim c) {
        if (path.equals(c.path.resolve(WAL_ARCHIVE))) return true;
        Path parent = path.getParent();
        return parent != null && path.getFileName().toString().equals(WAL_ARCHIVE)
                && sameFolder(c, parent, fileKey(parent));
    }

    /** Whether path lies strictly below claim c's folder (any spelling of an ancestor). */
    private static boolean below(Path path, Claim c) {
        for (Path p = path.getParent(); p != null; p = p.getParent()) {
            if (p.startsWith(c.path) || sameFolder(c, p, fileKey(p))) return true;
        }
        return false;
    }

    /** The file system's identity of an existing path (device and inode on Unix), else null. */
    private static Object fileKey(Path path) {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class).fileKey();
        } catch (IOException | RuntimeException missing) {
            return null;
        }
    }

    private static InUse inUse(Folder wanted, Claim resolved, Claim holder) {
        Path given = wanted.given().toAbsolutePath();
        String spelling = given.equals(resolved.path) ? "" : " (" + resolved.path + ")";
        String relation;
        if (sameFolder(holder, resolved.path, resolved.fileKey())) {
            relation = " is ";
        } else if (below(resolved.path, holder)) {
            relation = " is inside ";
        } else {
            relation = " contains ";
        }
        String where = holder.path.equals(resolved.path) ? "" : " (" + holder.path + ")";
        return new InUse(wanted.role() + " " + given + spelling + relation + holder.describe() + where
                + (holder.use == Use.ALONE ? ", in use in this process" : ", open in this process"), holder, wanted.use());
    }
}
