package io.panrocks.safety;

import io.panrocks.Options;
import io.panrocks.ReadOptions;
import io.panrocks.RocksDBException;
import io.panrocks.Status;
import io.panrocks.Transaction;
import io.panrocks.TransactionDB;
import io.panrocks.TransactionDBOptions;
import io.panrocks.TransactionOptions;
import io.panrocks.WriteOptions;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import static io.panrocks.safety.ProbeSupport.*;
import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;

/**
 * Issue 21, items 3, 4 and 9: pessimistic transactions at the edges of the
 * lock table. A DB's close while a transaction is busy and another waits for
 * its lock; deadlock detection deeper than the engine can search; lock
 * timeouts and expirations too long for the engine's clocks; the meaning of a
 * negative {@code Transaction.setLockTimeout}. Each runs in a child JVM of its
 * own and must print OK: no hang (the probe's own limits fire first), no
 * crash, the promised exception or result.
 */
final class TransactionLimitProbes {
    private TransactionLimitProbes() {
    }

    /** Generous: the healthy runs take a few seconds. */
    static final Duration LIMIT = Duration.ofSeconds(30);
    /** 10^13 ms: the first lock timeout the issue saw fail at once */
    static final long TEN_TO_THE_13 = 10_000_000_000_000L;

    static final Probe.Catalog PROBES = new Probe.Catalog()
            // At 5377ce7 (before the fix): the close released idle transactions once, before waiting; the
            // holder's transaction went idle afterwards and kept its lock, the waiter (infinite lock timeout)
            // never got it, and the close waited for the waiter forever.
            .add("db-close-while-a-busy-transaction-holds-a-lock-another-waits-for",
                    TransactionLimitProbes::closeWhileABusyTransactionHoldsAWaitedLock)
            // At 5377ce7: setDeadlockDetectDepth(Long.MAX_VALUE) was accepted; the first lock wait threw
            // std::length_error inside RocksDB's lock table with a stripe mutex held (an InternalError), and
            // the next rollback blocked forever on that mutex.
            .add("deadlock-detection-deeper-than-the-engine-can-search",
                    TransactionLimitProbes::deadlockDetectionDepth)
            // At 5377ce7: a lock timeout of 10^13 ms failed at the first wakeup of its lock stripe (the
            // engine's wait compared nanoseconds that overflowed), through every one of the four setters;
            // Long.MAX_VALUE through TransactionOptions wrapped to a negative value, the DB's 1 s.
            .add("lock-timeouts-longer-than-the-engine-can-count", TransactionLimitProbes::hugeLockTimeouts)
            // At 5377ce7: an expiration of Long.MAX_VALUE wrapped when the engine added it to the begin
            // time: the transaction expired at once and its commit failed with Expired.
            .add("expirations-longer-than-the-engine-can-count", TransactionLimitProbes::hugeExpirations)
            // At 5377ce7: Transaction.setLockTimeout(-1) reached RocksDB's SetLockTimeout, for which a
            // negative timeout means none: the wait went on forever, though the javadoc promised the DB's
            // transaction lock timeout.
            .add("set-lock-timeout-minus-one-means-the-dbs", TransactionLimitProbes::negativeSetLockTimeout);

    static TransactionDB open(Path dir, TransactionDBOptions txnOptions) throws RocksDBException {
        return TransactionDB.open(new Options().setCreateIfMissing(true), txnOptions, dir.resolve("db"));
    }

