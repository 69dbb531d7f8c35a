"""The benchmark catalogue: what each JMH benchmark and native shape is, what it is compared
with, and the labels that name the engine binary a result ran on."""
from collections import OrderedDict

class Variant:
    def __init__(self, bid, engine, section, label, native=None, rj=None, single=None, what=""):
        self.bid = bid          # Class.method of the JMH benchmark, or native:shape:threads
        self.engine = engine    # panrocks | rocksjava | native
        self.section = section  # get | get2 | multiget | scan | write
        self.label = label
        self.native = native    # (shape, threads) of the native comparator
        self.rj = rj            # bid of the RocksJava comparator
        self.single = single    # for 2-thread variants: the 1-thread bid
        self.what = what


V = Variant
VARIANTS = [
    # point gets, one thread
    V("native:get_pinned:1", "native", "get", "native get_pinned (zero-copy floor)",
      what="`Get` into a `PinnableSlice`, pointer and size consumed, `Reset`"),
    V("native:get_string:1", "native", "get", "native get_string",
      what="`Get` into a reused `std::string` (one copy)"),
    V("native:get_buffer:1", "native", "get", "native get_buffer",
      what="pinned `Get` + `memcpy` into a preallocated buffer"),
    V("PanrocksGet.get", "panrocks", "get", "panrocks get → byte[]", ("get_string", 1), "RocksJavaGet.get",
      what="`byte[] get(key)`: a new array per read"),
    V("PanrocksGet.getPreallocated", "panrocks", "get", "panrocks get(key, byte[])", ("get_buffer", 1),
      "RocksJavaGet.getPreallocated", what="`int get(key, byte[] value)` into a reused array, normal downcall"),
    V("PanrocksCriticalGet.getPreallocatedCritical", "panrocks", "get", "panrocks get(key, byte[]) critical",
      ("get_buffer", 1), "RocksJavaGet.getPreallocated",
      what="the same call in a JVM with `-Dpanrocks.critical=true` (heap arrays passed to a critical downcall)"),
    V("PanrocksGet.getDirectBuffer", "panrocks", "get", "panrocks get(ByteBuffer) direct", ("get_buffer", 1),
      "RocksJavaGet.getDirectBuffer",
      what="`get(ReadOptions, ByteBuffer key, ByteBuffer value)`, direct buffers, key put into the buffer per read"),
    V("PanrocksGet.getSegment", "panrocks", "get", "panrocks get(MemorySegment)", ("get_buffer", 1),
      "RocksJavaGet.getDirectBuffer",
      what="`long get(MemorySegment key, MemorySegment value)`, key copied into a native key segment per read, native value buffer"),
    V("PanrocksGet.getPinned", "panrocks", "get", "panrocks getPinned", ("get_pinned", 1), "RocksJavaGet.get",
      what="`getPinned(key)`: zero-copy; size, first and last byte read; closed"),
    V("PanrocksGet.getScoped", "panrocks", "get", "panrocks get(key, reader) adaptive", ("get_pinned", 1),
      "RocksJavaGet.getPreallocated",
      what="scoped reader `get(key, reader)`: copied up to the adaptive threshold, pinned above; "
           "the reader reads size, first and last byte"),
    V("PanrocksGet.getAdaptive", "panrocks", "get", "panrocks getAdaptive", ("get_pinned", 1),
      "RocksJavaGet.getPreallocated",
      what="`getAdaptive(ReadOptions, key, nativeBuffer)`: copied into the buffer up to the threshold, else pinned"),
    V("RocksJavaGet.get", "rocksjava", "get", "RocksJava get → byte[]", ("get_string", 1),
      what="`byte[] get(key)`"),
    V("RocksJavaGet.getPreallocated", "rocksjava", "get", "RocksJava get(key, byte[])", ("get_buffer", 1),
      what="`int get(key, byte[] value)` into a reused array"),
    V("RocksJavaGet.getDirectBuffer", "rocksjava", "get", "RocksJava get(ByteBuffer) direct", ("get_buffer", 1),
      what="`get(ReadOptions, ByteBuffer, ByteBuffer)`, direct buffers"),
    # point gets, two threads on one DB (ops/s of both threads summed)
    V("native:get_string:2", "native", "get2", "native get_string ×2"),
    V("native:get_pinned:2", "native", "get2", "native get_pinned ×2"),
    V("native:get_buffer:2", "native", "get2", "native get_buffer ×2"),
    V("PanrocksGet.getThreads2", "panrocks", "get2", "panrocks get → byte[] ×2", ("get_string", 2),
      "RocksJavaGet.getThreads2", single="PanrocksGet.get"),
    V("PanrocksGet.getPreallocatedThreads2", "panrocks", "get2", "panrocks get(key, byte[]) ×2",
      ("get_buffer", 2), "RocksJavaGet.getPreallocatedThreads2", single="PanrocksGet.getPreallocated"),
    V("PanrocksGet.getPinnedThreads2", "panrocks", "get2", "panrocks getPinned ×2", ("get_pinned", 2),
      "RocksJavaGet.getThreads2", single="PanrocksGet.getPinned"),
    V("RocksJavaGet.getThreads2", "rocksjava", "get2", "RocksJava get → byte[] ×2", ("get_string", 2),
      single="RocksJavaGet.get"),
    V("RocksJavaGet.getPreallocatedThreads2", "rocksjava", "get2", "RocksJava get(key, byte[]) ×2",
      ("get_buffer", 2), single="RocksJavaGet.getPreallocated"),
    # multiGet of 100 keys
    V("native:multiget100:1", "native", "multiget", "native multiget100",
      what="one `MultiGet` of 100 keys into `PinnableSlice`s, each consumed and reset"),
    V("native:multiget100_copy:1", "native", "multiget", "native multiget100_copy",
      what="one `MultiGet` of 100 keys, the values copied back to back into one buffer (the floor of the copying "
           "MultiGets)"),
    V("PanrocksMultiGet.multiGetAsList", "panrocks", "multiget", "panrocks multiGetAsList", ("multiget100_copy", 1),
      "RocksJavaMultiGet.multiGetAsList", what="`multiGetAsList(List<byte[]>)`: a list of new arrays"),
    V("PanrocksMultiGet.multiGetCopy", "panrocks", "multiget", "panrocks MultiGet copy", ("multiget100_copy", 1),
      "RocksJavaMultiGet.multiGetAsList",
      what="reused `MultiGet`, `execute(buffer)`: values copied into one native buffer, each value's digest read"),
    V("PanrocksMultiGet.multiGetPinned", "panrocks", "multiget", "panrocks MultiGet pinned", ("multiget100", 1),
      "RocksJavaMultiGet.multiGetAsList",
      what="reused `MultiGet`, `executePinned()`: values read in place"),
    V("RocksJavaMultiGet.multiGetAsList", "rocksjava", "multiget", "RocksJava multiGetAsList", ("multiget100", 1),
      what="`multiGetAsList(List<byte[]>)`"),
    # scans of 1000 entries
    V("native:scan1000:1", "native", "scan", "native scan1000",
      what="new iterator, `Seek` random key, 1000 entries read in place, iterator deleted"),
    V("PanrocksScan.scanZeroCopy", "panrocks", "scan", "panrocks scan key()/value()", ("scan1000", 1),
      "RocksJavaScan.scan", what="`key()`/`value()` zero-copy segments, step by step (reading ahead from the third `next()`: a crossing per batch)"),
    V("PanrocksScan.scanForward", "panrocks", "scan", "panrocks scanForward (bulk)", ("scan1000", 1),
      "RocksJavaScan.scan", what="`scanForward(visitor)`: many entries per crossing"),
    V("PanrocksScan.scanBytes", "panrocks", "scan", "panrocks scan keyBytes()/valueBytes()", ("scan1000", 1),
      "RocksJavaScan.scan", what="`keyBytes()`/`valueBytes()`: new arrays"),
    V("RocksJavaScan.scan", "rocksjava", "scan", "RocksJava scan key()/value()", ("scan1000", 1),
      what="`key()`/`value()`: new arrays (RocksJava has no zero-copy entry)"),
    V("RocksJavaScan.scanByteBuffer", "rocksjava", "scan", "RocksJava scan key(BB)/value(BB)", ("scan1000", 1),
      what="`key(ByteBuffer)`/`value(ByteBuffer)` into reused direct buffers"),
    # writes
    V("native:put:1", "native", "write", "native put", what="`Put` overwriting a random existing key"),
    V("native:batch100:1", "native", "write", "native batch100",
      what="one `Write` of a reused `WriteBatch` of 100 random overwrites"),
    V("PanrocksWrite.put", "panrocks", "write", "panrocks put", ("put", 1), "RocksJavaWrite.put",
      what="`put(key, value)`"),
    V("PanrocksWrite.batch100", "panrocks", "write", "panrocks WriteBatch ×100", ("batch100", 1),
      "RocksJavaWrite.batch100", what="reused `WriteBatch`: `clear()`, 100 `put`s, `write`"),
    V("RocksJavaWrite.put", "rocksjava", "write", "RocksJava put", ("put", 1), what="`put(writeOptions, key, value)`"),
    V("RocksJavaWrite.batch100", "rocksjava", "write", "RocksJava WriteBatch ×100", ("batch100", 1),
      what="reused `WriteBatch`: `clear()`, 100 `put`s, `write`"),
    # transactions and indexed batches on a pessimistic TransactionDB
    V("native:txn_get:1", "native", "txn", "native txn_get",
      what="`Transaction::Get` in a transaction that wrote nothing, into a reused `std::string`"),
    V("native:txn_put_commit:1", "native", "txn", "native txn_put_commit",
      what="`BeginTransaction` (old object reused), `Put`, `Commit`"),
    V("native:txn_get_for_update_put_commit:1", "native", "txn", "native txn_get_for_update_put_commit",
      what="`BeginTransaction`, `GetForUpdate` (exclusive), `Put`, `Commit`"),
    V("native:batch_and_db_get:1", "native", "txn", "native batch_and_db_get",
      what="`GetFromBatchAndDB` through a `WriteBatchWithIndex` of 100 pending puts"),
    V("PanrocksTransaction.get", "panrocks", "txn", "panrocks Transaction.get", ("txn_get", 1),
      "RocksJavaTransaction.get", what="`byte[] get(readOptions, key)` in a transaction that wrote nothing"),
    V("PanrocksTransaction.putCommit", "panrocks", "txn", "panrocks put + commit", ("txn_put_commit", 1),
      "RocksJavaTransaction.putCommit", what="`beginTransaction(writeOptions, old)`, `put`, `commit`"),
    V("PanrocksTransaction.getForUpdatePutCommit", "panrocks", "txn", "panrocks getForUpdate + put + commit",
      ("txn_get_for_update_put_commit", 1), "RocksJavaTransaction.getForUpdatePutCommit",
      what="`beginTransaction(writeOptions, old)`, `getForUpdate(readOptions, key, true)`, `put`, `commit`"),
    V("PanrocksTransaction.batchAndDbGet", "panrocks", "txn", "panrocks WriteBatchWithIndex read",
      ("batch_and_db_get", 1), "RocksJavaTransaction.batchAndDbGet",
      what="`getFromBatchAndDB(db, readOptions, key)` over 100 pending puts: a new array"),
    V("RocksJavaTransaction.get", "rocksjava", "txn", "RocksJava Transaction.get", ("txn_get", 1),
      what="`byte[] get(readOptions, key)`"),
    V("RocksJavaTransaction.putCommit", "rocksjava", "txn", "RocksJava put + commit", ("txn_put_commit", 1),
      what="`beginTransaction(writeOptions, old)`, `put`, `commit`"),
    V("RocksJavaTransaction.getForUpdatePutCommit", "rocksjava", "txn", "RocksJava getForUpdate + put + commit",
      ("txn_get_for_update_put_commit", 1), what="the same in RocksJava"),
    V("RocksJavaTransaction.batchAndDbGet", "rocksjava", "txn", "RocksJava WriteBatchWithIndex read",
      ("batch_and_db_get", 1), what="`getFromBatchAndDB(db, readOptions, key)`"),
]
BY_ID = {v.bid: v for v in VARIANTS}

