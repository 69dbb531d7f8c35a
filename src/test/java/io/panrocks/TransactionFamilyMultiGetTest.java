package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * RocksJava 11's {@code Transaction.multiGetAsList(ReadOptions,
 * ColumnFamilyHandle, List)}: every key in one family, the transaction's
 * own writes seen, the other families not.
 */
class TransactionFamilyMultiGetTest {
    @RegisterExtension
    final OpenDbExtension fixture = OpenDbExtension.transactionDb(new Options().setCreateIfMissing(true),
            new TransactionDBOptions());

    static List<String> strings(List<byte[]> values) {
        List<String> out = new ArrayList<>();
        for (byte[] v : values) out.add(string(v));
        return out;
    }

    @Test
    void readsEveryKeyInTheOneFamilyThroughTheTransaction(TransactionDB db) throws Exception {
        ColumnFamilyHandle other = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("other")));
        db.put(other, bytes("a"), bytes("other-a"));
        db.put(bytes("a"), bytes("default-a"));
        try (Transaction txn = db.beginTransaction(WriteOptions.DEFAULT)) {
            txn.put(other, bytes("b"), bytes("txn-b"));
            txn.delete(other, bytes("a"));
            txn.put(bytes("c"), bytes("default-c"));
            List<byte[]> keys = Arrays.asList(bytes("a"), bytes("b"), bytes("c"), bytes("b"));
            assertEquals(Arrays.asList(null, "txn-b", null, "txn-b"),
                    strings(txn.multiGetAsList(ReadOptions.DEFAULT, other, keys)));
            assertEquals(Arrays.asList("default-a", null, "default-c", null),
                    strings(txn.multiGetAsList(ReadOptions.DEFAULT, db.getDefaultColumnFamily(), keys)));
            assertEquals(List.of(), txn.multiGetAsList(ReadOptions.DEFAULT, other, List.of()));
            assertEquals(Arrays.asList("default-a", null, "default-c", null),
                    strings(txn.multiGetAsList(ReadOptions.DEFAULT, (ColumnFamilyHandle) null, keys)), "null: the default family");
            assertThrows(NullPointerException.class, () -> txn.multiGetAsList(ReadOptions.DEFAULT, other, null));
            assertThrows(NullPointerException.class,
                    () -> txn.multiGetAsList(ReadOptions.DEFAULT, other, Arrays.asList(bytes("a"), null)));
            txn.rollback();
        }
        other.close();
        try (Transaction txn = db.beginTransaction(WriteOptions.DEFAULT)) {
            assertThrows(IllegalStateException.class,
                    () -> txn.multiGetAsList(ReadOptions.DEFAULT, other, List.of(bytes("a"))), "a closed family");
        }
    }
}
