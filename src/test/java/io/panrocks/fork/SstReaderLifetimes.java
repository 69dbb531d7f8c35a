package io.panrocks.fork;

import io.panrocks.Options;
import io.panrocks.ReadOptions;
import io.panrocks.SstFileReader;
import io.panrocks.SstFileReaderIterator;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Child JVM: closes, drops and collects an SstFileReader and its iterators
 * in the order args[0] names, over the SST file args[1] (keys k0000..,
 * values v0..), and prints "OK scenario" when nothing crashed and every
 * refusal was the promised exception.
 */
public final class SstReaderLifetimes {
    public static void main(String[] args) throws Exception {
        String scenario = args[0];
        String file = args[1];
        switch (scenario) {
            case "reader-first" -> readerFirst(file);
            case "dropped-both" -> droppedBoth(file);
            case "dropped-reader" -> droppedReader(file);
            case "threads" -> threads(file);
            default -> throw new IllegalArgumentException(scenario);
        }
        System.out.println("OK " + scenario);
    }

    private static void readerFirst(String file) throws Exception {
        for (int round = 0; round < 200; round++) {
            SstFileReader reader = new SstFileReader(new Options());
            reader.open(file);
            SstFileReaderIterator it = reader.newIterator(new ReadOptions());
            it.seekToFirst();
            MemorySegment value = it.value();
            reader.close();
            expectRefused(it::next);
            check(value, "v0"); // the memory lives until the iterator goes
            it.close();
            expectRefused(() -> value.get(ValueLayout.JAVA_BYTE, 0));
        }
    }

    private static void droppedBoth(String file) throws Exception {
        for (int round = 0; round < 200; round++) {
            SstFileReader reader = new SstFileReader(new Options());
            reader.open(file);
            SstFileReaderIterator it = reader.newIterator(new ReadOptions());
            it.seek("k0500".getBytes());
            it.next();
            if (round % 20 == 0) collect();
        }
        collect();
    }

    /** A view kept after its iterator and reader were dropped keeps reading the right bytes. */
    private static void droppedReader(String file) throws Exception {
        List<MemorySegment> views = new ArrayList<>();
        for (int round = 0; round < 50; round++) views.add(viewOfDropped(file, round));
        collect();
        for (int round = 0; round < 50; round++) check(views.get(round), "v" + round);
        views.clear();
        collect();
    }

    private static MemorySegment viewOfDropped(String file, int i) throws Exception {
        SstFileReader reader = new SstFileReader(new Options());
        reader.open(file);
        SstFileReaderIterator it = reader.newIterator(new ReadOptions());
        it.seek(String.format("k%04d", i).getBytes());
        return it.value();
    }

    /** Threads iterate one reader while it is closed: each gets its entries or IllegalStateException. */
    private static void threads(String file) throws Exception {
        for (int round = 0; round < 20; round++) {
            SstFileReader reader = new SstFileReader(new Options());
            reader.open(file);
            AtomicReference<Throwable> unexpected = new AtomicReference<>();
            CountDownLatch started = new CountDownLatch(4);
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                threads.add(Thread.ofPlatform().start(() -> {
                    started.countDown();
                    try {
                        for (int pass = 0; pass < 1000; pass++) {
                            try (SstFileReaderIterator it = reader.newIterator(new ReadOptions())) {
                                for (it.seekToFirst(); it.isValid(); it.next()) it.key().byteSize();
                                reader.getTableProperties();
                            }
                        }
                    } catch (IllegalStateException expected) {
                        // the reader was closed under the walk
                    } catch (Throwable t2) {
                        unexpected.compareAndSet(null, t2);
                    }
                }));
            }
            started.await();
            Thread.sleep(round % 5);
            reader.close();
            for (Thread t : threads) t.join();
            if (unexpected.get() != null) throw new AssertionError("unexpected", unexpected.get());
        }
    }

    private static void collect() throws InterruptedException {
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(20);
        }
    }

    private static void check(MemorySegment view, String expected) {
        String got = new String(view.toArray(ValueLayout.JAVA_BYTE));
        if (!got.equals(expected)) throw new AssertionError("view shows " + got + ", expected " + expected);
    }

    private static void expectRefused(Runnable r) {
        try {
            r.run();
        } catch (IllegalStateException expected) {
            return;
        }
        throw new AssertionError("not refused");
    }
}
