package io.panrocks.internal;

import io.panrocks.internal.ffi.panrocks_h;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Finds and loads libpanrocks.so exactly once per class loader.
 *
 * <p>By default the library travels in the jar under
 * {@code io/panrocks/native/<platform>/} and is extracted once into a per-user
 * cache folder named after its SHA-256, so every JVM start reuses the same
 * file and two versions never overwrite each other. The system property
 * {@value #LIBRARY_PATH_PROPERTY} names another file to load instead;
 * {@value #CACHE_DIR_PROPERTY} moves the cache (default
 * {@code $XDG_CACHE_HOME/panrocks} or {@code ~/.cache/panrocks}).
 *
 * <p>The generated bindings resolve symbols through
 * {@code SymbolLookup.loaderLookup()}, which sees libraries loaded by this
 * class loader: so {@link System#load} here must run before any binding is
 * used, and every entry point calls {@link #ensureLoaded()} first.
 */
public final class NativeLibrary {
    public static final String LIBRARY_PATH_PROPERTY = "panrocks.library.path";
    public static final String CACHE_DIR_PROPERTY = "panrocks.cache.dir";
    static final String LIBRARY_FILE = "libpanrocks.so";

    private static volatile Path loadedFrom;
    private static volatile String engineVersion;

    private NativeLibrary() {
    }

    /** Loads the library (once) and checks its ABI; returns where it came from. */
    public static Path ensureLoaded() {
        Path p = loadedFrom;
        return p != null ? p : loadOnFreshStack();
    }

    /**
     * Loads on a thread of its own, with a stack of its own. Loading
     * initializes every class of panrocks (the generated bindings create
     * their method handles in static initializers): a class whose
     * initialization fails, say with a {@link StackOverflowError} because the
     * first call came from deep in a recursion, stays unusable for the JVM's
     * life. Done here, up front, no caller's stack depth can do that.
     */
    private static Path loadOnFreshStack() {
        FutureTask<Path> load = new FutureTask<>(NativeLibrary::loadOnce);
        Thread loader = new Thread(null, load, "panrocks-load", 16L << 20);
        loader.setDaemon(true);
        loader.start();
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return load.get();
                } catch (InterruptedException e) {
                    interrupted = true; // the load finishes anyway; tell the caller afterwards
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof RuntimeException re) throw re;
                    if (cause instanceof Error er) throw er;
                    throw new IllegalStateException("panrocks: loading the native library failed", cause);
                }
            }
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    /**
     * Initializes every class of panrocks and of its bindings (see
     * {@link #loadOnFreshStack()}). None of their static initializers loads
     * the library, so this cannot wait on itself.
     */
    private static void initializeClasses() {
        ClassLoader loader = NativeLibrary.class.getClassLoader();
        for (Class<?> nested : panrocks_h.class.getDeclaredClasses()) initialize(nested.getName(), loader);
        for (String name : panrocksClassNames()) initialize(name, loader);
    }

    private static void initialize(String className, ClassLoader loader) {
        try {
            Class.forName(className, true, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            // not ours to fail the load over: the class fails again, with its own error, where it is used
        }
    }

    /** The classes of the jar or folder panrocks was loaded from (empty if that cannot be listed). */
    private static List<String> panrocksClassNames() {
        List<String> names = new ArrayList<>();
        try {
            CodeSource source = NativeLibrary.class.getProtectionDomain().getCodeSource();
            if (source == null) return names;
            Path location = Path.of(source.getLocation().toURI());
            if (Files.isDirectory(location)) {
                try (var files = Files.walk(location.resolve("io/panrocks"))) {
                    files.filter(f -> f.toString().endsWith(".class"))
                            .forEach(f -> names.add(className(location.relativize(f).toString())));
                }
            } else {
                try (JarFile jar = new JarFile(location.toFile())) {
                    jar.stream().map(JarEntry::getName)
                            .filter(n -> n.startsWith("io/panrocks/") && n.endsWith(".class"))
                            .forEach(n -> names.add(className(n)));
                }
            }
        } catch (Exception e) {
            // listing is best effort: the bindings' nested classes are initialized regardless
        }
        names.removeIf(n -> n.endsWith("module-info") || n.endsWith("package-info"));
        return names;
    }

    private static String className(String path) {
        return path.substring(0, path.length() - ".class".length()).replace('/', '.').replace('\\', '.');
    }

    /** Version of the RocksDB engine the loaded library runs on, e.g. "9.11.2". */
    public static String engineVersion() {
        ensureLoaded();
        return engineVersion;
    }

    private static synchronized Path loadOnce() {
        if (loadedFrom != null) return loadedFrom;
        String override = System.getProperty(LIBRARY_PATH_PROPERTY);
        Path path = override != null && !override.isBlank()
                ? Path.of(override).toAbsolutePath()
                : extractFromJar();
        if (!Files.isRegularFile(path)) {
            throw new UnsatisfiedLinkError("panrocks: native library " + path + " does not exist (from -D"
                    + LIBRARY_PATH_PROPERTY + ")");
        }
        System.load(path.toString());
        checkAbi(path);
        refuseSecondEngine();  // after the load: a shared librocksdb comes in with the library
        engineVersion = panrocks_h.panrocks_engine_version().reinterpret(64).getString(0);
        initializeClasses();
        loadedFrom = path;
        return path;
    }

    /**
     * Refuses to run beside RocksJava when that would crash: only when this
     * libpanrocks.so was built against a <em>shared</em> librocksdb (the
     * ROCKSDB_ROOT build) and RocksJava's librocksdbjni is in the process too.
     * A shared RocksDB exports its symbols, some of them STB_GNU_UNIQUE
     * (function-local statics of its registries), which the dynamic linker
     * unifies process-wide with the same symbols of librocksdbjni: the two
     * engine builds then free each other's cache entries (a SIGSEGV, seen).
     * The bundled engine (the default build) is linked statically with every
     * symbol local and no unique symbols, so it shares nothing with RocksJava
     * and runs beside it (RocksJavaCoexistenceTest). Checked when the library
     * loads and again at every open.
     */
    public static void refuseSecondEngine() {
        Path maps = Path.of("/proc/self/maps");
        if (!Files.isReadable(maps)) return;
        try (var lines = Files.lines(maps)) {
            String rocksJava = null, shared = null;
            for (String l : (Iterable<String>) lines::iterator) {
                String file = l.substring(l.lastIndexOf(' ') + 1);
                String name = file.substring(file.lastIndexOf('/') + 1);
                if (name.startsWith("librocksdbjni")) rocksJava = file;
                else if (name.startsWith("librocksdb.so")) shared = file;
            }
            if (rocksJava != null && shared != null) {
                throw new IllegalStateException("panrocks: RocksJava's native library is loaded in this JVM ("
                        + rocksJava + ") and this libpanrocks.so runs on the shared RocksDB " + shared
                        + ". Two copies of the RocksDB engine with exported symbols cannot share a process: "
                        + "RocksDB's internal registries are process-wide symbols, and the two copies would free "
                        + "each other's memory. Use panrocks' bundled engine (the default build, statically "
                        + "linked), or run RocksJava and panrocks in separate JVMs.");
            }
        } catch (IOException | UncheckedIOException e) {
            // an unreadable maps file is not a reason to refuse
        }
    }

    private static void checkAbi(Path path) {
        int expected = panrocks_h.PANROCKS_ABI_VERSION();
        int actual;
        try {
            actual = panrocks_h.panrocks_abi_version();
        } catch (Throwable t) {
            throw linkError("panrocks: " + path + " is not a panrocks native library (no panrocks_abi_version)", t);
        }
        if (actual != expected) {
            throw new UnsatisfiedLinkError("panrocks: native library " + path + " implements C ABI version "
                    + actual + " but this panrocks jar was generated for version " + expected
                    + "; use the libpanrocks.so built with this jar (or unset -D" + LIBRARY_PATH_PROPERTY + ")");
        }
    }

    private static UnsatisfiedLinkError linkError(String message, Throwable cause) {
        UnsatisfiedLinkError e = new UnsatisfiedLinkError(message);
        e.initCause(cause);
        return e;
    }

    static String platform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String osId = os.startsWith("linux") ? "linux" : os.replaceAll("[^a-z0-9]", "");
        String archId = switch (arch) {
            case "amd64", "x86_64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            default -> arch;
        };
        return osId + "-" + archId;
    }

    private static Path extractFromJar() {
        String resource = "/io/panrocks/native/" + platform() + "/" + LIBRARY_FILE;
        byte[] bytes;
        try (InputStream in = NativeLibrary.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new UnsatisfiedLinkError("panrocks: this jar has no native library for " + platform()
                        + " (looked for " + resource + "); build one with scripts/build-native.sh and pass -D"
                        + LIBRARY_PATH_PROPERTY + "=/path/to/libpanrocks.so");
            }
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("panrocks: cannot read " + resource, e);
        }
        String hash = sha256(bytes);
        Path dir = cacheRoot().resolve(hash.substring(0, 32));
        Path target = dir.resolve(LIBRARY_FILE);
        try {
            if (Files.isRegularFile(target) && sha256(Files.readAllBytes(target)).equals(hash)) {
                return target;
            }
            Files.createDirectories(dir);
            // Write beside the target and move it in atomically, so that JVMs
            // starting together never load a half-written file.
            Path tmp = Files.createTempFile(dir, LIBRARY_FILE, ".tmp");
            try {
                Files.write(tmp, bytes);
                try {
                    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("panrocks: cannot extract the native library to " + target
                    + " (set -D" + CACHE_DIR_PROPERTY + " to a writable folder)", e);
        }
    }

    static Path cacheRoot() {
        String configured = System.getProperty(CACHE_DIR_PROPERTY);
        if (configured != null && !configured.isBlank()) return Path.of(configured);
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) return Path.of(xdg, "panrocks");
        String home = System.getProperty("user.home");
        if (home != null && !home.isBlank() && Files.isWritable(Path.of(home))) {
            return Path.of(home, ".cache", "panrocks");
        }
        return Path.of(System.getProperty("java.io.tmpdir"), "panrocks-" + System.getProperty("user.name", "user"));
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError("SHA-256 is required of every JDK", e);
        }
    }

    /** Reads a NUL-terminated C string the library owns (static storage). */
    static String cString(MemorySegment pointer, int max) {
        return pointer.reinterpret(max).getString(0);
    }
}
