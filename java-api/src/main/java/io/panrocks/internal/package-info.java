/**
 * panrocks' machinery behind the public API: loading the library, the call
 * guard, per-thread scratch, and the ownership of every native object.
 * Not exported by the {@code io.panrocks} module.
 *
 * <h2>Who owns a native object: pick one row</h2>
 * Every native object has exactly one owner and one release, and a release
 * never frees memory that a call or a view may still read. Three mechanisms
 * do that; which one follows from two questions: does the object belong to
 * an open DB (its release needs the engine alive), and can user code hold a
 * view of its memory?
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
 *   <td>{@link io.panrocks.internal.DbResource}
 *   {@link io.panrocks.internal.DbResource.Sharing#SHARED SHARED}</td>
 *   <td>any thread</td>
 *   <td>unpublish, then a grace period (calls that saw it leave the engine),
 *   then free; the DB's close waits for a release in progress</td>
 *   <td>{@code Snapshot}, {@code ColumnFamilyHandle}</td></tr>
 * <tr><td>belongs to a DB, its memory is shown to one thread as views</td>
 *   <td>{@code DbResource} {@link io.panrocks.internal.DbResource.Sharing#CONFINED CONFINED}
 *   + a {@link io.panrocks.internal.ViewScope}</td>
 *   <td>the creating thread (others: {@code WrongThreadException})</td>
 *   <td>views are confined segments whose session keeps the scope reachable:
 *   the owner closes the scope before freeing; the safety net frees only
 *   an unreachable scope; a dead owner's views cannot be read; a DB closed
 *   from another thread defers</td>
 *   <td>{@code PinnedValue}, {@code RocksIterator}, {@code MultiGet}</td></tr>
 * <tr><td>belongs to a DB, its memory is shown to any thread as views</td>
 *   <td>{@code DbResource} {@link io.panrocks.internal.DbResource.Sharing#SHARED_VIEWS SHARED_VIEWS}
 *   + a shared {@link java.lang.foreign.Arena}</td>
 *   <td>any thread</td>
 *   <td>the release closes the shared arena first (the JDK makes racing
 *   readers fail safely); a close during a use (a channel write) is deferred
 *   to the use's end</td><td>{@code RecordBatch}</td></tr>
 * <tr><td>belongs to a DB, used inside calls by any thread one at a time
 *   (RocksDB's object is not thread-safe), no views</td>
 *   <td>{@code DbResource} {@link io.panrocks.internal.DbResource.Sharing#SERIALIZED SERIALIZED}
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