class EngineTags:
    """The labels naming the engine binary a panrocks or native result ran on.

    Older runs measured panrocks on Debian's system librocksdb as shipped (and reran it on the
    librocksdbjni-linux64.so of RocksJava's jar, which RocksJava always runs on); runs on the bundled
    engine measure panrocks and the native floor on panrocks' own build. The run's machine.json says
    which, and main() switches the labels once before anything is written.
    """

    def __init__(self):
        self.panrocks = "[Debian]"             # panrocks as shipped
        self.native = "[Debian build]"         # the native floor on panrocks' engine
        self.chart_note = ["filled, solid: Debian's librocksdb (as shipped)",
                           "hollow, dashed: RocksJava's engine binary",
                           "(same RocksDB 7.8.3 source, different builds)"]

    def use_bundled_engine(self):
        self.panrocks, self.native = "[bundled]", "[bundled build]"
        self.chart_note = ["panrocks and the native floor: the bundled engine build",
                           "RocksJava: its own build of the same RocksDB version"]


TAGS = EngineTags()
# panrocks and the native floor on RocksJava's engine binary: the same in every run
RJ_TAG = "[RJ engine]"
NATIVE_RJ_TAG = "[RJ build]"


def base_bid(bid):
    """'rj:PanrocksGet.get' -> 'PanrocksGet.get'; 'nativerj:get_pinned:1' -> 'native:get_pinned:1'."""
    if bid.startswith("rj:"):
        return bid[3:]
    if bid.startswith("nativerj:"):
        return "native:" + bid[len("nativerj:"):]
    return bid


