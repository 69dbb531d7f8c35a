package io.panrocks.faults;

import io.panrocks.RocksDBException;

/** How an operation ended, as one line: "ok", a RocksDB status, or anything else thrown. */
record Outcome(boolean ok, RocksDBException failure, Throwable other) {
    static final Outcome OK = new Outcome(true, null, null);

    static Outcome of(Throwable t) {
        return t instanceof RocksDBException r ? new Outcome(false, r, null) : new Outcome(false, null, t);
    }

    static String describe(RocksDBException e) {
        if (e == null) return "-";
        String sub = e.subCode() == null || e.subCode().name().equals("None") ? "" : "(" + e.subCode() + ")";
        String m = String.valueOf(e.getMessage()).replace('\n', ' ');
        return e.code() + sub + " \"" + (m.length() > 140 ? m.substring(0, 140) + "..." : m) + "\"";
    }

    @Override
    public String toString() {
        if (ok) return "ok";
        if (failure != null) return describe(failure);
        return other.getClass().getName() + ": " + other.getMessage();
    }
}
