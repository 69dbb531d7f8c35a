package io.panrocks.matrix;

import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.OptimisticTransactionDB;
import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;
import io.panrocks.TransactionDB;
import io.panrocks.TransactionDBOptions;
import io.panrocks.TtlDB;
import io.panrocks.WideColumn;
import io.panrocks.WriteBatch;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import static io.panrocks.matrix.Entry.Expect;
import static io.panrocks.matrix.Entry.Subject;
import static io.panrocks.matrix.World.KEY;
import static io.panrocks.testkit.TestBytes.bytes;

/**
 * The probes themselves, as the child JVM runs them: one unit (kind, type,
 * variant) at a time, in a world of its own, one verdict per probe.
 */
final class Probes {
    private Probes() {
    }

    record Verdict(boolean passed, String detail) {
        static Verdict pass(String detail) {
            return new Verdict(true, detail);
        }

        static Verdict fail(String detail) {
            return new Verdict(false, detail);
        }
    }

    interface Reporter {
        void started(String id);

        void finished(ProbeId id, Verdict verdict);
    }

    /** Methods after which a receiver is spent: the next probe makes a new one. */
    static final Set<String> CONSUMING = Set.of("close", "closeE", "commit", "rollback", "prepare", "finish", "clear",
            "stopBackup", "poll", "next");

    /** Runs the probes of one unit in a fresh folder. */
    static void runUnit(List<ProbeId> ids, Path dir, Reporter reporter) {
        ProbeId first = ids.get(0);
        if (first.kind().equals(SelfCheck.KIND)) {
            for (ProbeId id : ids) {
                reporter.started(id.toString());
                reporter.finished(id, SelfCheck.run(id));
            }
            return;
        }
        Class<?> type = Surface.type(first.type());
        Entry entry = Table.of(type);
        World world = new World(dir);
        Unit unit = switch (first.kind()) {
            case Plan.NULL -> new NullUnit();
            case Plan.AFTER_CLOSE, Plan.AFTER_DB_CLOSE, Plan.AFTER_END -> new EndedUnit();
            case Plan.FOREIGN_THREAD -> new ForeignUnit();
            case Plan.VIEW -> new ViewUnit();
            case Plan.CALLBACK -> Surface.isEngineCallbackBase(type) ? new EngineCallbackUnit() : new CallCallbackUnit();
            default -> throw new IllegalArgumentException(first.kind());
        };
        unit.type = type;
        unit.entry = entry;
        unit.world = world;
        unit.ids = ids;
        String variant = first.variant();
        unit.event = variant.contains("@") ? variant.substring(variant.indexOf('@') + 1) : "";
        String variantName = variant.contains("@") ? variant.substring(0, variant.indexOf('@')) : variant;
        unit.variant = entry.variants.get(variantName);
        for (ProbeId id : ids) {
            reporter.started(id.toString());
            Verdict v;
            try {
                v = unit.probe(id);
            } catch (Throwable t) {
                v = Verdict.fail("the probe could not run: " + describe(t));
            }
            reporter.finished(id, v);
        }
        reporter.started("teardown|" + first.unit());
        unit.teardown();
    }

    static String describe(Throwable t) {
        StringBuilder s = new StringBuilder(t.toString());
        StackTraceElement[] frames = t.getStackTrace();
        for (int i = 0; i < Math.min(6, frames.length); i++) s.append(" at ").append(frames[i]);
        if (t.getCause() != null) s.append(" caused by ").append(describe(t.getCause()));
        return s.toString();
    }

    // ---- units ----------------------------------------------------------------------------------

    abstract static class Unit {
        Class<?> type;
        Entry entry;
        Entry.Variant variant;
        World world;
        List<ProbeId> ids;
        /** after-end: the end applied; else "" */
        String event;

        abstract Verdict probe(ProbeId id) throws Exception;

        void teardown() {
            closeQuietly(world);
        }

        Executable member(ProbeId id) {
            return Surface.member(type, id.member());
        }

        Subject make(World w) throws Exception {
            if (variant == null) throw new IllegalStateException("no variant for " + ids.get(0));
            return variant.factory.make(w);
        }
    }

    static void closeQuietly(World w) {
        try {
            w.close();
        } catch (Throwable ignored) {
            // a DB whose engine failed (a background error) may report it at close
        }
    }

    static Values.At at(World w, Subject s) {
        return new Values.At(w, s == null ? null : s.db());
    }

