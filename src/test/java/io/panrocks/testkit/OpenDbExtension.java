package io.panrocks.testkit;

import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.DBOptions;
import io.panrocks.OptimisticTransactionDB;
import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.TransactionDB;
import io.panrocks.TransactionDBOptions;
import io.panrocks.TtlDB;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The suite's one open-DB fixture: a fresh temporary folder, a DB opened in
 * it on first use, closed and the folder deleted after each test. A test
 * (or a {@code @BeforeEach} method) receives the DB as a {@link RocksDB}
 * parameter (or one of its subclasses: {@link TransactionDB},
 * {@link OptimisticTransactionDB}, {@link TtlDB}), or asks {@link #db()}.
 *
 * <pre>{@code
 * @ExtendWith(OpenDbExtension.class)              // default options, create if missing
 * class RoundTripTest {
 *     @Test void putGet(RocksDB db) { ... }
 * }
 *
 * class IteratorTest {                            // own options
 *     @RegisterExtension
 *     final OpenDbExtension fixture = OpenDbExtension.withOptions(new Options().setCreateIfMissing(true)...);
 * }
 * }</pre>
 *
 * <p>Which DB: {@link #OpenDbExtension() default options},
 * {@link #withOptions own options}, {@link #withColumnFamilies named column
 * families}, a {@link #transactionDb TransactionDB}, an
 * {@link #optimisticTransactionDb OptimisticTransactionDB}, a
 * {@link #ttlDb TtlDB}, or anything else through {@link #opening an opener}.
 *
 * <p>Everything the fixture opens it closes after the test: its DB (also one
 * {@link #reopen() reopened}, or opened in a test with {@link #open(Options)
 * options of its own}), and {@link #other() a second DB} for tests that need
 * a foreign one. A test may close the DB itself ({@link RocksDB#close()}, a
 * try-with-resources block, or {@link #close()} to use the folder by hand);
 * closing twice is harmless.
 *
 * <p>A test opens a DB by hand only when the open is what it tests (open
 * options and their errors, reopen and recovery, lifecycle, another process).
 */
public final class OpenDbExtension implements ParameterResolver, AfterEachCallback {
    /** Opens the DB of the fixture in its folder. */
    @FunctionalInterface
    public interface Opener {
        /** Opens a DB in dir (the fixture's folder); the fixture closes what it returns. */
        RocksDB open(Path dir) throws Exception;
    }

    /** Marks a {@link RocksDB} parameter that receives {@link #other()} instead of the fixture's DB. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    public @interface Other {
    }

    private final Opener opener;
    /** the handles of the families of {@link #withColumnFamilies}, refilled at each open */
    private final List<ColumnFamilyHandle> families = new ArrayList<>();
    private Path dir;
    private RocksDB db;
    private Path otherDir;
    private RocksDB other;

    /**
     * The fixture of a {@link RocksDB} with default options and
     * {@code setCreateIfMissing(true)}; the fixture closes it after the test.
     */
    public OpenDbExtension() {
        this(dir -> RocksDB.open(new Options().setCreateIfMissing(true), dir));
    }

    private OpenDbExtension(Opener opener) {
        this.opener = opener;
    }

    private OpenDbExtension(DBOptions options, List<ColumnFamilyDescriptor> descriptors) {
        this.opener = dir -> {
            families.clear();
            return RocksDB.open(options, dir, descriptors, families);
        };
    }

    /**
     * The fixture of a DB that opener opens in the fixture's folder (any
     * options, any kind of DB, column families whose handles the opener
     * keeps). The fixture closes what it returns.
     */
    public static OpenDbExtension opening(Opener opener) {
        return new OpenDbExtension(opener);
    }

    /**
     * The fixture of a {@link RocksDB} opened with exactly these options
     * ({@code RocksDB.open(options, dir)}: set {@code setCreateIfMissing(true)});
     * the fixture closes it after the test.
     */
    public static OpenDbExtension withOptions(Options options) {
        return new OpenDbExtension(dir -> RocksDB.open(options, dir));
    }

    /**
     * The fixture of a {@link RocksDB} with default options and the column
     * families default and names (created if missing); {@link #family} and
     * {@link #families()} are their handles, closed with the DB.
     */
    public static OpenDbExtension withColumnFamilies(String... names) {
        List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
        descriptors.add(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY));
        for (String name : names) descriptors.add(new ColumnFamilyDescriptor(name.getBytes(StandardCharsets.UTF_8)));
        return withColumnFamilies(new DBOptions(), descriptors);
    }

    /**
     * The fixture of a {@link RocksDB} with these DB options and these
     * families (the first one is usually default; each with its own
     * options), created if missing; {@link #family} and {@link #families()}
     * are their handles, in this order, closed with the DB.
     */
    public static OpenDbExtension withColumnFamilies(DBOptions options, List<ColumnFamilyDescriptor> descriptors) {
        return new OpenDbExtension(options.setCreateIfMissing(true).setCreateMissingColumnFamilies(true), descriptors);
    }

    /**
     * The fixture of a {@link TransactionDB} ({@code TransactionDB.open(options,
     * transactionDbOptions, dir)}: set {@code setCreateIfMissing(true)});
     * {@code db(TransactionDB.class)} or a {@code TransactionDB} parameter is it.
     */
    public static OpenDbExtension transactionDb(Options options, TransactionDBOptions transactionDbOptions) {
        return new OpenDbExtension(dir -> TransactionDB.open(options, transactionDbOptions, dir));
    }

    /**
     * The fixture of an {@link OptimisticTransactionDB} ({@code OptimisticTransactionDB.open(options, dir)}:
     * set {@code setCreateIfMissing(true)}); {@code db(OptimisticTransactionDB.class)} or a parameter of that type is it.
     */
    public static OpenDbExtension optimisticTransactionDb(Options options) {
        return new OpenDbExtension(dir -> OptimisticTransactionDB.open(options, dir));
    }

    /**
     * The fixture of a {@link TtlDB} ({@code TtlDB.open(options, dir, ttl, false)}: set
     * {@code setCreateIfMissing(true)}); {@code db(TtlDB.class)} or a {@code TtlDB} parameter is it.
     */
    public static OpenDbExtension ttlDb(Options options, int ttlSeconds) {
        return new OpenDbExtension(dir -> TtlDB.open(options, dir, ttlSeconds, false));
    }

    /** The folder of this test's DB (created on first use, deleted after the test). */
    public Path dir() {
        if (dir == null) {
            try {
                dir = Files.createTempDirectory("panrocks-test");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return dir;
    }

    /**
     * This test's DB, opened on first use, and opened again (same folder, the
     * fixture's options) if the test closed it; the fixture closes it.
     */
    public RocksDB db() {
        if (db == null || !db.isOpen()) db = openFirst();
        return db;
    }

    /**
     * {@link #db()} as the kind of DB the fixture opens (TransactionDB,
     * OptimisticTransactionDB, TtlDB); the fixture closes it.
     */
    public <T extends RocksDB> T db(Class<T> kind) {
        RocksDB d = db();
        if (!kind.isInstance(d)) {
            throw new IllegalStateException("the fixture's DB is a " + d.getClass().getSimpleName() + ", not a " + kind.getSimpleName());
        }
        return kind.cast(d);
    }

    /**
     * The handle of the family name of a {@link #withColumnFamilies} fixture
     * (opening the DB if need be); owned by the DB.
     */
    public ColumnFamilyHandle family(String name) {
        for (ColumnFamilyHandle h : families()) {
            if (new String(h.getName(), StandardCharsets.UTF_8).equals(name)) return h;
        }
        throw new IllegalArgumentException("the fixture opened no column family " + name);
    }

    /**
     * The handles of the families of a {@link #withColumnFamilies} fixture,
     * in the order given (default first), opening the DB if need be; owned by the DB.
     */
    public List<ColumnFamilyHandle> families() {
        db();
        return List.copyOf(families);
    }

    /**
     * Closes this test's DB now (if open), to use its folder by hand (a
     * read-only or secondary open, which the test closes); {@link #db()} opens it again.
     */
    public void close() {
        if (db != null) db.close();
        db = null;
    }

    /**
     * Closes this test's DB (if open) and opens the fixture's folder again
     * with the fixture's own options; the fixture closes it after the test.
     */
    public RocksDB reopen() throws RocksDBException {
        return open(opener);
    }

    /**
     * This test's DB opened with these options instead of the fixture's
     * ({@code RocksDB.open(options, dir())}: set {@code setCreateIfMissing(true)}),
     * for a test whose DB needs options of its own (a listener, a comparator,
     * a merge operator...). Closes the fixture's DB first if it is open;
     * {@link #db()} returns the new one, and the fixture closes it after the
     * test (the test may close it earlier).
     */
    public RocksDB open(Options options) throws RocksDBException {
        return open(dir -> RocksDB.open(options, dir));
    }

    /**
     * As {@link #open(Options)}, with an opener: column families, another
     * kind of DB ({@code dir -> TransactionDB.open(options, txnOptions, dir)}).
     */
    public RocksDB open(Opener opener) throws RocksDBException {
        close();
        try {
            db = opener.open(dir());
        } catch (RocksDBException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("the fixture could not open its DB in " + dir, e);
        }
        return db;
    }

    /**
     * A second DB, default options with {@code setCreateIfMissing(true)}, in
     * a folder of its own (created on first use), for tests that need a
     * foreign DB; the fixture closes it and deletes its folder after the test.
     */
    public RocksDB other() {
        if (other == null) {
            try {
                otherDir = Files.createTempDirectory("panrocks-other");
                other = RocksDB.open(new Options().setCreateIfMissing(true), otherDir);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (RocksDBException e) {
                throw new IllegalStateException("the fixture could not open its other DB in " + otherDir, e);
            }
        }
        return other;
    }

    private RocksDB openFirst() {
        try {
            return opener.open(dir());
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("the fixture could not open its DB in " + dir, e);
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return RocksDB.class.isAssignableFrom(parameter.getParameter().getType());
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        try {
            Class<?> type = parameter.getParameter().getType();
            return parameter.isAnnotated(Other.class) ? other() : db(type.asSubclass(RocksDB.class));
        } catch (RuntimeException e) {
            throw new ParameterResolutionException("opening the fixture's DB failed", e);
        }
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        try {
            if (db != null) db.close();
        } finally {
            db = null;
            families.clear();
            try {
                if (other != null) other.close();
            } finally {
                other = null;
                if (dir != null) ForkedJvm.deleteRecursively(dir);
                dir = null;
                if (otherDir != null) ForkedJvm.deleteRecursively(otherDir);
                otherDir = null;
            }
        }
    }
}