    /**
     * Thread A's transaction locks k and then stays inside a call on itself (a
     * scoped read whose reader takes a while); thread B's transaction waits
     * for k with no timeout; another thread closes the DB. The close must end:
     * A's transaction is released (its lock freed) as soon as A's call
     * returns, B then gets k and returns its value, and every later use of
     * either transaction throws IllegalStateException.
     */
    static String closeWhileABusyTransactionHoldsAWaitedLock(Path dir) throws Exception {
        TransactionDB db = open(dir, new TransactionDBOptions().setTransactionLockTimeout(-1).setDefaultLockTimeout(-1));
        db.put(bytes("k"), bytes("v0"));
        Transaction holder = db.beginTransaction(WriteOptions.DEFAULT);
        Transaction waiter = db.beginTransaction(WriteOptions.DEFAULT);
        holder.getForUpdate(new ReadOptions(), bytes("k"), true);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch holderInside = new CountDownLatch(1);
        Function<java.lang.foreign.MemorySegment, String> slowReader = value -> {
            holderInside.countDown();
            try {
                Thread.sleep(1500);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return "read";
        };
        AtomicReference<Object> holderResult = new AtomicReference<>(), waiterResult = new AtomicReference<>();
        Thread a = start("holder", failure, () -> holderResult.set(holder.get(new ReadOptions(), null, bytes("k"), slowReader)));
        check(holderInside.await(10, TimeUnit.SECONDS), () -> "the holder's read never started");
        Thread b = start("waiter", failure, () -> {
            try {
                waiterResult.set(string(waiter.getForUpdate(new ReadOptions(), bytes("k"), true)));
            } catch (RocksDBException | IllegalStateException e) {
                waiterResult.set(e);
            }
        });
        Thread.sleep(300); // the waiter is in the lock table, the holder still in its reader
        check(b.isAlive(), () -> "the waiter did not wait: " + waiterResult.get());
        long start = System.nanoTime();
        Thread closer = start("closer", failure, db::close);
        joinAll(LIMIT, a, b, closer);
        rethrow(failure);
        long closeMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        check("read".equals(holderResult.get()), () -> "the holder's read returned " + holderResult.get());
        check("v0".equals(waiterResult.get()), () -> "the waiter ended with " + waiterResult.get());
        String holderAfter = expect(IllegalStateException.class, "the holder's put after the close",
                () -> holder.put(bytes("k"), bytes("v1")));
        expect(IllegalStateException.class, "the waiter's commit after the close", waiter::commit);
        expect(IllegalStateException.class, "the holder's rollback after the close", holder::rollback);
        check(holder.isClosed() && waiter.isClosed(), () -> "a transaction outlived its DB's close");
        holder.close();
        waiter.close();
        return "the close ended after " + closeMillis + " ms (the holder's read took 1.5 s), the waiter got the lock "
                + "and read v0, later uses throw (" + holderAfter + ")";
    }

    /**
     * Depths beyond {@link TransactionOptions#MAX_DEADLOCK_DETECT_DEPTH} are
     * refused before any native call, naming the option; at the deepest one
     * accepted, a real deadlock between two transactions is found
     * (Busy/Deadlock), both roll back, and the keys lock again.
     */
    static String deadlockDetectionDepth(Path dir) throws Exception {
        List<String> refusals = new ArrayList<>();
        for (long depth : new long[]{Long.MAX_VALUE, TransactionOptions.MAX_DEADLOCK_DETECT_DEPTH + 1, -1,
                Long.MIN_VALUE}) {
            String m = expect(IllegalArgumentException.class, "deadlock detect depth " + depth,
                    () -> new TransactionOptions().setDeadlockDetectDepth(depth));
            check(m.contains("deadlockDetectDepth"), () -> "the refusal does not name the option: " + m);
            refusals.add(Long.toString(depth));
        }
        TransactionOptions deepest = new TransactionOptions().setDeadlockDetect(true)
                .setDeadlockDetectDepth(TransactionOptions.MAX_DEADLOCK_DETECT_DEPTH).setLockTimeout(10_000);
        check(deepest.getDeadlockDetectDepth() == TransactionOptions.MAX_DEADLOCK_DETECT_DEPTH,
                () -> "depth " + deepest.getDeadlockDetectDepth());
        try (TransactionDB db = open(dir, new TransactionDBOptions())) {
            Transaction first = db.beginTransaction(WriteOptions.DEFAULT, deepest);
            Transaction second = db.beginTransaction(WriteOptions.DEFAULT, deepest);
            first.put(bytes("k1"), bytes("first"));
            second.put(bytes("k2"), bytes("second"));
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicReference<Object> firstWait = new AtomicReference<>();
            Thread t = start("first-waits-for-k2", failure, () -> {
                try {
                    first.put(bytes("k2"), bytes("first"));
                    firstWait.set("locked");
                } catch (RocksDBException e) {
                    firstWait.set(e);
                }
            });
            Thread.sleep(300); // first waits for k2 now
            RocksDBException deadlock = null;
            try {
                second.put(bytes("k1"), bytes("second")); // closes the cycle
            } catch (RocksDBException e) {
                deadlock = e;
            }
            RocksDBException found = deadlock;
            check(found != null && found.code() == Status.Code.Busy && found.subCode() == Status.SubCode.Deadlock,
                    () -> "the deadlock was not detected: " + found);
            Thread roller = start("rollbacks", failure, () -> {
                second.rollback(); // frees k2: first gets it
            });
            joinAll(LIMIT, roller, t);
            rethrow(failure);
            check("locked".equals(firstWait.get()), () -> "first ended its wait with " + firstWait.get());
            Thread rest = start("rollback-and-relock", failure, () -> {
                first.rollback();
                try (Transaction third = db.beginTransaction(WriteOptions.DEFAULT, new TransactionOptions().setLockTimeout(0))) {
                    third.put(bytes("k1"), bytes("third"));
                    third.put(bytes("k2"), bytes("third"));
                    third.commit();
                }
            });
            joinAll(LIMIT, rest);
            rethrow(failure);
            first.close();
            second.close();
            check("third".equals(string(db.get(bytes("k1")))) && "third".equals(string(db.get(bytes("k2")))),
                    () -> "the last commit is missing");
        }
        return "depths " + refusals + " refused naming the option; at depth "
                + TransactionOptions.MAX_DEADLOCK_DETECT_DEPTH + " a deadlock is Busy/Deadlock and the lock table "
                + "stays usable";
    }

    /** Where a lock timeout is set: each of the four setters, applied to a DB, a waiter and a plain write. */
    enum Setter {
        DB_TRANSACTION_LOCK_TIMEOUT, DB_DEFAULT_LOCK_TIMEOUT, TRANSACTION_OPTIONS, TRANSACTION_SET
    }

    /**
     * For each setter and each of 10^13 ms and Long.MAX_VALUE: the getter
     * shows the clamp, and a wait for a key another transaction holds goes
     * on (through a stream of wakeups of its lock stripe, which is what made
     * the overflowing wait end) until the holder lets go, then takes the
     * lock.
     */
    static String hugeLockTimeouts(Path dir) throws Exception {
        long max = TransactionOptions.MAX_LOCK_TIMEOUT;
        check(new TransactionOptions().setLockTimeout(Long.MAX_VALUE).getLockTimeout() == max, () -> "not clamped");
        check(new TransactionOptions().setLockTimeout(Long.MIN_VALUE).getLockTimeout() == -1, () -> "not -1");
        check(new TransactionDBOptions().setTransactionLockTimeout(Long.MAX_VALUE).getTransactionLockTimeout() == max,
                () -> "not clamped");
        check(new TransactionDBOptions().setDefaultLockTimeout(Long.MAX_VALUE).getDefaultLockTimeout() == max,
                () -> "not clamped");
        check(new TransactionDBOptions().setDefaultLockTimeout(TEN_TO_THE_13).getDefaultLockTimeout() == max,
                () -> "10^13 ms is beyond the limit (about 9.2 * 10^12) and clamped");
        check(new TransactionDBOptions().setDefaultLockTimeout(max - 1).getDefaultLockTimeout() == max - 1,
                () -> "a timeout within the limit is kept");
        int round = 0;
        for (Setter setter : Setter.values()) {
            for (long timeout : new long[]{TEN_TO_THE_13, Long.MAX_VALUE}) {
                waitsUntilTheHolderLetsGo(java.nio.file.Files.createDirectories(dir.resolve("round" + round++)), setter,
                        timeout);
            }
        }
        return "each of the four setters with 10^13 ms and Long.MAX_VALUE waited through 1.5 s of wakeups of its "
                + "stripe and took the lock when it was let go; getters show the clamp to " + max + " ms";
    }

    private static void waitsUntilTheHolderLetsGo(Path dir, Setter setter, long timeout) throws Exception {
        TransactionDBOptions dbOptions = new TransactionDBOptions().setNumStripes(1); // every key wakes every waiter
        if (setter == Setter.DB_TRANSACTION_LOCK_TIMEOUT) dbOptions.setTransactionLockTimeout(timeout);
        if (setter == Setter.DB_DEFAULT_LOCK_TIMEOUT) dbOptions.setDefaultLockTimeout(timeout);
        try (TransactionDB db = open(dir, dbOptions)) {
            Transaction holder = db.beginTransaction(WriteOptions.DEFAULT);
            holder.put(bytes("k"), bytes("holder"));
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicReference<Object> outcome = new AtomicReference<>();
            String what = setter + " = " + timeout;
            Thread waiter = start("waiter", failure, () -> {
                try {
                    switch (setter) {
                        case DB_DEFAULT_LOCK_TIMEOUT -> db.put(bytes("k"), bytes("plain")); // a plain write locks too
                        case TRANSACTION_OPTIONS, DB_TRANSACTION_LOCK_TIMEOUT -> {
                            TransactionOptions o = new TransactionOptions();
                            if (setter == Setter.TRANSACTION_OPTIONS) o.setLockTimeout(timeout);
                            try (Transaction t = db.beginTransaction(WriteOptions.DEFAULT, o)) {
                                t.put(bytes("k"), bytes("waiter"));
                                t.commit();
                            }
                        }
                        case TRANSACTION_SET -> {
                            try (Transaction t = db.beginTransaction(WriteOptions.DEFAULT)) {
                                t.setLockTimeout(timeout);
                                t.put(bytes("k"), bytes("waiter"));
                                t.commit();
                            }
                        }
                    }
                    outcome.set("locked");
                } catch (RocksDBException e) {
                    outcome.set(e);
                }
            });
            // other transactions lock and unlock keys of the same stripe: each unlock wakes the waiter
            AtomicBoolean churning = new AtomicBoolean(true);
            Thread churn = start("churn", failure, () -> {
                for (int i = 0; churning.get(); i++) {
                    try (Transaction t = db.beginTransaction(WriteOptions.DEFAULT)) {
                        t.put(bytes("other" + (i % 16)), bytes("x"));
                        t.commit();
                    }
                }
            });
            // longer than the DB's default 1 s, which an overflowing timeout used to fall back to
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1500);
            while (System.nanoTime() < deadline && waiter.isAlive()) Thread.sleep(20);
            churning.set(false);
            joinAll(LIMIT, churn);
            check(waiter.isAlive(), () -> what + ": the wait ended early with " + outcome.get());
            holder.commit();
            holder.close();
            joinAll(LIMIT, waiter);
            rethrow(failure);
            check("locked".equals(outcome.get()), () -> what + ": the wait ended with " + outcome.get());
        }
    }

