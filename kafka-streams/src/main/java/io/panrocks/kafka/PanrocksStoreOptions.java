package io.panrocks.kafka;

/**
 * Options of a panrocks window or session store, given to its
 * {@link PanrocksStores} factory (for example
 * {@code PanrocksStores.windowStore(name, retention, size, false, PanrocksStoreOptions.defaults().strictLifecycle(true))}).
 * Immutable: each setter returns a new object.
 *
 * <p>By default a store keeps the contract of Kafka's built-in segmented
 * stores, which Kafka's own store suites assert and which code written for
 * Kafka's stores may rely on.
 */
public final class PanrocksStoreOptions {
    private static final PanrocksStoreOptions DEFAULTS = new PanrocksStoreOptions(false);

    private final boolean strictLifecycle;

    private PanrocksStoreOptions(boolean strictLifecycle) {
        this.strictLifecycle = strictLifecycle;
    }

    /** @return the options of a store made without any: Kafka's contract ({@code strictLifecycle} off) */
    public static PanrocksStoreOptions defaults() {
        return DEFAULTS;
    }

    /**
     * A store whose lifecycle is checked strictly, where Kafka's segmented
     * stores are lenient. Off by default. On:
     * <ul>
     * <li>An iterator left open when its store closes throws
     * {@code InvalidStateStoreException} on its next use. Off, its
     * {@code hasNext()} answers false, as Kafka's window and session
     * iterators do; a reader (an interactive query racing a rebalance) cannot
     * tell that from the end of a complete result.</li>
     * <li>Reading a closed store ({@code fetch}, {@code findSessions},
     * {@code all}, ...) throws {@code InvalidStateStoreException}. Off, it
     * answers nothing, as Kafka's: the same answer as for a key without
     * windows or sessions.</li>
     * <li>A changelog restore into a closed store throws
     * {@code InvalidStateStoreException}. Off, the store reopens its data to
     * take the records, as Kafka's reopens its segments: the records are kept
     * and read back (also through the closed store), and the data closes with
     * the store's next {@code close()}.</li>
     * <li>{@code init} opens the store's data even when its directory holds
     * none yet, so a second live instance of the store on the same directory
     * fails at {@code init}. Off, a new store's data is created at its first
     * write, as Kafka's segmented store creates a segment at its first write,
     * and a second instance fails at its first write instead (an instance
     * whose directory already holds data opens it at {@code init} either
     * way, as Kafka's store opens its existing segments).</li>
     * </ul>
     *
     * @param strict true for the strict lifecycle
     * @return options with the strict lifecycle on or off
     */
    public PanrocksStoreOptions strictLifecycle(boolean strict) {
        return strict == strictLifecycle ? this : new PanrocksStoreOptions(strict);
    }

    /** @return whether the store's lifecycle is checked strictly (see {@link #strictLifecycle(boolean)}) */
    public boolean strictLifecycle() {
        return strictLifecycle;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PanrocksStoreOptions other && other.strictLifecycle == strictLifecycle;
    }

    @Override
    public int hashCode() {
        return Boolean.hashCode(strictLifecycle);
    }

    @Override
    public String toString() {
        return "PanrocksStoreOptions{strictLifecycle=" + strictLifecycle + "}";
    }
}
