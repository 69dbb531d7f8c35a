/**
 * panrocks' machinery behind the public API: loading the library, the call
 * guard, per-thread scratch, and the ownership of every native object; and,
 * in the packages below it by feature, the implementation of the public
 * types' operations ({@code internal.data}: point reads and writes, batches
 * and wide columns; {@code internal.maintenance}, {@code internal.options},
 * {@code internal.perf}, {@code internal.files}; {@code internal.open}: the
 * open and column families; {@code internal.callbacks}: the Java callbacks
 * bound to the engine).
 * Not exported by the {@code io.panrocks} module.
 *
 * <h2>The facades call down; nothing here calls up</h2>
 * The public types in {@code io.panrocks} are facades: they check their
 * arguments, convert them into what the engine takes, call down into this
 * package, and make their public results from what it answers. What a
 * public type keeps package-private is reached through one door,
 * {@link io.panrocks.internal.PublicAccess} (the JDK's SharedSecrets
 * pattern). The aim is that code here names no type of {@code io.panrocks}
 * that names this package in turn: values and {@code RocksDBException} are
 * below it; the open and the callbacks still name the DB, options and
 * listener types (docs/architecture.md says which). A column family arrives as
 * a {@link io.panrocks.internal.FamilyHandle}, read options as the thread's
 * native ones, other options as option strings or as what fills their native
 * struct, keys and values staged by {@code internal.data.Staging}; results
 * leave as sizes, statuses, pinned slots, numbers and strings. See
 * docs/architecture.md, "Facades over one engine-facing layer".
 *
 * <h2>Who owns a native object: pick one row</h2>
 * Every native object has exactly one owner and one release, and a release
 * never frees memory that a call or a view may still read. The rows below
 * do that; which one follows from two questions: does the object belong to
 * an open DB (its release needs the engine alive), and can user code hold a
 * view of its memory? An object that belongs to a DB is a
 * {@link io.panrocks.internal.DbResource}, a sealed class with one subclass
 * per ownership mode (the four rows after the DB's own); each subclass holds
 * only what its mode needs (a grace period, an owner thread and its views, a
 * shared arena, a lock), and the base class the one state
 * ({@code DbResource.State}: open, close pending, deferred by the DB's close,
 * releasing, released) every mode moves through. Holders make theirs with
 * the factory of their row ({@code DbResource.shared}, {@code confined},
 * {@code sharedViews}, {@code serialized}).
 *
 * <table class="striped">
 * <caption>Ownership mechanisms</caption>
 * <thead><tr><th>the object</th><th>mechanism</th><th>who may use and close it</th>
 *   <th>how a release stays safe</th><th>examples</th></tr></thead>
 * <tbody>
 * <tr><td>the DB itself</td><td>{@link io.panrocks.internal.NativeDb}</td>
 *   <td>any thread; close from outside a call</td>
 *   <td>CLOSING refuses new calls, then a grace period over every thread's
 *   call counter, then every {@code DbResource} is released or defers the
 *   engine's close</td><td>{@code RocksDB}</td></tr>
 * <tr><td>belongs to a DB, used inside calls by any thread, no views</td>
 *   <td>{@link io.panrocks.internal.SharedResource}</td>
 *   <td>any thread</td>
 *   <td>unpublish, then a grace period (calls that saw it leave the engine),
 *   then free; the DB's close waits for a release in progress</td>
 *   <td>a DB's {@code Snapshot} ({@code SnapshotHandle.OfDb}), {@code ColumnFamilyHandle}</td></tr>
 * <tr><td>belongs to a DB, its memory is shown to one thread as views</td>
 *   <td>{@link io.panrocks.internal.ConfinedResource}
 *   + a {@link io.panrocks.internal.ViewScope}</td>
 *   <td>the creating thread (others: {@code WrongThreadException})</td>
 *   <td>views are confined segments whose session keeps the scope reachable:
 *   the owner closes the scope before freeing; the safety net frees only
 *   an unreachable scope; a dead owner's views cannot be read; a DB closed
 *   from another thread defers</td>
 *   <td>{@code PinnedValue}, {@code PinnedEntity}, {@code RocksIterator}, {@code MultiGet}</td></tr>
 * <tr><td>belongs to a DB, its memory is shown to any thread as views</td>
 *   <td>{@link io.panrocks.internal.SharedViewsResource}
 *   + a shared {@link java.lang.foreign.Arena}</td>
 *   <td>any thread</td>
 *   <td>the release closes the shared arena first (the JDK makes racing
 *   readers fail safely); a close during a use (a channel write) is deferred
 *   to the use's end</td><td>{@code RecordBatch}</td></tr>
 * <tr><td>belongs to a DB, used inside calls by any thread one at a time
 *   (RocksDB's object is not thread-safe), no views</td>
 *   <td>{@link io.panrocks.internal.SerializedResource}
 *   + its lock</td>
 *   <td>any thread, one call at a time</td>
 *   <td>every call holds the lock inside the engine, and so does the release:
 *   no grace period, so a release never waits for other threads' calls (one
 *   of them may wait for what this object holds, a row lock); the DB's close
 *   releases idle ones before it waits for calls</td>
 *   <td>{@code Transaction}</td></tr>
 * <tr><td>no DB owns it</td><td>{@link io.panrocks.internal.StandaloneResource}</td>
 *   <td>its holder, under a lock</td>
 *   <td>the handle is read and released under one lock, once</td>
 *   <td>{@code WriteBatch}'s buffer, {@code LRUCache},
 *   {@code WriteBatchWithIndex}</td></tr>
 * <tr><td>a view of an object another owns (a transaction's snapshot)</td>
 *   <td>none: the view owns nothing</td><td>its owner's users</td>
 *   <td>the view checks, inside each call, that its owner still holds what it
 *   shows (a transaction's snapshot generation); its close does nothing</td>
 *   <td>{@code Transaction.getSnapshot()} ({@code SnapshotHandle.OfTransaction})</td></tr>
 * <tr><td>a Java callback object a DB calls (comparator, merge operator,
 *   compaction filter, listener)</td>
 *   <td>{@link io.panrocks.internal.CallbackBinding}</td>
 *   <td>the engine, through upcall stubs</td>
 *   <td>the stubs live until the engine is closed ({@code NativeDb.onEngineClosed});
 *   every upcall runs its body inside the one envelope
 *   ({@link io.panrocks.internal.CallbackBinding#guarded}): marked as inside
 *   a callback of its DB, every {@code Throwable} caught and recorded</td>
 *   <td>the {@code *Binding} classes</td></tr>
 * <tr><td>one thread's scratch for calls on one DB</td>
 *   <td>{@link io.panrocks.internal.CallContext}</td><td>its thread, inside calls</td>
 *   <td>freed with the engine, or when its thread is dead and holds nothing</td>
 *   <td>error record, key buffer, value frames and pins</td></tr>
 * </tbody>
 * </table>
 *
 * <p>Compared with RocksJava's one idiom ({@code RocksObject.close()} calls
 * {@code disposeInternal(handle)}, from any thread, at any time): that is
 * the {@code StandaloneResource} row, and it is what lets a RocksJava
 * program free a snapshot under a concurrent read or an iterator under its
 * own callback. The rows above add what an FFM binding must add to make
 * that impossible: a grace period for objects calls may be using, and a
 * scope for memory user code may be reading.
 *
 * <h2>Rules every holder follows</h2>
 * <ul>
 * <li>The holder refers to its resource; the resource never refers to the
 * holder, and its free action captures only native handles (else the
 * Cleaner, which holds the resource, would keep the holder alive).</li>
 * <li>A holder of a DB's object refers to the {@code RocksDB} facade, so a DB
 * is never closed by the Cleaner while one of its objects is reachable.</li>
 * <li>Native calls run between {@link io.panrocks.internal.NativeDb#enter()}
 * and {@code exit}; a resource is checked usable after entering, never
 * before (the grace period relies on that order).</li>
 * <li>User code that runs while a resource's memory is in use (a visitor, a
 * channel) runs inside {@link io.panrocks.internal.DbResource#tryUse()} /
 * {@code endUse()}: a close from inside it is deferred, not performed.</li>
 * </ul>
 */
package io.panrocks.internal;