    /**
     * An expiration of Long.MAX_VALUE or 10^13 ms is (in effect) never: the
     * commit succeeds, and the getter shows the clamp.
     */
    static String hugeExpirations(Path dir) throws Exception {
        check(new TransactionOptions().setExpiration(Long.MAX_VALUE).getExpiration() == TransactionOptions.MAX_EXPIRATION,
                () -> "not clamped");
        check(new TransactionOptions().setExpiration(-5).getExpiration() == -1, () -> "not -1");
        try (TransactionDB db = open(dir, new TransactionDBOptions())) {
            for (long expiration : new long[]{TEN_TO_THE_13, Long.MAX_VALUE, TransactionOptions.MAX_EXPIRATION}) {
                try (Transaction t = db.beginTransaction(WriteOptions.DEFAULT,
                        new TransactionOptions().setExpiration(expiration))) {
                    t.put(bytes("k"), bytes(Long.toString(expiration)));
                    Thread.sleep(20);
                    t.commit();
                }
                check(Long.toString(expiration).equals(string(db.get(bytes("k")))), () -> "the commit is missing");
                // and another transaction cannot steal the lock of a live one
                try (Transaction owner = db.beginTransaction(WriteOptions.DEFAULT,
                        new TransactionOptions().setExpiration(expiration));
                     Transaction thief = db.beginTransaction(WriteOptions.DEFAULT,
                             new TransactionOptions().setLockTimeout(50))) {
                    owner.put(bytes("k"), bytes("owner"));
                    RocksDBException e = null;
                    try {
                        thief.put(bytes("k"), bytes("thief"));
                    } catch (RocksDBException timedOut) {
                        e = timedOut;
                    }
                    RocksDBException seen = e;
                    check(seen != null && seen.code() == Status.Code.TimedOut, () -> "the thief got " + seen);
                    owner.commit();
                }
            }
        }
        return "transactions with expirations of 10^13 ms, Long.MAX_VALUE and MAX_EXPIRATION commit and keep "
                + "their locks";
    }

