package io.panrocks.internal;

import org.junit.jupiter.api.Test;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one upcall envelope ({@link CallbackBinding#guarded}) on each return
 * shape the bindings use (int, long, void), called as the upcall stub calls
 * it: what the body returns comes back, what it throws (any Throwable) is
 * recorded and answered with FAILED, and the thread is marked as inside a
 * callback exactly while the body runs, also after a failure and when
 * callbacks nest.
 */
class UpcallEnvelopeTest {
    /** A binding whose bodies do what the test sets; no native callback is created. */
    static final class Bodies extends CallbackBinding {
        static final MethodHandle INT, LONG, VOID, NESTED;

        static {
            try {
                MethodHandles.Lookup l = MethodHandles.lookup();
                INT = guarded(l.findVirtual(Bodies.class, "intBody",
                        MethodType.methodType(int.class, long.class, int.class)));
                LONG = guarded(l.findVirtual(Bodies.class, "longBody",
                        MethodType.methodType(long.class, long.class, long.class, long.class)));
                VOID = guarded(l.findVirtual(Bodies.class, "voidBody", MethodType.methodType(void.class, long.class)));
                NESTED = guarded(l.findVirtual(Bodies.class, "nestedBody", MethodType.methodType(int.class, long.class)));
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        Throwable toThrow;
        boolean sawInside;
        boolean sawInsideAfterNested;
        int nestedResult;

        Bodies() {
            super("test callback", "test.Bodies");
        }

        private void maybeThrow() throws Throwable {
            sawInside = ThreadContexts.insideAnyUpcall();
            if (toThrow != null) throw toThrow;
        }

        private int intBody(long context, int x) throws Throwable {
            maybeThrow();
            return x + 1;
        }

        private long longBody(long context, long a, long b) throws Throwable {
            maybeThrow();
            return a * b;
        }

        private void voidBody(long context) throws Throwable {
            maybeThrow();
        }

        /** A callback that runs another (failing) callback on the same thread, as RocksDB may. */
        private int nestedBody(long context) throws Throwable {
            Bodies inner = new Bodies();
            inner.toThrow = new IllegalStateException("inner");
            nestedResult = (int) INT.bindTo(inner).invokeExact(0L, 1);
            sawInsideAfterNested = ThreadContexts.insideAnyUpcall();
            return 7;
        }
    }

    @Test
    void whatTheBodyReturnsComesBackAndTheThreadIsInsideOnlyMeanwhile() throws Throwable {
        Bodies b = new Bodies();
        assertEquals(42, (int) Bodies.INT.bindTo(b).invokeExact(0L, 41));
        assertTrue(b.sawInside);
        assertEquals(6L, (long) Bodies.LONG.bindTo(b).invokeExact(0L, 2L, 3L));
        Bodies.VOID.bindTo(b).invokeExact(0L);
        assertFalse(ThreadContexts.insideAnyUpcall());
        assertEquals(0, b.failureCount());
        assertNull(b.firstFailure());
    }

    @Test
    void everyThrowableIsRecordedAndAnsweredWithFailedOnEveryShape() throws Throwable {
        Throwable[] thrown = {new RuntimeException("runtime"), new Exception("checked"),
                new StackOverflowError("overflow"), new OutOfMemoryError("memory"), new AssertionError("error"),
                new Throwable("bare")};
        Bodies b = new Bodies();
        int failures = 0;
        for (Throwable t : thrown) {
            b.toThrow = t;
            assertEquals(CallbackBinding.FAILED, (int) Bodies.INT.bindTo(b).invokeExact(0L, 1));
            assertFalse(ThreadContexts.insideAnyUpcall(), "left after " + t);
            assertEquals((long) CallbackBinding.FAILED, (long) Bodies.LONG.bindTo(b).invokeExact(0L, 2L, 3L));
            assertFalse(ThreadContexts.insideAnyUpcall(), "left after " + t);
            Bodies.VOID.bindTo(b).invokeExact(0L);
            assertFalse(ThreadContexts.insideAnyUpcall(), "left after " + t);
            failures += 3;
            assertEquals(failures, b.failureCount());
        }
        assertSame(thrown[0], b.firstFailure());
    }

    @Test
    void aFailedNestedCallbackLeavesTheOuterOneInside() throws Throwable {
        Bodies outer = new Bodies();
        assertEquals(7, (int) Bodies.NESTED.bindTo(outer).invokeExact(0L));
        assertEquals(CallbackBinding.FAILED, outer.nestedResult);
        assertTrue(outer.sawInsideAfterNested, "the outer callback is still marked after the inner one failed");
        assertFalse(ThreadContexts.insideAnyUpcall());
        assertEquals(0, outer.failureCount());
    }

    @Test
    void onlyABindingsMethodsWithAnUpcallsReturnTypeCanBeWrapped() throws Exception {
        MethodHandles.Lookup l = MethodHandles.lookup();
        assertThrows(IllegalArgumentException.class, () -> CallbackBinding.guarded(l.findStatic(Math.class, "abs",
                MethodType.methodType(int.class, int.class))));
        assertThrows(IllegalArgumentException.class, () -> CallbackBinding.guarded(l.findVirtual(Bodies.class,
                "toString", MethodType.methodType(String.class))));
    }
}
