package io.panrocks;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;

/**
 * A column family used as an ordered, append-only log, Kafka style: each
 * record's key is its offset (a big-endian 64-bit number, so keys sort as
 * offsets), values are the payload. Producers {@link #append}; consumers
 * ({@link #consumer}) poll zero-copy {@link RecordBatch}es from a position
 * and commit the last offset they processed, durably, in a second column
 * family of the same DB, so that a restarted consumer resumes exactly after
 * its last commit.
 *
 * <p>Appends are serialized (one offset counter, offsets become visible in
 * order, so a consumer never skips one); any thread may append. The DB must
 * be opened with both column families (see {@link #columnFamilies}).
 */
public final class RecordLog {
    private final RocksDB db;
    private final ColumnFamilyHandle records;
    private final ColumnFamilyHandle commits;
    private final WriteOptions appendOptions;
    private long nextOffset;

    /**
     * A log over {@code records}, with consumer commits in {@code commits}.
     * Appends are written with {@code appendOptions} (use sync for appends
     * that must survive a machine crash once acknowledged).
     *
     * @param db the DB holding both families
     * @param records the family of the records
     * @param commits the family of the consumer groups' commits
     * @param appendOptions the write options of appends and commits
     * @throws RocksDBException if the engine fails to read the log's last offset
     */
    public RecordLog(RocksDB db, ColumnFamilyHandle records, ColumnFamilyHandle commits, WriteOptions appendOptions)
            throws RocksDBException {
        this.db = Objects.requireNonNull(db, "db");
        this.records = Objects.requireNonNull(records, "records");
        this.commits = Objects.requireNonNull(commits, "commits");
        this.appendOptions = Objects.requireNonNull(appendOptions, "appendOptions");
        if (records.equals(commits)) throw new IllegalArgumentException("records and commits need two column families");
        try (RocksIterator it = db.newIterator(records)) {
            it.seekToLast();
            nextOffset = it.isValid() ? offsetOf(it.keyBytes()) + 1 : 0;
            it.status();
        }
    }

    /**
     * As {@link #RecordLog(RocksDB, ColumnFamilyHandle, ColumnFamilyHandle, WriteOptions)}, with
     * default write options.
     *
     * @param db the DB holding both families
     * @param records the family of the records
     * @param commits the family of the consumer groups' commits
     * @throws RocksDBException as {@link #RecordLog(RocksDB, ColumnFamilyHandle, ColumnFamilyHandle,
     *         WriteOptions)}
     */
    public RecordLog(RocksDB db, ColumnFamilyHandle records, ColumnFamilyHandle commits) throws RocksDBException {
        this(db, records, commits, WriteOptions.DEFAULT);
    }

    /**
     * The descriptors of the two column families a log named {@code name} uses.
     *
     * @param name the log's name; the families are named after it
     * @return two descriptors: the records' family, then the commits' family
     */
    public static List<ColumnFamilyDescriptor> columnFamilies(String name) {
        return List.of(new ColumnFamilyDescriptor(name.getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                new ColumnFamilyDescriptor((name + ".commits").getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    /**
     * Appends one record; returns its offset.
     *
     * @param value the record's bytes; not null
     * @return the new record's offset
     * @throws RocksDBException if the engine refuses the write
     */
    public synchronized long append(byte[] value) throws RocksDBException {
        Objects.requireNonNull(value, "value");
        db.put(records, appendOptions, key(nextOffset), value);
        return nextOffset++;
    }

    /**
     * Appends one record from native or heap memory; returns its offset.
     *
     * @param value the record's bytes; not null
     * @return the new record's offset
     * @throws RocksDBException if the engine refuses the write
     */
    public synchronized long append(MemorySegment value) throws RocksDBException {
        db.put(records, appendOptions, MemorySegment.ofArray(key(nextOffset)), value);
        return nextOffset++;
    }

    /**
     * Appends records atomically (one write batch); returns the offset of the first.
     *
     * @param values the records' bytes, in order; none null
     * @return the offset of the first new record
     * @throws RocksDBException if the engine refuses the write (then no record is appended)
     */
    public synchronized long appendAll(List<byte[]> values) throws RocksDBException {
        Objects.requireNonNull(values, "values");
        try (WriteBatch batch = new WriteBatch()) {
            long offset = nextOffset;
            for (byte[] v : values) batch.put(records, key(offset++), Objects.requireNonNull(v, "values must not contain null"));
            db.write(appendOptions, batch);
            long first = nextOffset;
            nextOffset = offset;
            return first;
        }
    }

    /**
     * The offset the next append gets.
     *
     * @return the offset of the next record appended
     */
    public synchronized long endOffset() {
        return nextOffset;
    }

    /**
     * A consumer of this log for {@code group}, positioned just after the group's last commit.
     *
     * @param group the consumer group's name
     * @return a new consumer
     * @throws RocksDBException if the engine fails to read the group's commit
     */
    public LogConsumer consumer(String group) throws RocksDBException {
        return new LogConsumer(this, Objects.requireNonNull(group, "group"));
    }

    RocksDB db() {
        return db;
    }

    ColumnFamilyHandle records() {
        return records;
    }

    ColumnFamilyHandle commits() {
        return commits;
    }

    /**
     * The key of an offset: big-endian, so keys sort as offsets.
     *
     * @param offset the record's offset
     * @return the 8-byte key of the record at that offset
     */
    public static byte[] key(long offset) {
        if (offset < 0) throw new IllegalArgumentException("offset must be >= 0, was " + offset);
        return ByteBuffer.allocate(8).putLong(offset).array();
    }

    static long offsetOf(byte[] key) {
        if (key.length != 8) throw new IllegalStateException("not a log key: " + key.length + " bytes");
        return ByteBuffer.wrap(key).getLong();
    }

}