    /** Whether the exception's message names the object or its DB ("RocksIterator is closed", "RocksDB /x is closed"). */
    static boolean namesObject(String message, Class<?> type, boolean orItsDb) {
        if (message == null) return false;
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            if (message.contains(c.getSimpleName())) return true;
        }
        for (Class<?> i : type.getInterfaces()) if (message.contains(i.getSimpleName())) return true;
        return orItsDb && message.contains("RocksDB");
    }

    /** Closes a subject the probe is done with, if it holds something (a backup engine holds its folder). */
    static void closeSubject(Subject s) {
        if (s.instance() instanceof AutoCloseable c && !(s.instance() instanceof RocksDB)) {
            try {
                c.close();
            } catch (Throwable ignored) {
                // closed as well as it can be
            }
        }
    }

    /** Closes what a call returned that holds a DB's directory (a DB opened by a static open). */
    static void release(Outcome o, Subject receiver) {
        Object v = o.value();
        if (v instanceof RocksDB db && (receiver == null || db != receiver.instance())) {
            try {
                db.close();
            } catch (Throwable ignored) {
                // released as well as it can be
            }
        }
    }

    // ---- null arguments -------------------------------------------------------------------------

    static final class NullUnit extends Unit {
        private Subject subject;

        @Override
        Verdict probe(ProbeId id) throws Exception {
            Executable m = member(id);
            boolean element = id.detail().endsWith("[]");
            int i = Integer.parseInt(element ? id.detail().substring(0, id.detail().length() - 2) : id.detail());
            boolean needsReceiver = !Surface.isStatic(m);
            if (needsReceiver && subject == null) subject = make(world);
            Object[] args = Values.valid(m, at(world, needsReceiver ? subject : null));
            args[i] = element ? Values.listWithNull() : null;
            Outcome o = Outcome.invoke(m, needsReceiver ? subject.instance() : null, args);
            release(o, subject);
            if (o.returned() && CONSUMING.contains(m.getName())) subject = null;
            boolean nullable = element ? entry.isElementNullable(m, i) : entry.isNullable(m, i);
            String what = element ? "a list holding null" : "null";
            if (nullable) {
                if (o.threw(NullPointerException.class)) {
                    return Verdict.fail(what + " is documented to be allowed here, but it threw " + o.describe());
                }
                if (!o.returned() && !o.threw(RocksDBException.class)) {
                    return Verdict.fail(what + " (documented as allowed) ended in " + o.describe());
                }
                return Verdict.pass("allowed: " + o.describe());
            }
            boolean refused = false;
            for (Class<? extends Throwable> r : entry.nullRefusals) refused |= o.threw(r);
            if (!refused) {
                return Verdict.fail(what + " was not refused: expected NullPointerException, got " + o.describe());
            }
            if (o.thrownByBindings()) {
                return Verdict.fail(what + " reached the FFM bindings unchecked: " + o.describe());
            }
            return Verdict.pass(o.describe());
        }

        @Override
        void teardown() {
            subject = null;
            super.teardown();
        }
    }

    // ---- after close, after the DB's close, after the end of what it reads ----------------------------------

    static final class EndedUnit extends Unit {
        private Subject ended;
        private final Map<String, Object[]> argsFor = new HashMap<>();

        private boolean usedOnly() {
            return ids.get(0).kind().equals(Plan.AFTER_DB_CLOSE) && entry.dependence(variant) == Entry.Dependence.USED;
        }

        /** Makes the subject and every probe's arguments while all is open, then ends it. */
        private Subject endedSubject(World w, List<ProbeId> forIds) throws Exception {
            Subject s = make(w);
            for (ProbeId id : forIds) argsFor.put(id.toString(), Values.valid(member(id), at(w, s)));
            end(s, w);
            return s;
        }

        private void end(Subject s, World w) throws Exception {
            switch (ids.get(0).kind()) {
                case Plan.AFTER_CLOSE -> entry.closer.run(s);
                case Plan.AFTER_DB_CLOSE -> w.closeDbs();
                default -> {
                    Entry.Action a = variant.ends.get(event);
                    if (a == null) throw new IllegalStateException("no end " + event);
                    a.run(s);
                }
            }
        }

        @Override
        Verdict probe(ProbeId id) throws Exception {
            Executable m = member(id);
            String kind = id.kind();
            Subject s;
            Object[] args;
            if (usedOnly() || m.getName().equals("close") || kind.equals(Plan.AFTER_END)) {
                // its own object (and, where a DB is closed, its own DB)
                World w = kind.equals(Plan.AFTER_DB_CLOSE) ? new World(world.freshDir("own")) : world;
                try {
                    s = endedSubject(w, List.of(id));
                    args = argsFor.remove(id.toString());
                    Outcome o = Outcome.invoke(m, s.instance(), args);
                    release(o, s);
                    Verdict v = judge(id, m, s, o);
                    closeSubject(s);
                    return v;
                } finally {
                    if (w != world) closeQuietly(w);
                }
            }
            if (ended == null) ended = endedSubject(world, ids);
            args = argsFor.remove(id.toString());
            Outcome o = Outcome.invoke(m, ended.instance(), args);
            return judge(id, m, ended, o);
        }

        private Verdict judge(ProbeId id, Executable m, Subject s, Outcome o) throws Exception {
            String kind = id.kind();
            Entry.Life life = entry.life(variant);
            if (kind.equals(Plan.AFTER_CLOSE) && life == Entry.Life.NO_OP || usedOnly()) {
                Outcome baseline = baseline(m);
                if (o.kind().equals(baseline.kind())) return Verdict.pass("as when open: " + o.describe());
                if (usedOnly() && o.threw(IllegalStateException.class) && namesObject(o.message(), type, true)) {
                    return Verdict.pass(o.describe());
                }
                return Verdict.fail("expected what an open one does (" + baseline.describe() + "), got " + o.describe());
            }
            boolean works = switch (kind) {
                case Plan.AFTER_CLOSE -> Entry.matches(entry.worksAfterClose, m, variant);
                case Plan.AFTER_DB_CLOSE -> Entry.matches(entry.worksAfterClose, m, variant)
                        || Entry.matches(entry.worksAfterDbClose, m, variant);
                default -> Entry.matches(variant.worksAfterEnd, m)
                        || Set.of("close", "toString", "equals", "hashCode").contains(m.getName());
            };
            String after = switch (kind) {
                case Plan.AFTER_CLOSE -> "after close";
                case Plan.AFTER_DB_CLOSE -> "after its DB's close";
                default -> "after " + event;
            };
            if (works) {
                if (!o.returned()) return Verdict.fail("documented to work " + after + ", but threw " + o.describe());
                Object v = o.value();
                if (m.getName().equals("isOpen") && !Boolean.FALSE.equals(v)) return Verdict.fail("isOpen() " + after + ": " + v);
                if ((m.getName().equals("isReleased") || m.getName().equals("isClosed")) && !kind.equals(Plan.AFTER_END)
                        && !Boolean.TRUE.equals(v)) {
                    return Verdict.fail(m.getName() + "() " + after + ": " + v);
                }
                return Verdict.pass("works " + after);
            }
            if (!o.threw(IllegalStateException.class)) {
                return Verdict.fail(after + ": expected IllegalStateException, got " + o.describe());
            }
            if (!kind.equals(Plan.AFTER_END) && !namesObject(o.message(), type, kind.equals(Plan.AFTER_DB_CLOSE))) {
                return Verdict.fail(after + ": the IllegalStateException does not name the object: " + o.describe());
            }
            return Verdict.pass(o.describe());
        }

        /**
         * What the method does on an object just made, in a world of its own
         * where everything stays open (a world shared by the baselines would
         * carry one call's effects into the next: a deleted backup).
         */
        private Outcome baseline(Executable m) throws Exception {
            World live = new World(world.freshDir("live"));
            try {
                Subject s = make(live);
                Outcome o = Outcome.invoke(m, s.instance(), Values.valid(m, at(live, s)));
                release(o, s);
                closeSubject(s);
                return o;
            } finally {
                closeQuietly(live);
            }
        }

        @Override
        void teardown() {
            ended = null;
            argsFor.clear();
            super.teardown();
        }
    }

    // ---- from another thread ----------------------------------------------------------------------------

    static final class ForeignUnit extends Unit {
        private Subject subject;

        @Override
        Verdict probe(ProbeId id) throws Exception {
            if (subject == null) subject = make(world);
            if (id.member().equals(Plan.OWNER_AFTERWARDS)) {
                Outcome sane = Outcome.of(() -> {
                    if (entry.sanity != null) entry.sanity.run(subject);
                    entry.closer.run(subject);
                    return null;
                });
                return sane.returned() ? Verdict.pass("the owner still used it, then closed it")
                        : Verdict.fail("after the refused foreign calls its owner could not use or close it: " + sane.describe());
            }
            Executable m = member(id);
            Object[] args = Values.valid(m, at(world, subject));
            Outcome o = onAnotherThread(() -> Outcome.invoke(m, subject.instance(), args));
            if (Entry.matches(entry.anyThread, m, variant)) {
                return o.threw(WrongThreadException.class) ? Verdict.fail("documented to answer on any thread: " + o.describe())
                        : Verdict.pass("answers on any thread: " + o.describe());
            }
            if (!o.threw(WrongThreadException.class)) {
                return Verdict.fail("from another thread: expected WrongThreadException, got " + o.describe());
            }
            return Verdict.pass(o.describe());
        }

        @Override
        void teardown() {
            subject = null;
            super.teardown();
        }
    }

    static Outcome onAnotherThread(java.util.function.Supplier<Outcome> call) throws InterruptedException {
        AtomicReference<Outcome> out = new AtomicReference<>();
        Thread t = new Thread(() -> out.set(call.get()), "matrix-foreign");
        t.start();
        t.join();
        return out.get();
    }

    // ---- kept views -------------------------------------------------------------------------------------------

    /** The engine refused the call with NotSupported (a feature this kind of DB lacks): there is no view to keep. */
    static final class NotSupported extends RuntimeException {
        private static final long serialVersionUID = 1;

        NotSupported(String message) {
            super(message);
        }
    }

    /** A view kept by the probe and the bytes it showed when kept. */
    record Kept(Object view, byte[] bytes, String what) {
    }

    static final class ViewUnit extends Unit {
        @Override
        Verdict probe(ProbeId id) throws Exception {
            Method m = (Method) member(id);
            String event = id.detail();
            if (event.equals("call-returned")) return callReturned(m);
            World w = event.equals("db-close") ? new World(world.freshDir("own")) : world;
            try {
                return keptPast(m, event, w);
            } catch (NotSupported refused) {
                return Verdict.pass("refused as documented, no view: " + refused.getMessage());
            } finally {
                if (w != world) closeQuietly(w);
            }
        }

        private Verdict keptPast(Method m, String event, World w) throws Exception {
            Expect byDefault = switch (event.contains(":") ? event.substring(0, event.indexOf(':')) : event) {
                case "move" -> Expect.CLOSED;
                case "close", "db-close" -> Expect.CLOSED;
                case "foreign" -> entry.confined ? Expect.WRONG_THREAD : Expect.INTACT;
                default -> Expect.INTACT;   // change, gc, end
            };
            Expect expect = entry.viewExpect(variant, m, event, byDefault);
            List<Kept> kept;
            if (event.equals("gc")) {
                kept = keepAndForget(m, w);
                churn(w);
            } else {
                Subject s = make(w);
                kept = keep(m, s, w);
                if (kept.isEmpty()) return Verdict.fail("returned no view to keep: make the table's factory hold data");
                applyEvent(event, s, w);
            }
            if (kept.isEmpty()) return Verdict.fail("returned no view to keep: make the table's factory hold data");
            return judgeViews(kept, expect, event.equals("foreign"), "kept past " + event);
        }

        /** Makes the object, keeps what m returns, and lets the object go. */
        private List<Kept> keepAndForget(Method m, World w) throws Exception {
            Subject s = make(w);
            List<Kept> kept = keep(m, s, w);
            s = null;
            return kept;
        }

        private List<Kept> keep(Method m, Subject s, World w) {
            Outcome o = Outcome.invoke(m, s.instance(), Values.valid(m, at(w, s)));
            if (o.thrown() instanceof RocksDBException e && e.code() == io.panrocks.Status.Code.NotSupported) {
                throw new NotSupported(o.describe());
            }
            if (!o.returned()) throw new IllegalStateException("the call to keep a view of failed: " + o.describe(), o.thrown());
            List<Kept> kept = new ArrayList<>();
            collect(o.value(), Surface.signature(m), kept);
            return kept;
        }

        private void applyEvent(String event, Subject s, World w) throws Exception {
            if (event.startsWith("move:")) entry.moves.get(event.substring(5)).run(s);
            else if (event.startsWith("change:")) variant.changes.get(event.substring(7)).run(s);
            else if (event.startsWith("end:")) variant.ends.get(event.substring(4)).run(s);
            else if (event.equals("close")) entry.closer.run(s);
            else if (event.equals("db-close")) w.closeDbs();
            else if (!event.equals("foreign")) throw new IllegalArgumentException("no event " + event);
        }

        /** The segments and buffers the callbacks of the call received, read after it returned. */
        private Verdict callReturned(Method m) throws Exception {
            Subject s = make(world);
            Values.captured.clear();
            Outcome o = Outcome.invoke(m, s.instance(), Values.valid(m, at(world, s)));
            if (!o.returned()) return Verdict.fail("the call failed: " + o.describe());
            List<Kept> kept = new ArrayList<>();
            for (Values.Captured c : Values.captured) kept.add(new Kept(c.view(), c.bytes(), "the callback's argument"));
            Values.captured.clear();
            if (kept.isEmpty()) return Verdict.fail("the callback received no view: make the table's factory hold data");
            Expect expect = entry.viewExpect(variant, m, "call-returned", Expect.CLOSED);
            return judgeViews(kept, expect, false, "kept past the call");
        }
    }

    static void collect(Object value, String what, List<Kept> into) {
        if (value instanceof MemorySegment seg) {
            into.add(new Kept(seg, seg.toArray(ValueLayout.JAVA_BYTE), what));
        } else if (value instanceof ByteBuffer buf) {
            byte[] bytes = new byte[buf.remaining()];
            buf.duplicate().get(bytes);
            into.add(new Kept(buf, bytes, what));
        } else if (value instanceof WideColumn c) {
            collect(c.name(), what + " name", into);
            collect(c.value(), what + " value", into);
        } else if (value instanceof List<?> list) {
            for (Object o : list) collect(o, what, into);
        }
    }

    /** How a kept view reads now: "intact", "changed", "closed", "wrong-thread", or what else it threw. */
    static String read(Kept k) {
        byte[] now;
        try {
            if (k.view() instanceof MemorySegment seg) {
                now = seg.toArray(ValueLayout.JAVA_BYTE);
            } else {
                ByteBuffer b = ((ByteBuffer) k.view()).duplicate();
                now = new byte[b.remaining()];
                b.get(now);
            }
        } catch (IllegalStateException closed) {
            return "closed";
        } catch (WrongThreadException foreign) {
            return "wrong-thread";
        } catch (Throwable t) {
            return "threw " + t;
        }
        return Arrays.equals(now, k.bytes()) ? "intact" : "changed (first difference at byte " + Arrays.mismatch(now, k.bytes()) + ")";
    }

    static Verdict judgeViews(List<Kept> kept, Expect expect, boolean foreign, String when) throws InterruptedException {
        List<String> seen = new ArrayList<>();
        for (Kept k : kept) {
            String r;
            if (foreign) {
                AtomicReference<String> out = new AtomicReference<>();
                Thread t = new Thread(() -> out.set(read(k)), "matrix-foreign-reader");
                t.start();
                t.join();
                r = out.get();
            } else {
                r = read(k);
            }
            boolean ok = switch (expect) {
                case CLOSED -> r.equals("closed");
                case INTACT -> r.equals("intact");
                case CLOSED_OR_INTACT -> r.equals("closed") || r.equals("intact");
                case WRONG_THREAD -> r.equals("wrong-thread");
            };
            if (!ok) return Verdict.fail(k.what() + " " + when + ": expected " + expect + ", read " + r);
            seen.add(r);
        }
        return Verdict.pass(kept.size() + " view(s) " + when + ": " + String.join(",", new java.util.LinkedHashSet<>(seen)));
    }

    /** Collects garbage and reads on, so that the Cleaner and the pin sweep act on whatever nobody holds. */
    static void churn(World w) throws Exception {
        for (int round = 0; round < 3; round++) {
            System.gc();
            Thread.sleep(30);
            RocksDB db = w.db();
            for (int i = 0; i < 300; i++) {
                db.get(bytes("key" + (i % 10)));
                try (var v = db.getPinned(bytes("big"))) {
                    v.size();
                }
            }
            try (RocksIterator it = db.newIterator()) {
                for (it.seekToFirst(); it.isValid(); it.next()) it.value().byteSize();
            }
        }
        System.gc();
        Thread.sleep(30);
    }

    // ---- closes from inside the callbacks of a call (readers, visitors, channels) --------------------------

    static final class CallCallbackUnit extends Unit {
        @Override
        Verdict probe(ProbeId id) throws Exception {
            Method m = (Method) member(id);
            String target = id.detail();
            Subject s = make(world);
            if (target.equals("db") && s.db() == null) return Verdict.fail("the factory gives no DB to close");
            AtomicReference<Outcome> inner = new AtomicReference<>();
            Outcome.Call close = target.equals("db")
                    ? () -> {
                        s.db().close();
                        return null;
                    }
                    : () -> {
                        entry.closer.run(s);
                        return null;
                    };
            Object[] args = Values.valid(m, at(world, s));
            for (int i = 0; i < args.length; i++) {
                Class<?> p = m.getParameterTypes()[i];
                if (Plan.CALL_CALLBACKS.contains(p)) args[i] = Closing.wrap(p, args[i], () -> {
                    if (inner.get() == null) inner.set(Outcome.of(close));
                });
            }
            Outcome outer = Outcome.invoke(m, s.instance(), args);
            Outcome in = inner.get();
            if (in == null) return Verdict.fail("the callback was never called (" + outer.describe() + "): make the factory hold data");
            String story = "close inside: " + in.describe() + "; the call: " + outer.describe();
            if (!in.returned() && !in.threw(IllegalStateException.class)) return Verdict.fail(story);
            if (!outer.returned() && !outer.threw(IllegalStateException.class) && !outer.threw(RocksDBException.class)) {
                return Verdict.fail(story);
            }
            // afterwards: a close that was taken has happened; a refused one changed nothing
            Outcome again = Outcome.invoke(m, s.instance(), Values.valid(m, at(world, s)));
            boolean closedNow = again.threw(IllegalStateException.class);
            if (target.equals("db")) closedNow = !s.db().isOpen();
            if (in.returned() && !closedNow) return Verdict.fail(story + "; but afterwards it is still open: " + again.describe());
            if (!in.returned() && closedNow) return Verdict.fail(story + "; the close was refused, yet it is closed: " + again.describe());
            if (target.equals("db") && in.returned()) world.forgetDbs();
            return Verdict.pass(story);
        }
    }

    /** Callbacks of calls that run an action (once) before doing what the plain one does. */
    static final class Closing {
        private Closing() {
        }

        @SuppressWarnings("unchecked")
        static Object wrap(Class<?> type, Object plain, Runnable action) {
            if (type == Function.class) {
                Function<MemorySegment, Object> f = (Function<MemorySegment, Object>) plain;
                return (Function<MemorySegment, Object>) s -> {
                    action.run();
                    return f.apply(s);
                };
            }
            if (type == RocksIterator.EntryVisitor.class) {
                RocksIterator.EntryVisitor v = (RocksIterator.EntryVisitor) plain;
                return (RocksIterator.EntryVisitor) (k, val) -> {
                    action.run();
                    return v.visit(k, val);
                };
            }
            if (type == io.panrocks.RecordBatch.RecordVisitor.class) {
                io.panrocks.RecordBatch.RecordVisitor v = (io.panrocks.RecordBatch.RecordVisitor) plain;
                return (io.panrocks.RecordBatch.RecordVisitor) (k, val) -> {
                    action.run();
                    v.visit(k, val);
                };
            }
            if (type == WriteBatch.RecordVisitor.class) {
                WriteBatch.RecordVisitor v = (WriteBatch.RecordVisitor) plain;
                return (WriteBatch.RecordVisitor) (t, cf, k, val) -> {
                    action.run();
                    return v.visit(t, cf, k, val);
                };
            }
            if (type == WriteBatch.Handler.class) {
                return new Stubs.QuietHandler() {
                    @Override
                    public void put(int columnFamilyId, byte[] key, byte[] value) {
                        action.run();
                    }
                };
            }
            if (type == WritableByteChannel.class) {
                WritableByteChannel c = (WritableByteChannel) plain;
                return new WritableByteChannel() {
                    @Override
                    public int write(ByteBuffer src) throws java.io.IOException {
                        action.run();
                        return c.write(src);
                    }

                    @Override
                    public boolean isOpen() {
                        return c.isOpen();
                    }

                    @Override
                    public void close() throws java.io.IOException {
                        c.close();
                    }
                };
            }
            throw new IllegalArgumentException("no closing wrapper for " + type);
        }
    }

    // ---- closes from inside the engine's callbacks --------------------------------------------------------

    static final class EngineCallbackUnit extends Unit {
        @Override
        Verdict probe(ProbeId id) throws Exception {
            Method m = (Method) member(id);
            String method = m.getName();
            if (type == io.panrocks.AbstractWalFilter.class) return walFilterProbe(method);
            String dbKind = id.variant();
            String target = id.detail();
            World w = new World(world.freshDir("cb"));
            RocksDB db = null;
            try {
                AtomicReference<Runnable> closeTarget = new AtomicReference<>(() -> {});
                Spies.Hook hook = new Spies.Hook(method, () -> {
                    closeTarget.get().run();
                    return null;
                });
                Options options = optionsFor(type, method);
                Spies.hook = hook;
                db = open(dbKind, options, w.freshPath("spied"));
                Object targetObject = switch (target) {
                    case "db" -> db;
                    case "snapshot" -> db.getSnapshot();
                    case "column-family" -> db.createColumnFamily(new ColumnFamilyDescriptor(bytes("target")));
                    case "iterator" -> db.newIterator();
                    case "write-batch" -> new WriteBatch().put(KEY, KEY);
                    case "other-db" -> w.db();
                    case "transaction" -> ((TransactionDB) db).beginTransaction(new io.panrocks.WriteOptions());
                    case "indexed-batch" -> new io.panrocks.WriteBatchWithIndex();
                    default -> throw new IllegalArgumentException(target);
                };
                if (!Plan.BIND_TIME.contains(method)) {
                    closeTarget.set(() -> {
                        try {
                            ((AutoCloseable) targetObject).close();
                        } catch (RuntimeException | Error e) {
                            throw e;
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    });
                    RocksDB spiedDb = db;
                    Spies.Hook spiedHook = hook;
                    Outcome call = Outcome.of(() -> {
                        if (type == io.panrocks.AbstractTableFilter.class) {
                            Triggers.tableFilter(spiedDb); // a read's upcall: the filter is in its ReadOptions
                        } else {
                            trigger(method, spiedDb, spiedHook, targetObject);
                        }
                        return null;
                    });
                    // a trigger through the closed object may stop at its next call
                    if (!call.returned() && !call.threw(IllegalStateException.class) && !call.threw(RocksDBException.class)) {
                        return Verdict.fail("the work that calls " + method + " ended in " + call.describe());
                    }
                } else {
                    // a bind-time call ran during the open above: run it again with the target ready
                    Spies.hook = null;
                    db.close();
                    Spies.hook = hook = new Spies.Hook(method, () -> {
                        ((AutoCloseable) targetObject).close();
                        return null;
                    });
                    db = open(dbKind, optionsFor(type, method), w.freshPath("spied-again"));
                }
                for (int i = 0; i < 200 && hook.fired.get() && !hook.done(); i++) Thread.sleep(50);
                Spies.hook = null;
                if (!hook.fired.get()) {
                    return Verdict.fail("never called: the trigger did not reach " + method + " on a " + dbKind
                            + " DB (reached: " + hook.reached + ")");
                }
                Outcome inner = hook.inner;
                String story = "closing the " + target + " inside " + method + " (on " + hook.thread + "): " + inner.describe();
                boolean ok = switch (target) {
                    case "db" -> inner.threw(IllegalStateException.class);
                    // "closing a DB" waits for background work, refused inside any callback of any DB; the
                    // bind-time calls (name, allowSingleOperand) run in the opener's call, not as callbacks
                    case "other-db" -> Plan.BIND_TIME.contains(method) ? inner.returned()
                            : inner.threw(IllegalStateException.class) && inner.message().contains("cannot run inside a callback");
                    case "iterator" -> inner.returned() || inner.threw(WrongThreadException.class)
                            || inner.threw(IllegalStateException.class);
                    case "snapshot", "column-family", "transaction", "indexed-batch" ->
                        inner.returned() || inner.threw(IllegalStateException.class);
                    default -> inner.returned();
                };
                if (!ok) return Verdict.fail(story);
                for (MemorySegment arg : hook.arguments) {
                    String r = read(new Kept(arg, new byte[0], "argument"));
                    if (!r.equals("closed") && !r.equals("wrong-thread"))
                        return Verdict.fail(story + "; an argument of " + method + " read after it returned: " + r);
                }
                // the DB goes on and closes
                RocksDB current = db;
                Outcome read = Outcome.of(() -> current.get(KEY));
                if (!read.returned()) return Verdict.fail(story + "; afterwards the DB cannot read: " + read.describe());
                Outcome closed = Outcome.of(() -> {
                    Spies.hook = null;
                    closeAll();
                    return null;
                });
                if (!closed.returned() && !closed.threw(RocksDBException.class)) {
                    return Verdict.fail(story + "; then the DB's close: " + closed.describe());
                }
                return Verdict.pass(story);
            } finally {
                Spies.hook = null;
                if (db != null) {
                    try {
                        db.close();
                    } catch (Throwable ignored) {
                        // reported above if it mattered
                    }
                }
                closeQuietly(w);
            }
        }

        /**
         * A WAL filter's methods run while a DB opens its log, on the opener's
         * thread, as callbacks: closing another DB inside one is refused as in
         * any callback, and the open goes on. name() is asked when the open
         * binds the filter, outside any callback: the close works there.
         */
        private Verdict walFilterProbe(String method) throws Exception {
            World w = new World(world.freshDir("walfilter"));
            try {
                RocksDB other = w.db();
                Path path = w.freshPath("spied");
                try (RocksDB first = RocksDB.open(new Options().setCreateIfMissing(true), path)) {
                    first.put(KEY, KEY); // left in the log: the open below replays it
                }
                Spies.Hook hook = new Spies.Hook(method, () -> {
                    other.close();
                    return null;
                });
                Spies.hook = hook;
                Outcome open = Outcome.of(() -> {
                    RocksDB.open(new Options().setWalFilter(new Spies.WalFilter()), path).close();
                    return null;
                });
                Spies.hook = null;
                if (!hook.fired.get()) return Verdict.fail("never called while the DB opened (reached: " + hook.reached + ")");
                Outcome inner = hook.inner;
                String story = "closing another DB inside " + method + ": " + inner.describe() + "; the open: " + open.describe();
                boolean ok = open.returned() && (method.equals("name") ? inner.returned()
                        : inner.threw(IllegalStateException.class) && inner.message().contains("cannot run inside a callback"));
                return ok ? Verdict.pass(story) : Verdict.fail(story);
            } finally {
                Spies.hook = null;
                closeQuietly(w);
            }
        }

        private final List<RocksDB> spied = new ArrayList<>();

        private void closeAll() throws RocksDBException {
            RocksDBException first = null;
            for (RocksDB d : spied) {
                try {
                    d.closeE();
                } catch (RocksDBException e) {
                    if (first == null) first = e;
                }
            }
            spied.clear();
            if (first != null) throw first;
        }

        private RocksDB open(String kind, Options options, Path path) throws RocksDBException {
            RocksDB db = switch (kind) {
                case "plain" -> RocksDB.open(options, path);
                case "pessimistic" -> TransactionDB.open(options, new TransactionDBOptions(), path);
                case "optimistic" -> OptimisticTransactionDB.open(options, path);
                case "ttl" -> TtlDB.open(options, path, 100_000, false);
                default -> throw new IllegalArgumentException(kind);
            };
            spied.add(db);
            return db;
        }

        /** The SST file manager of the DB an error recovery probe spies on (see optionsFor). */
        static volatile io.panrocks.SstFileManager spaceManager;

        static Options optionsFor(Class<?> base, String method) {
            Options o = Spies.withSmallBlocks(new Options().setCreateIfMissing(true));
            if (base == io.panrocks.AbstractComparator.class) return o.setComparator(new Spies.Comparator());
            if (base == io.panrocks.AbstractMergeOperator.class) return o.setMergeOperator(new Spies.Merge());
            if (base == io.panrocks.AssociativeMergeOperator.class) return o.setMergeOperator(new Spies.Associative());
            if (base == io.panrocks.AbstractCompactionFilter.class) return o.setCompactionFilter(new Spies.Filter());
            if (base == io.panrocks.AbstractCompactionFilterFactory.class) {
                return o.setCompactionFilterFactory(new Spies.FilterFactory());
            }
            if (base == io.panrocks.AbstractEventListener.class) {
                if (method.equals("onStallConditionsChanged")) o = Triggers.stallOptions();
                if (method.equals("onBackgroundError")) o.setMergeOperator(new Spies.Refusing());
                boolean fileIo = method.startsWith("onFile") || method.equals("shouldBeNotifiedOnFileIO");
                if (fileIo) Triggers.fileOptions(o, method);
                if (method.startsWith("onErrorRecovery")) {
                    try {
                        spaceManager = new io.panrocks.SstFileManager(io.panrocks.Env.getDefault());
                    } catch (RocksDBException e) {
                        throw new IllegalStateException(e);
                    }
                    o.setSstFileManager(spaceManager);
                }
                return o.setListeners(List.of(new Spies.Listener(fileIo)));
            }
            // a table filter is set on a read's ReadOptions (Triggers.tableFilter), not on the DB's options
            if (base == io.panrocks.AbstractTableFilter.class) return o;
            throw new IllegalArgumentException("no spy for " + base);
        }

        static void trigger(String method, RocksDB db, Spies.Hook hook, Object target) throws Exception {
            RocksDB.class.getName();
            if (target instanceof io.panrocks.Transaction t && Set.of("compare", "fullMerge", "merge").contains(method)) {
                // the transaction's own calls compare (its index) and merge (its reads)
                for (int i = 0; i < 20; i++) t.put(bytes("t-" + i), bytes("v"));
                t.merge(bytes("m"), bytes("a"));
                t.get(new io.panrocks.ReadOptions(), bytes("m"));
                return;
            }
            if (target instanceof io.panrocks.WriteBatchWithIndex batch && Set.of("compare", "fullMerge", "merge").contains(method)) {
                ColumnFamilyHandle family = db.getDefaultColumnFamily();
                for (int i = 0; i < 20; i++) batch.put(family, bytes("w-" + i), bytes("v"));
                db.put(bytes("m"), bytes("base"));
                batch.merge(family, bytes("m"), bytes("a"));
                batch.getFromBatchAndDB(db, family, new io.panrocks.ReadOptions(), bytes("m"));
                return;
            }
            switch (method) {
                case "compare" -> Triggers.compare(db);
                case "findShortestSeparator", "findShortSuccessor" -> Triggers.flushBlocks(db);
                case "fullMerge", "merge" -> Triggers.fullMerge(db);
                case "partialMerge" -> Triggers.partialMerge(db);
                case "filter", "createCompactionFilter", "onCompactionCompleted" -> Triggers.compaction(db);
                case "onFlushCompleted", "onTableFileCreated", "onTableFileCreationStarted" -> Triggers.flush(db);
                case "onBackgroundError" -> Triggers.backgroundError(db);
                case "onStallConditionsChanged" -> Triggers.stall(db, hook.fired::get);
                case "onFlushBegin", "onMemTableSealed" -> Triggers.flush(db);
                case "onCompactionBegin" -> Triggers.compaction(db);
                case "onTableFileDeleted" -> Triggers.tableFileDeletion(db, hook.fired::get);
                case "onColumnFamilyHandleDeletionStarted" -> Triggers.handleDeletion(db);
                case "onExternalFileIngested" -> Triggers.ingestion(db);
                case "onFileReadFinish", "onFileWriteFinish", "onFileFlushFinish", "onFileSyncFinish",
                        "onFileRangeSyncFinish", "onFileTruncateFinish", "onFileCloseFinish" -> Triggers.fileOperations(db);
                case "onErrorRecoveryBegin", "onErrorRecoveryCompleted" ->
                    Triggers.recoverableError(db, spaceManager, hook.fired::get);
                default -> throw new IllegalArgumentException("no trigger for " + method + ": add one to Triggers");
            }
        }
    }
}
