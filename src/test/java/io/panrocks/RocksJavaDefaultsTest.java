package io.panrocks;

import io.panrocks.fork.OptionGetterDump;
import io.panrocks.testkit.EngineVersion;
import io.panrocks.testkit.ForkedJvm;
import io.panrocks.testkit.RocksJavaJars;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * What a RocksJava user sees before setting anything is what RocksJava of
 * the same engine version shows: every getter of a fresh option object
 * (RocksJava's run in a child JVM, its library never loaded here), and the
 * constants of the statistics enums. Also: every ticker and histogram the
 * running engine has is named by a constant, so none is unreachable.
 */
class RocksJavaDefaultsTest {
    @TempDir
    Path dir;

    /**
     * Getters whose value differs from RocksJava's on purpose, with why.
     * Nothing else may differ.
     */
    static final Map<String, String> KNOWN_DIFFERENCES = Map.of(
            // RocksJava makes an 8 MiB cache itself when none is set; panrocks leaves it to the engine,
            // whose own is 32 MiB (documented on the getter)
            "BlockBasedTableConfig.blockCacheSize", "the engine's own block cache, not RocksJava's 8 MiB one");

    static Path sameVersionJar() throws Exception {
        Path jar = RocksJavaJars.sameVersionAs(RocksDB.engineVersion());
        assumeTrue(RocksJavaJars.versionOf(jar).equals(RocksDB.engineVersion()),
                "no RocksJava " + RocksDB.engineVersion() + " in the suite (nearest: " + jar.getFileName() + ")");
        return jar;
    }

    static List<String> rocksJava(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("org.rocksdb"));
        all.addAll(List.of(args));
        ForkedJvm.Result r = ForkedJvm.main(OptionGetterDump.class, all.toArray(String[]::new))
                .classPath(ForkedJvm.testClasses(), sameVersionJar()).timeout(Duration.ofMinutes(2)).run();
        assertEquals(0, r.exitCode(), r::toString);
        return r.stdout().lines().filter(l -> !l.isBlank()).toList();
    }

    @Test
    void everyGetterOfAFreshOptionObjectReportsWhatRocksJavaOfTheSameEngineReports() throws Exception {
        Map<String, String> theirs = new LinkedHashMap<>();
        for (String line : rocksJava("getters")) {
            int eq = line.indexOf('=');
            if (eq > 0) theirs.put(line.substring(0, eq), line.substring(eq + 1));
        }
        Map<String, String> ours = OptionGetterDump.dump("io.panrocks");
        assertTrue(theirs.size() > 300, "RocksJava's listing: " + theirs.size() + " getters");
        List<String> differ = new ArrayList<>();
        int compared = 0;
        for (Map.Entry<String, String> e : theirs.entrySet()) {
            String mine = ours.get(e.getKey());
            // a getter RocksJava has that panrocks lacks, or one RocksJava's own library lacks (it declares
            // failIfOptionsFileError but 11.8.1's library no longer has it): nothing to compare
            if (mine == null || e.getValue().startsWith("threw ")) continue;
            compared++;
            if (!sameValue(mine, e.getValue()) && !KNOWN_DIFFERENCES.containsKey(e.getKey())) {
                differ.add(e.getKey() + ": panrocks " + mine + ", RocksJava " + e.getValue());
            }
        }
        System.out.println("[defaults] " + compared + " getters compared with RocksJava " + RocksDB.engineVersion());
        assertTrue(compared > 250, "compared " + compared);
        assertEquals(List.of(), differ, "defaults that differ from RocksJava " + RocksDB.engineVersion());
    }

    /** Equal, or the same number written differently (1.0 and 1, 0.2 and 0.200000). */
    static boolean sameValue(String a, String b) {
        if (a.equals(b)) return true;
        try {
            return Double.parseDouble(a) == Double.parseDouble(b);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    @Test
    void everyStatisticsConstantOfRocksJavaOfTheSameEngineIsHere() throws Exception {
        Set<String> missing = new TreeSet<>(rocksJava("constants", "TickerType", "HistogramType"));
        missing.removeAll(OptionGetterDump.constants("io.panrocks", "TickerType", "HistogramType"));
        // the enums' upper bounds, not statistics
        missing.removeAll(Set.of("TickerType.TICKER_ENUM_MAX", "HistogramType.HISTOGRAM_ENUM_MAX"));
        assertEquals(Set.of(), missing, "RocksJava " + RocksDB.engineVersion() + "'s constants panrocks lacks");
    }

    @Test
    void everyTickerAndHistogramOfTheRunningEngineHasAConstant() throws Exception {
        Set<String> tickers = new TreeSet<>(), histograms = new TreeSet<>();
        try (Statistics statistics = new Statistics();
             Options options = new Options().setCreateIfMissing(true).setStatistics(statistics);
             RocksDB db = RocksDB.open(options, dir)) {
            db.put("k".getBytes(), "v".getBytes());
            db.flush(new FlushOptions());
            assertArrayEquals("v".getBytes(), db.get("k".getBytes()));
            for (String line : statistics.toString().split("\n")) {
                String[] words = line.trim().split(" ");
                if (words.length < 2 || !words[0].startsWith("rocksdb.")) continue;
                (words[1].equals("COUNT") ? tickers : histograms).add(words[0]);
            }
            assertTrue(tickers.size() > 100 && histograms.size() > 30, tickers.size() + " tickers, " + histograms.size()
                    + " histograms in\n" + statistics);
            for (TickerType t : TickerType.values()) {
                if (tickers.remove(t.rocksName())) {
                    assertTrue(statistics.getTickerCount(t) >= 0, t + " reads");
                }
            }
            for (HistogramType h : HistogramType.values()) {
                if (histograms.remove(h.rocksName())) {
                    assertNotNull(statistics.getHistogramData(h), h + " reads");
                }
            }
            assertEquals(Set.of(), tickers, "tickers of RocksDB " + RocksDB.engineVersion() + " without a constant");
            assertEquals(Set.of(), histograms, "histograms of RocksDB " + RocksDB.engineVersion() + " without a constant");
            // a count lands under its own name: one key written, whatever the engine's enum numbering
            assertEquals(1, statistics.getTickerCount(TickerType.NUMBER_KEYS_WRITTEN));
            // a ticker RocksDB 11 added: zero there, absent (-1) on an older engine
            assertEquals(EngineVersion.atLeast(11, 0) ? 0 : -1, statistics.getTickerCount(TickerType.MULTISCAN_PREPARE_CALLS));
            assertEquals(EngineVersion.atLeast(11, 0), statistics.getHistogramData(HistogramType.MULTISCAN_PREPARE_MICROS) != null);
        }
    }
}
