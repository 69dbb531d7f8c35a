package io.panrocks.differential;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

/**
 * A randomized but seeded sequence of operations: puts, deletes, merges,
 * range deletes, batches with save points, snapshots, point reads,
 * MultiGets, iterator walks in both directions with bounds, flushes and
 * compactions; on a transaction DB ({@code pessimistic} or
 * {@code optimistic} mode) also transactions (writes, reads for update,
 * MultiGets, walks over their view, save points, snapshots, writes of
 * others that conflict, commit or rollback) and indexed batches (reads
 * alone and over the DB, walks with base, save points, written or
 * dropped). Every read result, failure status and serialized batch goes
 * into the transcript, one line each, so two engines can be compared line
 * by line.
 */
final class Script {
    static final int KEYS = 300;

    private final Random r;
    private final int operations;
    /** plain, pessimistic or optimistic: the kind of DB the engines opened */
    private final String mode;
    private int openSnapshots;

    Script(long seed, int operations) {
        this(seed, operations, "plain");
    }

    Script(long seed, int operations, String mode) {
        this.r = new Random(seed);
        this.operations = operations;
        this.mode = mode;
    }

    void run(Engine e, PrintWriter out) throws Exception {
        boolean plain = mode.equals("plain");
        for (int op = 0; op < operations; op++) {
            String at = "op " + op + " ";
            if (!plain && r.nextInt(10) < 3) {
                if (r.nextBoolean()) transaction(e, out, at);
                else indexedBatch(e, out, at);
                continue;
            }
            int kind = r.nextInt(100);
            byte[] key = key();
            if (kind < 30) {
                e.put(key, value());
            } else if (kind < 38) {
                e.delete(key);
            } else if (kind < 48) {
                e.merge(key, value());
            } else if (kind < 52) {
                byte[] end = key();
                boolean ordered = Arrays.compareUnsigned(key, end) <= 0;
                try {
                    e.deleteRange(ordered ? key : end, ordered ? end : key);
                } catch (Exception failure) {
                    if (plain) throw failure;
                    out.println(at + "deleteRange error " + e.statusOf(failure)); // transaction DBs refuse it
                }
            } else if (kind < 58) {
                List<Engine.BatchOp> ops = batch();
                List<Boolean> rollbacks = new ArrayList<>();
                out.println(at + "batch " + hex(e.batch(ops, rollbacks)) + " rollbacks " + rollbacks);
            } else if (kind < 75) {
                out.println(at + "get " + hex(key) + " = " + hex(e.get(key)));
            } else if (kind < 78) {
                List<byte[]> keys = new ArrayList<>();
                for (int i = 0; i < 1 + r.nextInt(20); i++) keys.add(key());
                StringBuilder sb = new StringBuilder(at + "multiGet");
                for (byte[] v : e.multiGet(keys)) sb.append(' ').append(hex(v));
                out.println(sb);
            } else if (kind < 81) {
                e.takeSnapshot();
                openSnapshots++;
            } else if (kind < 86 && openSnapshots > 0) {
                int s = r.nextInt(openSnapshots);
                out.println(at + "getAt " + s + " " + hex(key) + " = " + hex(e.getAt(s, key)));
                if (r.nextBoolean()) walk(e, s, out, at);
                if (r.nextInt(3) == 0) {
                    e.releaseSnapshot(s);
                    openSnapshots--;
                }
            } else if (kind < 95) {
                walk(e, -1, out, at);
            } else if (kind < 97) {
                e.flush();
            } else {
                e.compact();
            }
        }
        walk(e, -1, out, "final ");
        out.flush();
    }

    private void transaction(Engine e, PrintWriter out, String at) throws Exception {
        boolean snapshot = r.nextBoolean();
        List<Engine.TxnOp> ops = new ArrayList<>();
        List<byte[]> held = new ArrayList<>();
        int n = 1 + r.nextInt(15);
        for (int i = 0; i < n; i++) {
            int kind = r.nextInt(100);
            Engine.TxnOp.Kind k = kind < 25 ? Engine.TxnOp.Kind.PUT : kind < 32 ? Engine.TxnOp.Kind.DELETE
                    : kind < 40 ? Engine.TxnOp.Kind.MERGE : kind < 55 ? Engine.TxnOp.Kind.GET
                    : kind < 63 ? Engine.TxnOp.Kind.GET_FOR_UPDATE : kind < 68 ? Engine.TxnOp.Kind.MULTI_GET
                    : kind < 75 ? Engine.TxnOp.Kind.WALK : kind < 80 ? Engine.TxnOp.Kind.SAVE_POINT
                    : kind < 84 ? Engine.TxnOp.Kind.ROLLBACK_TO_SAVE_POINT : kind < 92 ? Engine.TxnOp.Kind.DB_PUT
                    : kind < 96 ? Engine.TxnOp.Kind.GET_AT_SNAPSHOT : Engine.TxnOp.Kind.SET_SNAPSHOT;
            Engine.TxnOp op = step(k);
            // half the plain writes go to a key the transaction holds: a lock timeout (pessimistic)
            // or a failed commit (optimistic) every few transactions, whatever the seed
            if (k == Engine.TxnOp.Kind.DB_PUT && !held.isEmpty() && r.nextBoolean()) {
                op = Engine.TxnOp.of(k, held.get(r.nextInt(held.size())), op.value());
            }
            if (k == Engine.TxnOp.Kind.PUT || k == Engine.TxnOp.Kind.MERGE || k == Engine.TxnOp.Kind.GET_FOR_UPDATE) {
                held.add(op.key());
            }
            ops.add(op);
        }
        boolean commit = r.nextInt(4) != 0;
        StringBuilder sb = new StringBuilder(at + "transaction" + (snapshot ? " with snapshot" : ""));
        for (String line : e.transaction(ops, snapshot, commit)) sb.append(" | ").append(line);
        out.println(sb);
    }

