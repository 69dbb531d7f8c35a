package io.panrocks.testkit;

import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
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
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The open-DB fixture: a fresh temporary folder, a DB opened in it, closed
 * and deleted after each test. A test (or a {@code @BeforeEach} method)
 * receives the DB as a {@link RocksDB} parameter.
 *
 * <pre>{@code
 * @ExtendWith(OpenDbExtension.class)              // default options, create if missing
 * class RoundTripTest {
 *     @Test void putGet(RocksDB db) { ... }
 * }
 *
 * class IteratorTest {                            // own options, or column families
 *     @RegisterExtension
 *     final OpenDbExtension fixture = OpenDbExtension.opening(dir -> RocksDB.open(options, dir));
 * }
 * }</pre>
 *
 * <p>{@link #dir()} is the folder, {@link #reopen()} closes the current DB
 * and opens it again (the new one is closed after the test too).
 *
 * <p>{@link #other()}, or a {@code @OpenDbExtension.Other RocksDB} parameter,
 * is a second DB with default options in a folder of its own, for tests
 * that need a foreign DB (a handle, snapshot or batch of another DB is
 * refused); it is closed and deleted after the test too.
 */
public final class OpenDbExtension implements ParameterResolver, AfterEachCallback {
    /** Opens the DB of the fixture in its folder. */
    @FunctionalInterface
    public interface Opener {
        RocksDB open(Path dir) throws Exception;
    }

    /** Marks a {@link RocksDB} parameter that receives {@link #other()} instead of the fixture's DB. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    public @interface Other {
    }

    private final Opener opener;
    private Path dir;
    private RocksDB db;
    private Path otherDir;
    private RocksDB other;

    /** Default options, {@code setCreateIfMissing(true)}. */
    public OpenDbExtension() {
        this(dir -> RocksDB.open(new Options().setCreateIfMissing(true), dir));
    }

    private OpenDbExtension(Opener opener) {
        this.opener = opener;
    }

    public static OpenDbExtension opening(Opener opener) {
        return new OpenDbExtension(opener);
    }

    /** The folder of this test's DB (created on first use). */
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

    /** This test's DB, opened on first use. */
    public RocksDB db() {
        if (db == null) db = open();
        return db;
    }

    /**
     * A second DB, default options with {@code setCreateIfMissing(true)}, in
     * a folder of its own (created on first use); closed and deleted after
     * the test.
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

    /** Closes the current DB (if still open) and opens the folder again, with the fixture's opener. */
    public RocksDB reopen() throws RocksDBException {
        if (db != null) db.close();
        db = null;
        try {
            db = opener.open(dir());
        } catch (RocksDBException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("the fixture could not open its DB in " + dir, e);
        }
        return db;
    }

    private RocksDB open() {
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
        return parameter.getParameter().getType() == RocksDB.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        try {
            return parameter.isAnnotated(Other.class) ? other() : db();
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
