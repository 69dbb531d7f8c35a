package io.panrocks.faults;

import io.panrocks.Status;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * A fault the operating system really produces, done to a cell's files after
 * the DB is loaded and before the operation runs, and undone after it (where
 * it can be: a deleted or truncated file stays so). Each names the RocksDB
 * status codes an operation may fail with under it; success is always
 * allowed, and then checked.
 */
enum Fault {
    /** The DB's file system is full: a tmpfs filled up by another file. */
    DISK_FULL(true, true, EnumSet.of(Status.Code.IOError, Status.Code.Incomplete)) {
        @Override
        void before(Cell c) throws Exception {
            Host.run("mount", "-t", "tmpfs", "-o", "size=48m", "panrocks-faults", c.base.toString());
        }

        @Override
        void apply(Cell c) throws IOException {
            ByteBuffer chunk = ByteBuffer.allocate(64 << 10);
            try (FileChannel balloon = FileChannel.open(c.base.resolve("balloon"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE)) {
                while (true) {
                    chunk.clear();
                    try {
                        balloon.write(chunk);
                    } catch (IOException full) {
                        break;
                    }
                }
            }
            // the last partial pages too, one byte at a time
            try (FileChannel crumbs = FileChannel.open(c.base.resolve("crumbs"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE)) {
                for (int i = 0; i < 4096; i++) crumbs.write(ByteBuffer.allocate(1));
            } catch (IOException full) {
                // as intended
            }
        }

        @Override
        void clear(Cell c) throws IOException {
            Files.deleteIfExists(c.base.resolve("balloon"));
            Files.deleteIfExists(c.base.resolve("crumbs"));
        }

        @Override
        void after(Cell c) throws Exception {
            Host.run("umount", c.base.toString());
        }
    },
    /** The file system turned read-only: a read-only bind mount over the cell's folder. */
    READ_ONLY_FILE_SYSTEM(true, true, EnumSet.of(Status.Code.IOError)) {
        @Override
        void apply(Cell c) throws Exception {
            Host.run("mount", "--bind", c.base.toString(), c.base.toString());
            Host.run("mount", "-o", "remount,bind,ro", c.base.toString());
        }

        @Override
        void clear(Cell c) throws Exception {
            Host.run("umount", c.base.toString());
        }
    },
    /** The DB's folder and the folders beside it made unwritable (immutable as root, mode r-x otherwise). */
    UNWRITABLE_FOLDER(false, true, EnumSet.of(Status.Code.IOError)) {
        @Override
        void apply(Cell c) throws Exception {
            for (Path p : folders(c)) {
                if (Host.ROOT) Host.run("chattr", "+i", p.toString());
                else Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("r-x------"));
            }
        }

        @Override
        void clear(Cell c) throws Exception {
            for (Path p : folders(c)) {
                if (Host.ROOT) Host.run("chattr", "-i", p.toString());
                else Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
            }
        }

        private List<Path> folders(Cell c) throws IOException {
            List<Path> out = new ArrayList<>();
            try (var walk = Files.walk(c.base)) {
                walk.filter(Files::isDirectory).forEach(out::add);
            }
            return out;
        }
    },
    /** Every table file under the cell (the DB's, and the inputs beside it) deleted under the open DB. */
    DELETED_FILES(false, false, EnumSet.of(Status.Code.IOError, Status.Code.Corruption, Status.Code.NotFound)) {
        @Override
        void apply(Cell c) throws IOException {
            for (Path p : tableFiles(c)) Files.delete(p);
        }
    },
    /** Every table file under the cell cut to half its length under the open DB. */
    TRUNCATED_FILES(false, false, EnumSet.of(Status.Code.IOError, Status.Code.Corruption)) {
        @Override
        void apply(Cell c) throws IOException {
            for (Path p : tableFiles(c)) {
                try (FileChannel f = FileChannel.open(p, StandardOpenOption.WRITE)) {
                    f.truncate(f.size() / 2);
                }
            }
        }
    },
    /** No file descriptor left: RLIMIT_NOFILE lowered to the descriptors in use and every free one taken. */
    DESCRIPTOR_LIMIT(false, true, EnumSet.of(Status.Code.IOError)) {
        private long[] saved;
        private List<FileChannel> held = List.of();

        @Override
        void apply(Cell c) throws IOException {
            saved = Host.descriptorLimit();
            Host.setDescriptorLimit(Host.highestOpenDescriptor() + 1, saved[1]);
            held = Host.takeEveryFreeDescriptor();
        }

        @Override
        void clear(Cell c) throws IOException {
            for (FileChannel f : held) f.close();
            held = List.of();
            if (saved != null) Host.setDescriptorLimit(saved[0], saved[1]);
        }
    },
    /** A failing disk: every read of a file under the cell fails with EIO. */
    FAILING_READS(Host.READS),
    /** A failing disk: every write of a file under the cell fails with EIO. */
    FAILING_WRITES(Host.WRITES),
    /** A failing disk: every fsync, fdatasync and sync_file_range of a file under the cell fails with EIO. */
    FAILING_SYNCS(Host.SYNCS);

    /** needs root (mounts); gone once cleared; the codes an operation may fail with */
    final boolean needsRoot, recoverable;
    final Set<Status.Code> codes;
    /** the calls a failing disk fails (Host.READS, WRITES, SYNCS), or 0 */
    private final int failingCalls;

    Fault(boolean needsRoot, boolean recoverable, Set<Status.Code> codes) {
        this.needsRoot = needsRoot;
        this.recoverable = recoverable;
        this.codes = codes;
        this.failingCalls = 0;
    }

    /** A failing disk (src/test/native/disk_faults.c): recoverable, and an I/O error is all it may cause. */
    Fault(int failingCalls) {
        this.needsRoot = false;
        this.recoverable = true;
        this.codes = EnumSet.of(Status.Code.IOError);
        this.failingCalls = failingCalls;
    }

    String id() {
        return name().toLowerCase().replace('_', '-');
    }

    /** Before the DB is created (a file system to hold it). */
    void before(Cell c) throws Exception {
    }

    void apply(Cell c) throws Exception {
        Host.failEvery(c.base, failingCalls);
    }

    /** Undoes {@link #apply}, where that is possible. */
    void clear(Cell c) throws Exception {
        if (failingCalls != 0) Host.disarm();
    }

    /** After everything, the DB closed (the file system unmounted). */
    void after(Cell c) throws Exception {
    }

    static List<Path> tableFiles(Cell c) throws IOException {
        try (var walk = Files.walk(c.base)) {
            return walk.filter(p -> p.getFileName().toString().endsWith(".sst")).toList();
        }
    }
}