    private void indexedBatch(Engine e, PrintWriter out, String at) throws Exception {
        boolean overwrite = r.nextInt(3) == 0;
        List<Engine.TxnOp> ops = new ArrayList<>();
        int n = 1 + r.nextInt(20);
        for (int i = 0; i < n; i++) {
            int kind = r.nextInt(100);
            Engine.TxnOp.Kind k = kind < 30 ? Engine.TxnOp.Kind.PUT : kind < 40 ? Engine.TxnOp.Kind.DELETE
                    : kind < 50 ? (overwrite ? Engine.TxnOp.Kind.PUT : Engine.TxnOp.Kind.MERGE)
                    : kind < 62 ? Engine.TxnOp.Kind.GET_FROM_BATCH : kind < 77 ? Engine.TxnOp.Kind.GET_FROM_BATCH_AND_DB
                    : kind < 87 ? Engine.TxnOp.Kind.WALK : kind < 93 ? Engine.TxnOp.Kind.SAVE_POINT
                    : Engine.TxnOp.Kind.ROLLBACK_TO_SAVE_POINT;
            ops.add(step(k));
        }
        boolean write = r.nextBoolean();
        StringBuilder sb = new StringBuilder(at + "indexedBatch" + (overwrite ? " overwriting" : ""));
        for (String line : e.indexedBatch(ops, overwrite, write)) sb.append(" | ").append(line);
        out.println(sb);
    }

    private Engine.TxnOp step(Engine.TxnOp.Kind k) {
        return switch (k) {
            case PUT, MERGE, DB_PUT -> Engine.TxnOp.of(k, key(), value());
            case MULTI_GET -> {
                List<byte[]> keys = new ArrayList<>();
                for (int j = 0; j < 1 + r.nextInt(5); j++) keys.add(key());
                yield new Engine.TxnOp(k, null, null, keys, null, null, true, null);
            }
            case WALK -> new Engine.TxnOp(k, null, null, null, r.nextBoolean() ? key() : null,
                    r.nextBoolean() ? key() : null, r.nextBoolean(), r.nextBoolean() ? key() : null);
            default -> Engine.TxnOp.of(k, key(), null);
        };
    }

    private void walk(Engine e, int snapshot, PrintWriter out, String at) throws Exception {
        byte[] lower = r.nextBoolean() ? key() : null;
        byte[] upper = r.nextBoolean() ? key() : null;
        boolean forward = r.nextBoolean();
        byte[] seekTo = r.nextBoolean() ? key() : null;
        boolean bulk = r.nextBoolean();
        StringBuilder sb = new StringBuilder(at + "walk " + (forward ? "forward" : "backward"));
        for (byte[] b : e.walk(snapshot, lower, upper, forward, seekTo, bulk)) sb.append(' ').append(hex(b));
        out.println(sb);
    }

    private List<Engine.BatchOp> batch() {
        List<Engine.BatchOp> ops = new ArrayList<>();
        int n = 1 + r.nextInt(30);
        for (int i = 0; i < n; i++) {
            int kind = r.nextInt(10);
            Engine.BatchOp.Kind k = kind < 6 ? Engine.BatchOp.Kind.PUT
                    : kind < 8 ? Engine.BatchOp.Kind.DELETE : Engine.BatchOp.Kind.MERGE;
            ops.add(new Engine.BatchOp(k, key(), k == Engine.BatchOp.Kind.DELETE ? null : value()));
            if (r.nextInt(15) == 0) ops.add(new Engine.BatchOp(Engine.BatchOp.Kind.SAVE_POINT, null, null));
            else if (r.nextInt(25) == 0) ops.add(new Engine.BatchOp(Engine.BatchOp.Kind.ROLLBACK, null, null));
        }
        return ops;
    }

    /** Short binary keys with zero bytes and shared prefixes. */
    private byte[] key() {
        int k = r.nextInt(KEYS);
        byte[] b = new byte[1 + k % 5];
        b[0] = (byte) (k / 5);
        for (int i = 1; i < b.length; i++) b[i] = (byte) (i * k % 3);
        return b;
    }

    private byte[] value() {
        byte[] v = new byte[r.nextInt(r.nextInt(10) == 0 ? 20_000 : 64)];
        r.nextBytes(v);
        return v;
    }

    static String hex(byte[] b) {
        return b == null ? "null" : b.length == 0 ? "-" : HexFormat.of().formatHex(b);
    }
}
