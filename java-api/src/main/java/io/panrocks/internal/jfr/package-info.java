/**
 * panrocks' Java Flight Recorder events ({@code jdk.jfr.Event} subclasses):
 * RocksDB's flushes, compactions, write-stall changes, background errors
 * and external file ingestions, and sampled slow point reads. A standard
 * recording enables them by name ({@code io.panrocks.Flush} ...); nothing
 * here is API: users name the events, never the classes. Not exported by
 * the {@code io.panrocks} module (JFR needs no access to the package: the
 * events are made and committed by panrocks' own code, and JFR reads their
 * fields through the bytecode it adds to them).
 */
package io.panrocks.internal.jfr;
