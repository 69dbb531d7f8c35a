package io.panrocks;

import java.util.List;
import java.util.Objects;

/**
 * Reads statistics objects periodically and hands every ticker and
 * histogram to their callbacks, as RocksJava's {@code StatisticsCollector}:
 * pure Java over {@link Statistics}, on one daemon thread of its own.
 * <p>
 * A round reads each input in list order, then the collector sleeps the
 * interval. It stops at {@link #shutDown(int)}, and also, for good, when a
 * callback throws or a statistics object is closed under it (RocksJava's
 * collector dies of the exception too; here nothing is thrown on another
 * thread): {@link #isRunning()} tells.
 */
public final class StatisticsCollector {
    private final List<StatsCollectorInput> inputs;
    private final int intervalMillis;
    private final Thread thread;
    private volatile boolean stopping;

    /**
     * A collector, not started yet.
     *
     * @param statsCollectorInputList what to read and who receives it (copied); not null, no null entries
     * @param statsCollectionIntervalInMilliSeconds the pause between rounds, in milliseconds; not negative
     * @throws NullPointerException if the list or an entry is null
     * @throws IllegalArgumentException if the interval is negative
     */
    public StatisticsCollector(List<StatsCollectorInput> statsCollectorInputList,
                               int statsCollectionIntervalInMilliSeconds) {
        this.inputs = List.copyOf(Objects.requireNonNull(statsCollectorInputList, "statsCollectorInputList"));
        if (statsCollectionIntervalInMilliSeconds < 0) {
            throw new IllegalArgumentException("statsCollectionIntervalInMilliSeconds must not be negative: "
                    + statsCollectionIntervalInMilliSeconds);
        }
        this.intervalMillis = statsCollectionIntervalInMilliSeconds;
        this.thread = new Thread(this::collect, "panrocks-statistics-collector");
        this.thread.setDaemon(true);
    }

    /**
     * Starts collecting on the collector's thread; does nothing if it was
     * started before, or shut down.
     */
    public synchronized void start() {
        if (thread.getState() == Thread.State.NEW && !stopping) thread.start();
    }

    /**
     * Stops collecting: interrupts the collector's thread and waits at most
     * {@code shutdownTimeout} milliseconds for it to end (a callback running
     * then finishes first). Callable more than once, and before start.
     *
     * @param shutdownTimeout the longest wait, in milliseconds (0: do not wait)
     * @throws InterruptedException if the calling thread is interrupted while waiting
     * @throws IllegalArgumentException if shutdownTimeout is negative
     */
    public void shutDown(int shutdownTimeout) throws InterruptedException {
        if (shutdownTimeout < 0) throw new IllegalArgumentException("shutdownTimeout must not be negative: " + shutdownTimeout);
        stopping = true;
        thread.interrupt();
        if (shutdownTimeout > 0 && thread.getState() != Thread.State.NEW) thread.join(shutdownTimeout);
    }

    /**
     * Whether the collector's thread is collecting.
     *
     * @return true between {@link #start()} and its end (shut down, or stopped by a failure)
     */
    public boolean isRunning() {
        return thread.isAlive();
    }

    private void collect() {
        try {
            while (!stopping) {
                for (StatsCollectorInput input : inputs) {
                    Statistics statistics = input.getStatistics();
                    StatisticsCollectorCallback callback = input.getCallback();
                    for (TickerType ticker : TickerType.values()) {
                        if (ticker.name().endsWith("ENUM_MAX")) continue;
                        callback.tickerCallback(ticker, statistics.getTickerCount(ticker));
                    }
                    for (HistogramType histogram : HistogramType.values()) {
                        if (histogram.name().endsWith("ENUM_MAX")) continue;
                        callback.histogramCallback(histogram, statistics.getHistogramData(histogram));
                    }
                }
                Thread.sleep(intervalMillis);
            }
        } catch (InterruptedException e) {
            // shut down
        } catch (RuntimeException e) {
            // a failing callback or a closed Statistics ends the collection, as it ends RocksJava's
        }
    }
}
