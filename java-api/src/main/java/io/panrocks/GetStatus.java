package io.panrocks;

/**
 * The outcome of a {@link Transaction} read into your array or buffer, as
 * RocksJava's {@code GetStatus}: whether the key was found, and the value's
 * full size, which may exceed what the target could hold (then only the
 * start of the value was copied; grow the target and read again).
 */
public final class GetStatus {
    private static final Status OK = new Status(Status.Code.Ok, Status.SubCode.None, Status.Severity.NoError, "");

    /** The answer for an absent key; shared, as it carries nothing of the read. */
    static final GetStatus NOT_FOUND = new GetStatus(
            new Status(Status.Code.NotFound, Status.SubCode.None, Status.Severity.NoError, ""), 0);

    /** {@link Status.Code#Ok} when found, {@link Status.Code#NotFound} when absent (failures are exceptions). */
    public final Status status;
    /** The value's full size when found (at most {@link Integer#MAX_VALUE}), else 0. */
    public final int requiredSize;

    private GetStatus(Status status, int requiredSize) {
        this.status = status;
        this.requiredSize = requiredSize;
    }

    /** The status of a read that returned {@code size} (or {@link RocksDB#NOT_FOUND}). */
    static GetStatus of(long size) {
        if (size == RocksDB.NOT_FOUND) return NOT_FOUND;
        return new GetStatus(OK, (int) Math.min(size, Integer.MAX_VALUE));
    }

    @Override
    public String toString() {
        return "GetStatus{" + status.getCode() + ", requiredSize=" + requiredSize + "}";
    }
}
