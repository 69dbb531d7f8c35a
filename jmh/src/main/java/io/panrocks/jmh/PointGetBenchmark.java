package io.panrocks.jmh;

import org.openjdk.jmh.annotations.*;
import org.openjdk.jmh.infra.Blackhole;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Point get of a present key: panrocks and RocksJava on the same engine
 * version, same data, default options. The first benchmark of the suite;
 * scripts/bench.sh runs the full set.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class PointGetBenchmark {
    @Param({"1000"})
    int keyCount;

    @Param({"16", "1024"})
    int valueSize;

    Path dir;
    io.panrocks.RocksDB panrocks;
    org.rocksdb.RocksDB rocksJava;
    byte[][] keys;
    int next;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        dir = Files.createTempDirectory("panrocks-jmh");
        keys = new byte[keyCount][];
        byte[] value = new byte[valueSize];
        panrocks = io.panrocks.RocksDB.open(new io.panrocks.Options().setCreateIfMissing(true), dir.resolve("panrocks"));
        org.rocksdb.RocksDB.loadLibrary();
        try (org.rocksdb.Options o = new org.rocksdb.Options().setCreateIfMissing(true)) {
            rocksJava = org.rocksdb.RocksDB.open(o, dir.resolve("rocksjava").toString());
        }
        for (int i = 0; i < keyCount; i++) {
            keys[i] = String.format("key%013d", i).getBytes();
            value[0] = (byte) i;
            panrocks.put(keys[i], value);
            rocksJava.put(keys[i], value);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        panrocks.close();
        rocksJava.close();
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private byte[] nextKey() {
        int i = next;
        next = i + 1 == keyCount ? 0 : i + 1;
        return keys[i];
    }

    @Benchmark
    public void panrocksGet(Blackhole bh) throws Exception {
        bh.consume(panrocks.get(nextKey()));
    }

    @Benchmark
    public void rocksJavaGet(Blackhole bh) throws Exception {
        bh.consume(rocksJava.get(nextKey()));
    }
}
