package io.panrocks.matrix;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/** What one call did: returned (with a value) or threw. */
record Outcome(Object value, Throwable thrown) {
    @FunctionalInterface
    interface Call {
        Object call() throws Throwable;
    }

    static Outcome of(Call call) {
        try {
            return new Outcome(call.call(), null);
        } catch (InvocationTargetException e) {
            return new Outcome(null, e.getCause());
        } catch (Throwable t) {
            return new Outcome(null, t);
        }
    }

    /** Invokes a method (receiver ignored for a static one) or a constructor. */
    static Outcome invoke(Executable member, Object receiver, Object[] args) {
        return of(() -> member instanceof Constructor<?> c ? c.newInstance(args) : ((Method) member).invoke(receiver, args));
    }

    boolean returned() {
        return thrown == null;
    }

    boolean threw(Class<? extends Throwable> type) {
        return type.isInstance(thrown);
    }

    /** "returned" or the exception's simple class name: what two outcomes are compared by. */
    String kind() {
        return thrown == null ? "returned" : thrown.getClass().getSimpleName();
    }

    String message() {
        return thrown == null ? "" : String.valueOf(thrown.getMessage());
    }

    /** For a report line: the kind and, for an exception, its message (one line, shortened). */
    String describe() {
        if (thrown == null) return "returned";
        String m = message().replace('\n', ' ');
        if (m.length() > 160) m = m.substring(0, 160) + "...";
        return thrown.getClass().getSimpleName() + ": " + m;
    }

    /** Whether the exception was thrown from inside the generated FFM bindings (so no panrocks check caught it first). */
    boolean thrownByBindings() {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            for (StackTraceElement f : t.getStackTrace()) {
                if (f.getClassName().startsWith("io.panrocks.internal.ffi.")) return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return describe();
    }
}
