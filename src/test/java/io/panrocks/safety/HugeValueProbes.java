package io.panrocks.safety;

import io.panrocks.Options;
import io.panrocks.PinnedValue;
import io.panrocks.RocksDB;
import io.panrocks.RocksIterator;
import io.panrocks.WriteOptions;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.panrocks.safety.ProbeSupport.*;
import static io.panrocks.testkit.TestBytes.bytes;

/**
 * Issue 11, class 6, the heavy part: a value over 2 GiB (written through
 * the MemorySegment put; RocksDB takes up to 4 GiB) read through the
 * byte[] forms must be an {@link IllegalStateException} saying it does not
 * fit a byte[]; the MemorySegment forms read it. Needs about 6 GiB of
 * native memory, so it runs only with {@code -Dpanrocks.safety.huge=true}.
 */
final class HugeValueProbes {
    private HugeValueProbes() {
    }

    static final long SIZE = (2L << 30) + 16;

    static final Probe.Catalog PROBES = new Probe.Catalog()
            // At b64ec9b (before the fix): get(key) throws the promised IllegalStateException;
            // multiGetAsList and RocksIterator.valueBytes() throw
            // NegativeArraySizeException (the size is cast to int).
            .add(Probe.of("value-over-2-gib-through-byte-array-forms", HugeValueProbes::hugeValue)
                    .withJvmFlags("-Xmx128m").withTimeout(Duration.ofMinutes(3)));

    static byte at(long i) {
        return (byte) (i * 31 + (i >>> 20));
    }

    static String hugeValue(Path dir) throws Exception {
        long start = System.nanoTime();
        List<String> failures = new ArrayList<>();
        byte[] key = bytes("huge");
        long[] probesAt = {0, 1, (1L << 31) - 1, 1L << 31, SIZE - 1};
        // no WAL and no flush at close: nothing of the value goes to disk
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setAvoidFlushDuringShutdown(true),
                dir.resolve("db"))) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment value = arena.allocate(SIZE);
                value.fill((byte) 7);
                for (long i : probesAt) value.set(ValueLayout.JAVA_BYTE, i, at(i));
                db.put(null, new WriteOptions().setDisableWAL(true), MemorySegment.ofArray(key), value);
            }
            expectTooBig(failures, "get(key)", () -> db.get(key));
            expectTooBig(failures, "multiGetAsList([key])", () -> db.multiGetAsList(List.of(key)));
            try (RocksIterator it = db.newIterator()) {
                it.seekToFirst();
                check(it.isValid() && it.value().byteSize() == SIZE, () -> "the iterator's value() has the whole size");
                for (long i : probesAt) check(it.value().get(ValueLayout.JAVA_BYTE, i) == at(i), () -> "iterator value() bytes");
                expectTooBig(failures, "RocksIterator.valueBytes()", it::valueBytes);
            }
            try (PinnedValue v = db.getPinned(key)) {
                check(v.size() == SIZE, () -> "getPinned has the whole size: " + v.size());
                for (long i : probesAt) check(v.value().get(ValueLayout.JAVA_BYTE, i) == at(i), () -> "getPinned bytes");
                expectTooBig(failures, "PinnedValue.toByteArray()", v::toByteArray);
            }
            try (Arena arena = Arena.ofConfined()) {
                long size = db.get(MemorySegment.ofArray(key), arena.allocate(16));
                check(size == SIZE, () -> "get(key, segment) reports the whole size: " + size);
            }
            Long seen = db.get(key, s -> s.byteSize());
            check(seen != null && seen == SIZE, () -> "the scoped reader sees the whole value: " + seen);
        }
        if (!failures.isEmpty()) throw new WrongResult("a value of " + SIZE + " bytes: " + failures);
        return "byte[] forms refused a " + SIZE + "-byte value, MemorySegment forms read it, in "
                + (System.nanoTime() - start) / 1_000_000 + " ms";
    }

    static void expectTooBig(List<String> failures, String call, Action action) {
        System.out.println("call: " + call + " at " + System.nanoTime() / 1_000_000 + " ms");
        try {
            action.run();
            failures.add(call + ": returned normally");
        } catch (IllegalStateException e) {
            if (!e.getMessage().contains("byte[]")) failures.add(call + ": IllegalStateException not saying byte[]: " + e.getMessage());
        } catch (OutOfMemoryError e) {
            failures.add(call + ": " + e);
        } catch (Throwable t) {
            failures.add(call + ": " + t);
        }
    }
}
