package io.panrocks.internal.jfr;

import jdk.jfr.Description;
import jdk.jfr.Label;

/**
 * What every panrocks event names: the DB and the column family. Abstract,
 * so JFR registers no event type for it (only its concrete subclasses).
 */
public abstract class DbEvent extends jdk.jfr.Event {
    @Label("DB Path")
    @Description("The DB's directory (RocksDB's GetName())")
    public String dbPath;

    @Label("Column Family")
    @Description("The column family's name")
    public String columnFamily;
}
