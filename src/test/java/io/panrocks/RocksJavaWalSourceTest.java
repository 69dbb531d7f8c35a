package io.panrocks;

import io.panrocks.testkit.ForkedJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The compatibility claim for the WAL walk, as {@link RocksJavaSourceTest}
 * checks it: change-data capture written the way RocksJava users write it
 * (WAL retention options, {@code getUpdatesSince}, {@code BatchResult},
 * its {@code WriteBatch} replayed into a replica) compiles against RocksJava,
 * then, renamed to {@code io.panrocks}, against panrocks, and runs there.
 */
class RocksJavaWalSourceTest {
    @TempDir
    Path dir;

    static final String CDC = """
            import org.rocksdb.*;

            import java.nio.charset.StandardCharsets;

            /** Copies a DB's updates into a replica through the write-ahead log. */
            public class Cdc {
                static {
                    RocksDB.loadLibrary();
                }

                public static String run(String sourcePath, String replicaPath) throws RocksDBException {
                    StringBuilder out = new StringBuilder();
                    try (Options options = new Options().setCreateIfMissing(true)
                                 .setWalTtlSeconds(3600).setWalSizeLimitMB(64);
                         RocksDB source = RocksDB.open(options, sourcePath);
                         RocksDB replica = RocksDB.open(options, replicaPath);
                         WriteOptions writeOptions = new WriteOptions()) {
                        for (int i = 0; i < 10; i++) {
                            source.put(("k" + i).getBytes(StandardCharsets.UTF_8), ("v" + i).getBytes(StandardCharsets.UTF_8));
                        }
                        try (WriteBatch batch = new WriteBatch()) {
                            batch.delete("k3".getBytes(StandardCharsets.UTF_8));
                            batch.put("k4".getBytes(StandardCharsets.UTF_8), "changed".getBytes(StandardCharsets.UTF_8));
                            source.write(writeOptions, batch);
                        }
                        long applied = 0;
                        int batches = 0;
                        try (TransactionLogIterator it = source.getUpdatesSince(applied + 1)) {
                            while (it.isValid()) {
                                TransactionLogIterator.BatchResult result = it.getBatch();
                                WriteBatch updates = result.writeBatch();
                                replica.write(writeOptions, updates);
                                applied = result.sequenceNumber() + updates.count() - 1;
                                batches++;
                                it.next();
                            }
                            it.status();
                        }
                        out.append("batches=").append(batches)
                                .append(" applied=").append(applied)
                                .append(" latest=").append(source.getLatestSequenceNumber())
                                .append(" k3=").append(replica.get("k3".getBytes(StandardCharsets.UTF_8)))
                                .append(" k4=").append(new String(replica.get("k4".getBytes(StandardCharsets.UTF_8)),
                                        StandardCharsets.UTF_8))
                                .append(" wals=").append(source.getSortedWalFiles().size());
                    }
                    return out.toString();
                }
            }
            """;

    private static List<RocksJavaSourceTest.Source> sources(boolean renamed) {
        return List.of(new RocksJavaSourceTest.Source("Cdc", renamed ? CDC.replace("org.rocksdb", "io.panrocks") : CDC));
    }

    @Test
    void rocksJavaCdcCodeCompilesAgainstRocksJava() throws Exception {
        Path rocksJava = ForkedJvm.location(Class.forName("org.rocksdb.RocksDB", false, getClass().getClassLoader()));
        RocksJavaSourceTest.compile(sources(false), rocksJava, dir.resolve("rocksjava-classes"),
                "RocksJava " + rocksJava.getFileName());
    }

    @Test
    void theSameCdcCodeRenamedCompilesAndRunsAgainstPanrocks() throws Exception {
        Path classes = dir.resolve("panrocks-classes");
        RocksJavaSourceTest.compile(sources(true), ForkedJvm.panrocksLocation(), classes, "panrocks");
        try (URLClassLoader loader = new URLClassLoader(new URL[]{classes.toUri().toURL()}, getClass().getClassLoader())) {
            String cdc = (String) loader.loadClass("Cdc").getMethod("run", String.class, String.class)
                    .invoke(null, dir.resolve("source").toString(), dir.resolve("replica").toString());
            assertEquals("batches=11 applied=12 latest=12 k3=null k4=changed wals=1", cdc);
        }
    }
}
