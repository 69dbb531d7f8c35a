package io.panrocks.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/**
 * A column family's write-stall condition changed
 * ({@code EventListener::OnStallConditionsChanged}, RocksDB's
 * {@code WriteStallInfo}): writes became delayed, stopped, or normal again.
 * Often committed on the writing thread, inside its write, so the stack
 * trace says which write.
 */
@Name("io.panrocks.WriteStall")
@Category("panrocks")
@Label("Write Stall Change")
@Description("A column family's writes became delayed, stopped or normal (WriteStallInfo)")
public final class WriteStallEvent extends DbEvent {
    @Label("Condition")
    @Description("The new condition: NORMAL, DELAYED or STOPPED (WriteStallCondition)")
    public String condition;

    @Label("Previous Condition")
    public String previousCondition;
}