def on_rj(bid):
    return bid.startswith("rj:") or bid.startswith("nativerj:")


def rj_bid(bid):
    """The same benchmark on RocksJava's engine binary (panrocks rerun, or the native floor's RJ build)."""
    if bid.startswith("native:"):
        return "nativerj:" + bid[len("native:"):]
    return "rj:" + bid


def label_of(bid, tagged=True):
    """A variant's label; with tagged, the engine binary it ran on is named."""
    v = BY_ID[base_bid(bid)]
    if not tagged or v.engine == "rocksjava":
        return v.label
    if v.engine == "native":
        return "%s %s" % (v.label, NATIVE_RJ_TAG if on_rj(bid) else TAGS.native)
    return "%s %s" % (v.label, RJ_TAG if on_rj(bid) else TAGS.panrocks)


FORWARD_PANROCKS = "PanrocksForward.forward"
FORWARD_ROCKSJAVA = "RocksJavaForward.forward"
GUARD = OrderedDict([
    ("GuardBenchmark.enterExit", ("enter + exit (the guard alone)", 1)),
    ("GuardBenchmark.enterExitThreads2", ("enter + exit", 2)),
    ("GuardBenchmark.emptyDowncall", ("empty downcall `panrocks_abi_version()`", 1)),
    ("GuardBenchmark.emptyDowncallThreads2", ("empty downcall", 2)),
    ("GuardBenchmark.get16", ("`get(key, byte[])`, 16 B value", 1)),
    ("GuardBenchmark.get16Threads2", ("`get(key, byte[])`, 16 B value", 2)),
])
SECTIONS = OrderedDict([
    ("get", "Point gets, 1 thread"),
    ("get2", "Point gets, 2 threads on one DB (ops/s of both threads)"),
    ("multiget", "MultiGet of 100 random keys (one op = 100 keys)"),
    ("scan", "Scans of 1000 entries (one op = new iterator + seek + 1000 entries)"),
    ("write", "Writes (one op = one put, or one batch of 100 puts)"),
    ("txn", "Transactions and indexed batches (pessimistic TransactionDB; one op = one read or one transaction)"),
])
ZERO_COPY_AND_BUFFER_GETS = ["PanrocksGet.getPinned", "PanrocksGet.getScoped", "PanrocksGet.getAdaptive",
                             "PanrocksGet.getSegment", "PanrocksGet.getDirectBuffer", "PanrocksGet.getPreallocated",
                             "PanrocksCriticalGet.getPreallocatedCritical"]

# The native shapes in the order the native-floor tables list them.
NATIVE_ORDER = ["get_string", "get_pinned", "get_buffer", "multiget100", "scan1000", "put", "batch100",
                "txn_get", "txn_put_commit", "txn_get_for_update_put_commit", "batch_and_db_get"]


def forward_records(value_size):
    """Records in the forward benchmark's log (ForwardParams.recordCount with records = 0)."""
    return int(max(4000, min(100000, (128 << 20) // value_size)))
