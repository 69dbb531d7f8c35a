package io.panrocks.matrix;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Failures the matrix finds that are known and being fixed elsewhere, each
 * with its issue item. A probe listed here may fail (or crash, or hang)
 * without failing the matrix; one that passes is reported, so that its
 * line can go. Keep this list short: everything else the matrix finds is
 * fixed, not listed.
 */
final class Known {
    private Known() {
    }

    /** probe id pattern (a regular expression over "kind|type|variant|member|detail") -> the issue item */
    static final Map<Pattern, String> FAILURES = new LinkedHashMap<>();

    private static void known(String regex, String item) {
        FAILURES.put(Pattern.compile(regex), item);
    }

    static {
        // An indexed batch keeps a raw pointer to its DB's Java comparator, which the DB's close frees: using
        // the batch afterwards crashes in WriteBatchEntryComparator (SIGSEGV).
        known("after-db-close\\|WriteBatchWithIndex\\|java-comparator\\|"
                + "(put|delete|merge|singleDelete|deleteRange|getFromBatch|getFromBatchAndDB|newIteratorWithBase)\\(.*",
                "issue 21 item 1 (comparator freed under an indexed batch)");
        // columns() of an iterator over a transaction or an indexed batch are views into the batch's buffer: a
        // write that moves the buffer, or the batch's release once nothing refers to it, leaves them showing
        // other bytes (or unmapped memory)
        known("view\\|RocksIterator\\|(transaction|optimistic-transaction|indexed-batch|indexed-batch-java-comparator)"
                + "\\|columns\\(\\)\\|(change:.*|gc|end:.*)", "issue 21 item 2 (columns() views into a batch's buffer)");
        // RocksDB's TTL wrapper calls CompactionFilter::Filter(), the upcall filter implements only FilterV2
        known("callback\\|AbstractCompactionFilter\\|ttl\\|filter\\(.*", "issue 21 item 7 (Java compaction filters never run on a TTL DB)");
    }

    /** The issue item a failing probe is known under, or null. */
    static String item(String probeId) {
        for (Map.Entry<Pattern, String> e : FAILURES.entrySet()) {
            if (e.getKey().matcher(probeId).matches()) return e.getValue();
        }
        return null;
    }
}