    /**
     * With the DB's transaction lock timeout at 200 ms, a transaction begun
     * with no wait whose setLockTimeout(-1) asks for the DB's waits about
     * 200 ms and fails with TimedOut/LockTimeout.
     */
    static String negativeSetLockTimeout(Path dir) throws Exception {
        try (TransactionDB db = open(dir, new TransactionDBOptions().setTransactionLockTimeout(200))) {
            Transaction holder = db.beginTransaction(WriteOptions.DEFAULT);
            holder.put(bytes("k"), bytes("holder"));
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicReference<Object> outcome = new AtomicReference<>();
            long[] waited = new long[1];
            Thread waiter = start("waiter", failure, () -> {
                try (Transaction t = db.beginTransaction(WriteOptions.DEFAULT, new TransactionOptions().setLockTimeout(0))) {
                    t.setLockTimeout(-1);
                    long start = System.nanoTime();
                    try {
                        t.put(bytes("k"), bytes("waiter"));
                        outcome.set("locked");
                    } catch (RocksDBException e) {
                        outcome.set(e);
                    }
                    waited[0] = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                }
            });
            joinAll(Duration.ofSeconds(10), waiter);
            rethrow(failure);
            Object o = outcome.get();
            check(o instanceof RocksDBException e && e.code() == Status.Code.TimedOut
                    && e.subCode() == Status.SubCode.LockTimeout, () -> "the wait ended with " + o);
            check(waited[0] >= 150 && waited[0] < 5000, () -> "waited " + waited[0] + " ms, not the DB's 200");
            holder.rollback();
            holder.close();
            return "setLockTimeout(-1) waited " + waited[0] + " ms (the DB's 200 ms) and ended with " + o;
        }
    }
}
