package io.panrocks;

import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.SharedNative;
import io.panrocks.internal.StandaloneResource;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;
import java.util.function.ToIntBiFunction;

/**
 * A RocksDB environment ({@code rocksdb::Env}): the file system a DB's
 * files live in and the background thread pools its flushes and
 * compactions run in. {@link #getDefault()} is the process's own (the real
 * file system; its pools serve every panrocks DB of the process, whatever
 * options they were opened with); {@link RocksMemEnv} keeps files in
 * memory. Give one to a DB with {@code Options.setEnv}.
 *
 * <p>Thread pools, as RocksJava's: {@code Env.getDefault()
 * .setBackgroundThreads(4, Priority.LOW)} gives compactions four threads.
 * Safe to use from any thread. Closing an environment releases this
 * handle: DBs opened on it keep their own reference; the default one's
 * {@code close()} does nothing.
 */
public abstract class Env implements AutoCloseable {
    Env() {
    }

    /** The native environment (created on first use by the default one). */
    abstract SharedNative shared();

    /** Wraps a native environment handle in its owner. */
    final SharedNative own(MemorySegment handle, String kind) {
        return new SharedNative(new StandaloneResource(kind, this, handle, panrocks_h::panrocks_env_destroy));
    }

    /**
     * The process's default environment.
     *
     * @return the default environment (always the same object)
     */
    public static Env getDefault() {
        return RocksEnv.DEFAULT;
    }

    /** A new native environment from one of the C ABI's constructors. */
    static MemorySegment create(boolean mem) {
        NativeLibrary.ensureLoaded();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = mem ? panrocks_h.panrocks_env_create_mem(out, error) : panrocks_h.panrocks_env_default(out, error);
            if (rc != 0) throw new UncheckedRocksDBException(Errors.toException(rc, error));
            return out.get(ValueLayout.ADDRESS, 0);
        }
    }

    /**
     * As {@link #setBackgroundThreads(int, Priority)}, for the {@link Priority#LOW} pool (compactions).
     *
     * @param number the threads, 0 to 1024
     * @return this
     */
    public Env setBackgroundThreads(int number) {
        return setBackgroundThreads(number, Priority.LOW);
    }

    /**
     * Sets how many threads a pool has ({@code Env::SetBackgroundThreads});
     * lowering it lets running jobs finish.
     *
     * @param number the threads, 0 to 1024
     * @param priority the pool
     * @return this
     * @throws IllegalArgumentException if number is out of range or priority is {@link Priority#TOTAL}
     * @throws IllegalStateException if this environment is closed
     */
    public Env setBackgroundThreads(int number, Priority priority) {
        setThreads(number, priority, false);
        return this;
    }

    /**
     * Raises a pool to {@code number} threads if it has fewer
     * ({@code Env::IncBackgroundThreadsIfNeeded}); never lowers it.
     *
     * @param number the threads, 0 to 1024
     * @param priority the pool
     * @return this
     * @throws IllegalArgumentException as {@link #setBackgroundThreads(int, Priority)}
     * @throws IllegalStateException if this environment is closed
     */
    public Env incBackgroundThreadsIfNeeded(int number, Priority priority) {
        setThreads(number, priority, true);
        return this;
    }

    private void setThreads(int number, Priority priority, boolean onlyIncrease) {
        int pool = Objects.requireNonNull(priority, "priority").pool();
        if (number < 0 || number > 1024) {
            throw new IllegalArgumentException("background threads must lie in [0, 1024], was " + number);
        }
        callReportingErrors((h, error) -> panrocks_h.panrocks_env_set_background_threads(h, number, pool, onlyIncrease ? 1 : 0, error));
    }

    /**
     * How many threads a pool has.
     *
     * @param priority the pool
     * @return the threads
     * @throws IllegalArgumentException if priority is {@link Priority#TOTAL}
     * @throws IllegalStateException if this environment is closed
     */
    public int getBackgroundThreads(Priority priority) {
        int pool = Objects.requireNonNull(priority, "priority").pool();
        return call(h -> panrocks_h.panrocks_env_background_threads(h, pool));
    }

    /**
     * How many jobs wait in a pool's queue.
     *
     * @param priority the pool
     * @return the jobs waiting
     * @throws IllegalArgumentException if priority is {@link Priority#TOTAL}
     * @throws IllegalStateException if this environment is closed
     */
    public int getThreadPoolQueueLen(Priority priority) {
        int pool = Objects.requireNonNull(priority, "priority").pool();
        return call(h -> panrocks_h.panrocks_env_thread_pool_queue_len(h, pool));
    }

    /**
     * Lowers the I/O priority of a pool's threads (Linux; a no-op elsewhere).
     *
     * @param priority the pool
     * @return this
     * @throws IllegalArgumentException if priority is {@link Priority#TOTAL}
     * @throws IllegalStateException if this environment is closed
     */
    public Env lowerThreadPoolIOPriority(Priority priority) {
        lower(priority, false);
        return this;
    }

    /**
     * Lowers the CPU priority of a pool's threads to "low" (Linux; a no-op elsewhere).
     *
     * @param priority the pool
     * @return this
     * @throws IllegalArgumentException if priority is {@link Priority#TOTAL}
     * @throws IllegalStateException if this environment is closed
     * @throws UncheckedRocksDBException if the system refuses
     */
    public Env lowerThreadPoolCPUPriority(Priority priority) {
        lower(priority, true);
        return this;
    }

    private void lower(Priority priority, boolean cpu) {
        int pool = Objects.requireNonNull(priority, "priority").pool();
        callReportingErrors((h, error) -> panrocks_h.panrocks_env_lower_thread_pool_priority(h, pool, cpu ? 1 : 0, error));
    }

    private <T> T call(SharedNative.HandleAction<T, RuntimeException> action) {
        return shared().withHandle(action);
    }

    /**
     * A call that fills an error record (the handle, then the record); its
     * failure is an {@link UncheckedRocksDBException}, since RocksJava's Env
     * methods declare no checked exception.
     */
    private void callReportingErrors(ToIntBiFunction<MemorySegment, MemorySegment> call) {
        call(h -> {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment error = panrocks_error.allocate(arena);
                int rc = call.applyAsInt(h, error);
                if (rc != 0) throw new UncheckedRocksDBException(Errors.toException(rc, error));
            }
            return null;
        });
    }

    /**
     * Releases this handle; DBs opened on the environment keep their own
     * reference. Idempotent.
     */
    @Override
    public void close() {
        shared().resource.close();
    }
}
