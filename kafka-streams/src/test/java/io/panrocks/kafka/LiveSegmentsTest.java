package io.panrocks.kafka;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.*;

class LiveSegmentsTest {
    @Test
    void keepsIdsSortedAndAnswersRanges() {
        LiveSegments s = new LiveSegments();
        assertArrayEquals(new long[0], s.between(Long.MIN_VALUE, Long.MAX_VALUE, true));
        for (long id : new long[]{5, -3, 9, 5, 0, Long.MAX_VALUE, Long.MIN_VALUE}) s.add(id);
        assertArrayEquals(new long[]{Long.MIN_VALUE, -3, 0, 5, 9, Long.MAX_VALUE},
                s.between(Long.MIN_VALUE, Long.MAX_VALUE, true));
        assertArrayEquals(new long[]{9, 5, 0}, s.between(0, 9, false));
        assertArrayEquals(new long[]{5}, s.between(1, 8, true));
        assertArrayEquals(new long[0], s.between(6, 8, true));
        assertArrayEquals(new long[0], s.between(9, 5, true), "a reversed range is empty");
        assertTrue(s.contains(-3));
        assertFalse(s.contains(4));
        assertArrayEquals(new long[]{Long.MIN_VALUE, -3, 0}, s.removeBelow(5));
        assertArrayEquals(new long[0], s.removeBelow(5), "nothing more below");
        assertArrayEquals(new long[]{5, 9, Long.MAX_VALUE}, s.between(Long.MIN_VALUE, Long.MAX_VALUE, true));
        s.clear();
        assertFalse(s.contains(5));
    }

    @Test
    void readersSeeWholeStatesWhileAWriterChangesThem() throws Exception {
        LiveSegments s = new LiveSegments();
        AtomicReference<String> bad = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        Thread reader = new Thread(() -> {
            while (done.getCount() > 0) {
                long[] ids = s.between(Long.MIN_VALUE, Long.MAX_VALUE, true);
                for (int i = 1; i < ids.length; i++) {
                    if (ids[i - 1] >= ids[i]) bad.set(java.util.Arrays.toString(ids));
                }
            }
        });
        reader.start();
        for (long id = 0; id < 20_000; id++) {
            s.add(id);
            if (id % 10 == 0) s.removeBelow(id - 5);
        }
        done.countDown();
        reader.join();
        assertNull(bad.get());
        // the last removal (at 19,990) kept 19,985 and up
        assertArrayEquals(java.util.stream.LongStream.range(19_985, 20_000).toArray(), s.between(0, Long.MAX_VALUE, true));
    }
}
