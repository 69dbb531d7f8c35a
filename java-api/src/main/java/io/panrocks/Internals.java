package io.panrocks;

import io.panrocks.internal.NativeDb;
import io.panrocks.internal.PublicAccess;

import java.lang.foreign.MemorySegment;

/**
 * The implementation's bridge into the public types ({@link PublicAccess}):
 * each method forwards to the package-private member it stands for. It
 * registers itself when it initializes, which {@link PublicAccess#get()}
 * forces on first use.
 */
final class Internals implements PublicAccess {
    static {
        PublicAccess.register(new Internals());
    }

    private Internals() {
    }

    @Override
    public MemorySegment family(ColumnFamilyHandle family, NativeDb db) {
        return ColumnFamilyHandle.nativeHandle(family, db);
    }
}
