import java.lang.foreign.*;
import java.lang.invoke.MethodHandle;
import java.util.concurrent.*;

public class CopyProbe {
    static final Linker L = Linker.nativeLinker();
    static final MethodHandle MEMCPY = L.downcallHandle(L.defaultLookup().find("memcpy").get(),
        FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG),
        Linker.Option.critical(true));
    static final int N = Integer.getInteger("n", 262144);
    static final int BLOCKS = Integer.getInteger("blocks", 1000);
    static final long CHUNK = Long.getLong("chunk", 1L << 30);

    static void copy(String mode, MemorySegment src, long off, byte[] dst) throws Throwable {
        if (mode.equals("segment")) {
            MemorySegment.copy(src, ValueLayout.JAVA_BYTE, off, dst, 0, N);
        } else {
            MemorySegment d = MemorySegment.ofArray(dst);
            for (long done = 0; done < N; done += CHUNK) {
                long n = Math.min(CHUNK, N - done);
                MemorySegment r = (MemorySegment) MEMCPY.invokeExact(d.asSlice(done), src.asSlice(off + done), n);
            }
        }
    }

    public static void main(String[] a) throws Exception {
        String mode = a[0];
        int threads = Integer.parseInt(a[1]);
        boolean alloc = a.length > 2 && a[2].equals("alloc");
        MemorySegment src = Arena.global().allocate((long) N * BLOCKS, 4096);
        for (long i = 0; i < src.byteSize(); i += 8) src.set(ValueLayout.JAVA_LONG_UNALIGNED, i, i * 31);
        for (int round = 0; round < 6; round++) {
            ExecutorService ex = Executors.newFixedThreadPool(threads);
            long end = System.nanoTime() + 2_000_000_000L;
            java.util.List<Future<Long>> fs = new java.util.ArrayList<>();
            for (int t = 0; t < threads; t++) {
                final int seed = t;
                fs.add(ex.submit(() -> {
                    byte[] dst = new byte[N];
                    long ops = 0; long sink = 0;
                    java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
                    while (System.nanoTime() < end) {
                        for (int k = 0; k < 16; k++) {
                            if (alloc) dst = new byte[N];
                            try { copy(mode, src, (long) r.nextInt(BLOCKS) * N, dst); } catch (Throwable e) { throw new RuntimeException(e); }
                            sink += dst[k];
                            ops++;
                        }
                    }
                    return ops + (sink == 42 ? 1 : 0);
                }));
            }
            long total = 0;
            for (Future<Long> f : fs) total += f.get();
            ex.shutdown();
            System.out.printf("%s threads=%d alloc=%b round %d: %.0f ops/s%n", mode, threads, alloc, round, total / 2.0);
        }
    }
}
