package io.panrocks.internal;

import io.panrocks.ColumnFamilyHandle;

import java.lang.foreign.MemorySegment;

/**
 * The one way the implementation reaches into the public types: what it
 * needs of them that is not public API (a column family's native handle, a
 * result type's constructor). {@code io.panrocks} implements it once, in a
 * package-private class that registers itself when it initializes, as the
 * JDK's {@code SharedSecrets} do; the implementation never names another
 * public type, nor a package-private member of one.
 *
 * <p>Hot callers keep the instance in a {@code static final} field
 * ({@code private static final PublicAccess PUBLIC = PublicAccess.get();}):
 * one implementation and a constant receiver, so the JIT inlines each call
 * as if it were the public type's own method.
 */
public interface PublicAccess {
    /**
     * The registered bridge; initializes the class that implements it if it
     * has not registered yet (a call from the implementation can come first:
     * the library's loader thread links internal classes ahead).
     *
     * @return the one implementation
     */
    static PublicAccess get() {
        return Registry.get();
    }

    /**
     * Called once, by the implementation's static initializer.
     *
     * @param access the implementation
     * @throws IllegalStateException if one is registered already
     */
    static void register(PublicAccess access) {
        Registry.register(access);
    }

    /**
     * Resolves a family argument inside a call the caller entered on
     * {@code db}: {@link MemorySegment#NULL} (the default family) for null,
     * else the family's native handle.
     *
     * @param family the family, or null for the default one
     * @param db the DB the call runs on
     * @return the handle to pass to the engine
     * @throws IllegalArgumentException if the family belongs to another DB
     * @throws IllegalStateException if the family is closed
     */
    MemorySegment family(ColumnFamilyHandle family, NativeDb db);

    /** Where the one instance is kept. */
    final class Registry {
        /** The public class that implements the bridge: initializing it registers it. */
        private static final String IMPLEMENTATION = "io.panrocks.Internals";

        private static volatile PublicAccess instance;

        private Registry() {
        }

        static PublicAccess get() {
            PublicAccess access = instance;
            if (access != null) return access;
            try {
                // initializing the implementation runs its registration
                Class.forName(IMPLEMENTATION, true, PublicAccess.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new ExceptionInInitializerError(e);
            }
            access = instance;
            if (access == null) throw new IllegalStateException(IMPLEMENTATION + " did not register the bridge");
            return access;
        }

        static synchronized void register(PublicAccess access) {
            if (instance != null) throw new IllegalStateException("the bridge is registered already");
            instance = access;
        }
    }
}
