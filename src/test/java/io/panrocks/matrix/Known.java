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
        // empty: every failure the matrix found is fixed. An entry needs the probe id pattern and the reason
        // the failure cannot be fixed yet (an issue item), e.g.
        // known("after-db-close\\|WriteBatchWithIndex\\|.*", "issue N item M (what breaks, why it is not fixed)");
    }

    /** The issue item a failing probe is known under, or null. */
    static String item(String probeId) {
        for (Map.Entry<Pattern, String> e : FAILURES.entrySet()) {
            if (e.getKey().matcher(probeId).matches()) return e.getValue();
        }
        return null;
    }
}
