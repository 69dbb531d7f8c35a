package io.panrocks.internal;

import io.panrocks.internal.ffi.panrocks_h;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.net.JarURLConnection;
import java.net.URI;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.zip.CRC32;

/**
 * Finds and loads the native library (libpanrocks.so, libpanrocks.dylib,
 * panrocks.dll) exactly once per class loader.
 *
 * <p>By default the library travels in a jar under
 * {@code io/panrocks/native/<platform>/}: the main jar carries linux-x86_64 and
 * linux-aarch64 (glibc), classifier jars ({@code panrocks-<version>-osx-aarch64.jar},
 * {@code panrocks-<version>-linux-x86_64-musl.jar} for musl, as on Alpine
 * ...) the other platforms, found on the class path or the module path alike
 * (the folder is not a package, so no module encapsulates it). The library is
 * extracted once into a per-user cache folder named after its SHA-256, so
 * every JVM start reuses the same file and two versions never overwrite each
 * other; the hash comes with the jar ({@code <library>.sha256}, written at
 * build time), so a start checks the cached file's size and time stamp and
 * hashes nothing (see {@link #EXTRACTED_STAMP}), and an extraction checks
 * the copy by size and CRC-32 (see {@link #extract}). A cache folder on a noexec
 * file system is handled too (see {@link #loadFromMemory}). On Linux the C library
 * decides between the two libraries of a machine (glibc or musl), and is checked
 * before the library is opened: the glibc libraries need glibc {@value #GLIBC_FLOOR}
 * or newer, and a machine with an older one, or with neither glibc nor musl, gets an
 * {@link UnsatisfiedLinkError} that says so, not the dynamic linker's message about a
 * missing symbol. The system property
 * {@value #LIBRARY_PATH_PROPERTY} names another file to load instead;
 * {@value #CACHE_DIR_PROPERTY} moves the cache (default
 * {@code $XDG_CACHE_HOME/panrocks} or {@code ~/.cache/panrocks}).
 *
 * <p>The generated bindings resolve symbols through
 * {@code SymbolLookup.loaderLookup()}, which sees libraries loaded by this
 * class loader: so {@link System#load} here must run before any binding is
 * used, and every entry point calls {@link #ensureLoaded()} first. Each
 * function links when first called (see {@link #loadTask()}).
 */
public final class NativeLibrary {
    public static final String LIBRARY_PATH_PROPERTY = "panrocks.library.path";
    public static final String CACHE_DIR_PROPERTY = "panrocks.cache.dir";
    /** false: a library on a noexec file system is refused, not loaded from memory (see loadFromMemory). */
    public static final String MEMFD_PROPERTY = "panrocks.library.memfd";
    /** The oldest glibc the Linux libraries in the jars run on (every symbol version they use is at most this). */
    static final String GLIBC_FLOOR = "2.17";
    /** Every platform a panrocks jar is built for (scripts/toolchain.sh). */
    static final List<String> PLATFORMS = List.of("linux-x86_64", "linux-aarch64", "linux-x86_64-musl",
            "linux-aarch64-musl", "osx-aarch64", "osx-x86_64", "windows-x86_64");
    /** What {@link #cLibrary()} says of a Linux whose C library is musl (it has no version to ask for). */
    static final String MUSL = "musl";

    private static final Object LOCK = new Object();
    /** The load: the library in the process, its ABI checked, the first call's functions linked. */
    private static volatile FutureTask<Path> load;
    /** After the load, on the same thread: what runs while a StackOverflowError unwinds, linked ahead. */
    private static volatile FutureTask<Void> unwinding;
    private static volatile Thread loaderThread;
    private static volatile Path loadedFrom;
    private static volatile boolean ready;
    private static volatile String engineVersion;

    private NativeLibrary() {
    }

    /**
     * Loads the library (once) and checks its ABI; returns where it came
     * from. Every entry point that creates a native object calls this first;
     * it returns once the functions that release native objects are linked
     * too (see {@link #linkUnwindingPaths()}).
     */
    public static Path ensureLoaded() {
        if (ready) return loadedFrom;
        Path path = awaitLoad();
        if (Thread.currentThread() == loaderThread) return path; // a class initialized ahead: never wait on itself
        await(unwinding);
        ready = true;
        return path;
    }

    /**
     * Loads on a thread of its own, with a stack of its own (the first caller
     * may be deep in a recursion). The native functions are linked when first
     * used: each generated holder class creates its method handle in its
     * static initializer, on the thread that first calls the function. A
     * class whose initialization fails, say with a {@link StackOverflowError},
     * stays unusable for the JVM's life; the first use of most functions is
     * at a depth the caller chose, where an overflow would have happened
     * anyway, but the functions that release native objects and the error
     * path run first while an overflow unwinds, at the stack's very end: this
     * thread links those ahead, after the load, before any object exists
     * that they could release ({@link #ensureLoaded()} waits for it; only
     * {@link #engineVersion()} does not).
     */
    private static FutureTask<Path> loadTask() {
        FutureTask<Path> task = load;
        if (task != null) return task;
        synchronized (LOCK) {
            if (load != null) return load;
            FutureTask<Path> loading = new FutureTask<>(NativeLibrary::loadOnce);
            FutureTask<Void> linking = new FutureTask<>(NativeLibrary::linkUnwindingPaths, null);
            Thread loader = new Thread(null, () -> {
                loading.run();
                if (loadedFrom != null) linking.run();  // a failed load is tried again by the next call
            }, "panrocks-load", 16L << 20);
            loader.setDaemon(true);
            loaderThread = loader;
            unwinding = linking;
            load = loading;
            loader.start();
            return loading;
        }
    }

    /** Waits for the load; a failed one is forgotten, so that the next call tries again (a property fixed, say). */
    private static Path awaitLoad() {
        FutureTask<Path> task = loadTask();
        try {
            return await(task);
        } catch (RuntimeException | Error e) {
            synchronized (LOCK) {
                if (load == task) load = null;
            }
            throw e;
        }
    }

    private static <T> T await(FutureTask<T> task) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return task.get();
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
     * Initializes, on the loader's big stack, what runs while a
     * StackOverflowError unwinds through panrocks: the holders of the
     * functions that release, destroy or close native objects (called from
     * finally blocks and cleaners), panrocks' internal classes, and the
     * status and exception classes an error becomes. None of their static
     * initializers loads the library, so this cannot wait on itself.
     * Everything else links on first use.
     */
    private static void linkUnwindingPaths() {
        // after the load (a shared librocksdb comes in with the library), before any object is made; off the
        // first call's path, as reading /proc/self/maps costs a JVM's worth of lines
        refuseSecondEngine();
        ClassLoader loader = NativeLibrary.class.getClassLoader();
        for (String function : RELEASING_FUNCTIONS) initialize(HOLDER_PREFIX + function, loader);
        // listed here, not in a static field: NativeLibrary's own initialization, on the first call's path, loads
        // none. Not CallbackBinding, ComparatorBinding nor CriticalCalls: each is initialized where a callback or
        // the critical read is set up, before any code of theirs can unwind, and their method handles cost a
        // first open about as much as everything listed here.
        List<Class<?>> unwindingClasses = List.of(CallContext.class,
                ConfinedResource.class, DbResource.class, Errors.class, Leaks.class,
                MultiGetScratch.class, NativeDb.class, NativeMemory.class, OpenPaths.class, PinSlot.class,
                SerializedResource.class, SharedResource.class, SharedViewsResource.class, ShutdownBound.class,
                StandaloneResource.class, ThreadContexts.class, ViewScope.class,
                io.panrocks.internal.ffi.panrocks_error.class, io.panrocks.RocksDBException.class,
                io.panrocks.Status.class);
        for (Class<?> c : unwindingClasses) {
            initialize(c.getName(), loader);
            for (Class<?> nested : c.getDeclaredClasses()) initialize(nested.getName(), loader);
        }
    }

    /** A generated function's holder class: this prefix and the C function's name. */
    static final String HOLDER_PREFIX = panrocks_h.class.getName() + "$";

    /**
     * Whether a C function gives something back (its name ends in _release,
     * _destroy, _close or _free): what cleanup code calls. Listed by name
     * below rather than found by reflection, which would load all the
     * holders; NativeLibraryLinkingTest keeps the list whole.
     */
    static boolean releasesSomething(String function) {
        return function.startsWith("panrocks_") && (function.endsWith("_release") || function.endsWith("_destroy")
                || function.endsWith("_close") || function.endsWith("_free"));
    }

    /** Every function of the bindings that {@link #releasesSomething releases something}. */
    static final List<String> RELEASING_FUNCTIONS = List.of("panrocks_close", "panrocks_read_options_destroy",
            "panrocks_snapshot_release", "panrocks_pin_release", "panrocks_pin_destroy", "panrocks_multiget_release",
            "panrocks_multiget_destroy", "panrocks_iterator_destroy", "panrocks_txn_release", "panrocks_wbwi_destroy",
            "panrocks_file_list_destroy", "panrocks_sst_writer_destroy", "panrocks_backup_engine_destroy",
            "panrocks_backup_list_destroy", "panrocks_compaction_result_destroy", "panrocks_task_limiter_destroy",
            "panrocks_export_destroy", "panrocks_entity_release", "panrocks_entity_destroy",
            "panrocks_entities_release", "panrocks_entities_destroy", "panrocks_cache_destroy",
            "panrocks_stats_destroy", "panrocks_write_buffer_manager_destroy", "panrocks_rate_limiter_destroy",
            "panrocks_sst_file_manager_destroy", "panrocks_env_destroy", "panrocks_callback_destroy",
            "panrocks_wal_iterator_destroy", "panrocks_wal_filter_destroy", "panrocks_blob_destroy",
            "panrocks_sst_reader_destroy", "panrocks_compaction_service_destroy",
            "panrocks_compaction_cancel_destroy");

    private static void initialize(String className, ClassLoader loader) {
        try {
            Class.forName(className, true, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            // not ours to fail the load over: the class fails again, with its own error, where it is used
        }
    }

    /** Version of the RocksDB engine the loaded library runs on, e.g. "9.11.2". */
    public static String engineVersion() {
        awaitLoad();
        return engineVersion;
    }

    private static synchronized Path loadOnce() {
        if (loadedFrom != null) return loadedFrom;
        String override = System.getProperty(LIBRARY_PATH_PROPERTY);
        Path path;
        if (override != null && !override.isBlank()) {
            path = Path.of(override).toAbsolutePath();
        } else {
            startCacheLookup(likelyPlatform());
            String cLibrary = cLibrary();
            String platform = libraryPlatform(platform(), cLibrary);
            checkCLibrary(platform, cLibrary);
            path = extractFromJar(platform);
        }
        if (!Files.isRegularFile(path)) {
            throw new UnsatisfiedLinkError("panrocks: native library " + path + " does not exist (from -D"
                    + LIBRARY_PATH_PROPERTY + ")");
        }
        try {
            System.load(path.toString());
        } catch (UnsatisfiedLinkError e) {
            UnsatisfiedLinkError explained = explainLoadFailure(path, override != null && !override.isBlank(), e);
            if (explained == e) throw e;
            loadFromMemory(path, explained);  // a noexec file system: without an executable file, where allowed
        }
        checkAbi(path);
        engineVersion = panrocks_h.panrocks_engine_version().reinterpret(64).getString(0);
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
     * and runs beside it (RocksJavaCoexistenceTest). Checked after the library
     * loads (before any native object is made) and again at every open.
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

    /**
     * The dynamic linker says only "failed to map segment from shared
     * object" when the library's file system is mounted noexec (a hardened
     * /tmp or home, a container's read-only tmpfs): said here with what to do.
     * So is a process whose static TLS is used up: on glibc the library's
     * thread-locals (168 bytes) use the initial-exec model, which needs room in
     * the static TLS glibc keeps for libraries loaded later (native/engine/README.md),
     * and other such libraries loaded before may have taken it.
     * Other failures pass through as they are.
     */
    static UnsatisfiedLinkError explainLoadFailure(Path path, boolean fromProperty, UnsatisfiedLinkError e) {
        String message = e.getMessage();
        if (message != null && message.contains("static TLS")) {
            return linkError("panrocks: cannot load the native library " + path + ": its thread-local storage "
                    + "needs a few hundred bytes of the static TLS that glibc keeps for libraries loaded after "
                    + "the process started, and libraries loaded before it took that room (the dynamic linker "
                    + "says: " + message + "). Start the JVM with more of it, e.g. the environment variable "
                    + "GLIBC_TUNABLES=glibc.rtld.optional_static_tls=2048 (glibc 2.32 and later), or load "
                    + "panrocks before the other native libraries.", e);
        }
        String mount = noexecMount(path);
        if (mount == null) return e;
        return linkError("panrocks: cannot load the native library " + path + ": the file system mounted on " + mount
                + " is mounted noexec, so no library on it can be mapped executable (the dynamic linker says: "
                + e.getMessage() + "). " + (fromProperty
                        ? "Put the library on a file system that allows executables and point -D" + LIBRARY_PATH_PROPERTY
                                + " at it."
                        : "Set -D" + CACHE_DIR_PROPERTY + " to a folder on a file system that allows executables "
                                + "(the library is extracted there, about " + sizeInMiB(path) + " MiB)."), e);
    }

    /**
     * Loads a copy of the library held in memory, for a library on a noexec
     * file system: a memfd (Linux 3.17, glibc 2.27's memfd_create) is no
     * file on any mount, so noexec does not apply to it, and
     * {@link System#load} takes its /proc/self/fd path as it stands (the
     * loader lookup of the generated bindings then sees it as any library).
     * Where memfd_create is missing, refused (a kernel with
     * vm.memfd_noexec=2), or turned off with -D{@value #MEMFD_PROPERTY}=false,
     * throws {@code explained}.
     */
    private static void loadFromMemory(Path path, UnsatisfiedLinkError explained) {
        if (!Boolean.parseBoolean(System.getProperty(MEMFD_PROPERTY, "true"))) throw explained;
        int fd = -1;
        MethodHandle close = null;
        try {
            Linker linker = Linker.nativeLinker();
            Optional<MemorySegment> create = linker.defaultLookup().find("memfd_create");
            Optional<MemorySegment> closeFunction = linker.defaultLookup().find("close");
            if (create.isEmpty() || closeFunction.isEmpty()) throw explained;
            close = linker.downcallHandle(closeFunction.get(), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_INT));
            try (Arena arena = Arena.ofConfined()) {
                fd = (int) linker.downcallHandle(create.get(), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                        ValueLayout.ADDRESS, ValueLayout.JAVA_INT)).invokeExact(arena.allocateFrom("libpanrocks"),
                                1 /* MFD_CLOEXEC: no child process inherits it */);
            }
            if (fd < 0) throw explained;
            Path memory = Path.of("/proc/self/fd/" + fd);
            try (OutputStream out = Files.newOutputStream(memory, StandardOpenOption.WRITE)) {
                Files.copy(path, out);
            }
            System.load(memory.toString());
        } catch (UnsatisfiedLinkError e) {
            if (e != explained) explained.addSuppressed(e);
            throw explained;
        } catch (Throwable t) {
            explained.addSuppressed(t);
            throw explained;
        } finally {
            if (fd >= 0 && close != null) {
                try {
                    int rc = (int) close.invokeExact(fd);  // the mapping keeps the memory
                } catch (Throwable ignored) {
                    // the descriptor stays open: harmless
                }
            }
        }
    }

    private static long sizeInMiB(Path path) {
        try {
            return Math.max(1, Files.size(path) >> 20);
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * The mount point of the file system holding path when it is mounted
     * noexec (from /proc/self/mountinfo, the innermost mount whose point is a
     * prefix of the file's real path); null when it is not, or cannot be told.
     */
    static String noexecMount(Path path) {
        Path real;
        try {
            real = path.toRealPath();
        } catch (IOException e) {
            return null;
        }
        Path info = Path.of("/proc/self/mountinfo");
        if (!Files.isReadable(info)) return null;
        String best = null;
        boolean noexec = false;
        try (var lines = Files.lines(info)) {
            for (String line : (Iterable<String>) lines::iterator) {
                // "36 35 98:0 /root /mnt/point rw,noexec,nosuid - tmpfs none rw": field 5 the point, 6 its options
                String[] f = line.split(" ");
                if (f.length < 6) continue;
                String point = unescapeMountPath(f[4]);
                if (!real.startsWith(point)) continue;
                if (best == null || point.length() >= best.length()) {
                    best = point;
                    noexec = List.of(f[5].split(",")).contains("noexec");
                }
            }
        } catch (IOException | UncheckedIOException e) {
            return null;
        }
        return noexec ? best : null;
    }

    /** Mount points in mountinfo have space, tab, newline and backslash as octal escapes (\040 ...). */
    static String unescapeMountPath(String s) {
        if (s.indexOf('\\') < 0) return s;
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 3 < s.length() && s.substring(i + 1, i + 4).matches("[0-7]{3}")) {
                b.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                b.append(c);
            }
        }
        return b.toString();
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
                    + "; use the library built with this jar (or unset -D" + LIBRARY_PATH_PROPERTY + ")");
        }
    }

    private static UnsatisfiedLinkError linkError(String message, Throwable cause) {
        UnsatisfiedLinkError e = new UnsatisfiedLinkError(message);
        e.initCause(cause);
        return e;
    }

    /**
     * This machine as the jars name it: {@code <os>-<arch>}, e.g. linux-x86_64,
     * osx-aarch64; which of a Linux machine's two libraries it runs,
     * {@link #libraryPlatform(String, String)} says.
     */
    static String platform() {
        return platform(System.getProperty("os.name", ""), System.getProperty("os.arch", ""));
    }

    static String platform(String osName, String osArch) {
        String os = osName.toLowerCase(Locale.ROOT);
        String arch = osArch.toLowerCase(Locale.ROOT);
        String osId = os.startsWith("linux") ? "linux"
                : os.startsWith("mac") || os.startsWith("darwin") ? "osx"
                : os.startsWith("windows") ? "windows"
                : os.replaceAll("[^a-z0-9]", "");
        String archId = switch (arch) {
            case "amd64", "x86_64", "x86-64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            default -> arch.replaceAll("[^a-z0-9_]", "");
        };
        return osId + "-" + archId;
    }

    /**
     * The platform whose library this machine loads: on Linux with musl the
     * {@code -musl} one (linux-x86_64-musl), else the machine itself.
     * {@code cLibrary} is what {@link #cLibrary()} says.
     */
    static String libraryPlatform(String machine, String cLibrary) {
        return machine.startsWith("linux-") && MUSL.equals(cLibrary) ? machine + "-musl" : machine;
    }

    /** The library's file name on a platform: what {@code System.mapLibraryName("panrocks")} gives there. */
    static String libraryFile(String platform) {
        if (platform.startsWith("osx-")) return "libpanrocks.dylib";
        if (platform.startsWith("windows-")) return "panrocks.dll";
        return "libpanrocks.so";
    }

    static String resourceName(String platform) {
        return "io/panrocks/native/" + platform + "/" + libraryFile(platform);
    }

    /**
     * The C library of this process on Linux: "glibc 2.31" (from
     * {@code gnu_get_libc_version}), {@value #MUSL}, or "neither glibc nor
     * musl"; null elsewhere, or when it cannot be told.
     */
    static String cLibrary() {
        String machine = platform();
        if (!machine.startsWith("linux-")) return null;
        try {
            Linker linker = Linker.nativeLinker();
            Optional<MemorySegment> function = linker.defaultLookup().find("gnu_get_libc_version");
            if (function.isPresent()) {
                MethodHandle version = linker.downcallHandle(function.get(), FunctionDescriptor.of(ValueLayout.ADDRESS));
                return "glibc " + cString((MemorySegment) version.invokeExact(), 64);
            }
        } catch (Throwable t) {
            return null;  // cannot tell: leave it to the dynamic linker
        }
        // with no maps to read, the dynamic linker's own file decides alone
        String arch = machine.substring("linux-".length());
        return isMusl(mappedFiles(), Files.exists(Path.of("/lib/ld-musl-" + arch + ".so.1"))) ? MUSL
                : "neither glibc nor musl";
    }

    /** The lines of /proc/self/maps, or none where they cannot be read. */
    private static List<String> mappedFiles() {
        try (var lines = Files.lines(Path.of("/proc/self/maps"))) {
            return lines.toList();
        } catch (IOException | UncheckedIOException | SecurityException e) {
            return List.of();
        }
    }

    /**
     * Whether a process without glibc runs on musl. musl has no function that
     * names it (nor a version to ask for); what shows it is its file: the C
     * library is musl's dynamic linker, mapped into the process under a name
     * with "musl" in it ({@code /lib/ld-musl-x86_64.so.1} on Alpine, where
     * {@code libc.musl-x86_64.so.1} links to it; {@code
     * /usr/lib/x86_64-linux-musl/libc.so} with Debian's musl), or, where it
     * is mapped under another name, the dynamic linker every musl program
     * names, {@code /lib/ld-musl-<arch>.so.1}, is on the machine.
     * {@code mapsLines} are the lines of /proc/self/maps.
     */
    static boolean isMusl(List<String> mapsLines, boolean muslLoaderExists) {
        for (String line : mapsLines) {
            int slash = line.indexOf('/');
            if (slash < 0) continue;
            String file = line.substring(slash);
            String name = file.substring(file.lastIndexOf('/') + 1);
            if (name.startsWith("ld-musl-") || name.startsWith("libc.musl-")
                    || (name.startsWith("libc.so") && file.contains("-linux-musl/"))) {
                return true;
            }
        }
        return muslLoaderExists;
    }

    /**
     * Refuses, before the dynamic linker sees the library, a Linux whose C
     * library cannot run the platform's library: neither glibc nor musl, a
     * glibc older than {@value #GLIBC_FLOOR}, or a C library that is not the
     * one the platform's library is for. {@code cLibrary} is what
     * {@link #cLibrary()} says, {@code platform} what
     * {@link #libraryPlatform(String, String)} made of it.
     */
    static void checkCLibrary(String platform, String cLibrary) {
        if (!platform.startsWith("linux-") || cLibrary == null) return;
        String advice = " Build a library on this machine with scripts/build-native.sh (RocksDB and panrocks from "
                + "source) and pass -D" + LIBRARY_PATH_PROPERTY + "=/path/to/libpanrocks.so.";
        boolean forMusl = platform.endsWith("-musl");
        if (MUSL.equals(cLibrary) && forMusl) return;
        if (!cLibrary.startsWith("glibc ") || forMusl) {
            throw new UnsatisfiedLinkError("panrocks: the libpanrocks.so for " + platform + " in this jar needs "
                    + (forMusl ? "musl" : "glibc " + GLIBC_FLOOR + " or newer")
                    + ", and this Linux's C library is " + cLibrary + "; the jar carries Linux libraries for glibc "
                    + GLIBC_FLOOR + "+ and for musl." + advice);
        }
        String version = cLibrary.substring("glibc ".length());
        if (compareVersions(version, GLIBC_FLOOR) < 0) {
            throw new UnsatisfiedLinkError("panrocks: the libpanrocks.so for " + platform + " in this jar needs glibc "
                    + GLIBC_FLOOR + " or newer; this machine has glibc " + version + "." + advice);
        }
    }

    /** Compares dotted version numbers ("2.17" < "2.31" < "2.100"); a part that is not a number counts as 0. */
    static int compareVersions(String a, String b) {
        String[] x = a.split("\\."), y = b.split("\\.");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            int p = i < x.length ? leadingNumber(x[i]) : 0, q = i < y.length ? leadingNumber(y[i]) : 0;
            if (p != q) return Integer.compare(p, q);
        }
        return 0;
    }

    private static int leadingNumber(String part) {
        int end = 0;
        while (end < part.length() && end < 9 && Character.isDigit(part.charAt(end))) end++;
        return end == 0 ? 0 : Integer.parseInt(part.substring(0, end));
    }

    /**
     * Finds a jar's library for a platform through the class loader, so that
     * a classifier jar beside the main jar is found too (on the module path a
     * named module's own {@code getResource} would see only itself).
     */
    static URL libraryResource(String platform) {
        String name = resourceName(platform);
        ClassLoader loader = NativeLibrary.class.getClassLoader();
        URL url = loader != null ? loader.getResource(name) : ClassLoader.getSystemResource(name);
        if (url == null) {
            ClassLoader context = Thread.currentThread().getContextClassLoader();
            if (context != null && context != loader) url = context.getResource(name);
        }
        return url;
    }

    /** The platforms whose library the jars on this class path carry. */
    static List<String> availablePlatforms() {
        List<String> found = new ArrayList<>();
        ClassLoader loader = NativeLibrary.class.getClassLoader();
        for (String platform : PLATFORMS) {
            String name = resourceName(platform);
            if ((loader != null ? loader.getResource(name) : ClassLoader.getSystemResource(name)) != null) {
                found.add(platform);
            }
        }
        return found;
    }

    /**
     * The platform whose library this machine most likely loads, told without
     * a downcall (the files mapped into the process name musl where it runs),
     * for the cache lookup started ahead; {@link #cLibrary()} decides.
     */
    private static String likelyPlatform() {
        String machine = platform();
        if (!machine.startsWith("linux-")) return machine;
        return libraryPlatform(machine, isMusl(mappedFiles(), false) ? MUSL : null);
    }

    /** The cache lookup (or extraction) started ahead for a platform, or null. */
    private static volatile CacheLookup cacheLookup;

    private record CacheLookup(String platform, FutureTask<Path> task) {
    }

    /**
     * Starts finding (or extracting) the library of a platform on a thread of
     * its own, while this one asks the C library for its version: that first
     * downcall sets up the JDK's FFM linker (100 to 300 ms in a fresh JVM),
     * and an extraction (tens of ms to read, check and write 14 MiB) need
     * not wait for it. {@link #extractFromJar} takes the result when it asks
     * for the same platform, and does the work itself otherwise or when this
     * failed (so that its own error is the one thrown).
     */
    private static void startCacheLookup(String platform) {
        FutureTask<Path> task = new FutureTask<>(() -> findOrExtract(platform));
        Thread t = new Thread(task, "panrocks-extract");
        t.setDaemon(true);
        cacheLookup = new CacheLookup(platform, task);
        t.start();
    }

    private static Path extractFromJar(String platform) {
        CacheLookup ahead = cacheLookup;
        cacheLookup = null;
        if (ahead != null && ahead.platform().equals(platform)) {
            try {
                return await(ahead.task());
            } catch (RuntimeException | Error e) {
                // done again below, where its error is thrown with this thread's stack
            }
        }
        return findOrExtract(platform);
    }

    private static Path findOrExtract(String platform) {
        String resource = resourceName(platform);
        String file = libraryFile(platform);
        URL url = libraryResource(platform);
        if (url == null) {
            List<String> available = availablePlatforms();
            throw new UnsatisfiedLinkError("panrocks: no native library for this platform, " + platform
                    + " (os.name=" + System.getProperty("os.name") + ", os.arch=" + System.getProperty("os.arch")
                    + "; looked for " + resource + "). The panrocks jars on this class path carry "
                    + (available.isEmpty() ? "none" : String.join(", ", available))
                    + (platform.startsWith("osx-") || platform.startsWith("windows-") || platform.endsWith("-musl")
                            ? "; the " + platform + " library comes in the classifier jar panrocks-<version>-"
                                    + platform + ".jar, which is not on this class path" : "")
                    + ". Build one for this machine with scripts/build-native.sh and pass -D"
                    + LIBRARY_PATH_PROPERTY + "=/path/to/" + file + ".");
        }
        Path root = cacheRoot();
        Digest shipped = shippedDigest(url);
        if (shipped != null) {
            Path cached = root.resolve(shipped.folder()).resolve(file);
            if (isExtracted(cached, shipped.size())) return cached;
        }
        return extract(url, resource, root, file, shipped);
    }

    /**
     * The SHA-256 and size of a library, written beside it in the jar at
     * build time ({@code <library>.sha256}: "hex size"; scripts/build-native.sh),
     * read from the same jar as the library; null when that jar has none (a
     * library laid out by hand), and then the library is hashed as it is
     * extracted, every start.
     */
    record Digest(String sha256, long size) {
        /** The cache folder's name: the first 128 bits of the hash. */
        String folder() {
            return sha256.substring(0, 32);
        }
    }

    static Digest shippedDigest(URL library) {
        // the library's own URL with the suffix: the same jar's entry (a jar: URL cannot be resolved against)
        try (InputStream in = URI.create(library.toString() + DIGEST_SUFFIX).toURL().openStream()) {
            return parseDigest(new String(in.readNBytes(256), java.nio.charset.StandardCharsets.US_ASCII));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    static final String DIGEST_SUFFIX = ".sha256";

    static Digest parseDigest(String text) {
        String[] parts = text.trim().split("\\s+");
        if (parts.length != 2 || !parts[0].matches("[0-9a-f]{64}")) return null;
        try {
            long size = Long.parseLong(parts[1]);
            return size > 0 ? new Digest(parts[0], size) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * The time stamp every extracted library gets: a cached file that still
     * has it and the size the jar names was written whole by an extraction
     * (written beside its place and moved in, so no half-written file ever
     * has the name) and not edited since (an edit moves the time stamp). So
     * a start reads two attributes instead of hashing the file. The instant
     * itself means nothing (10^12 ms after the epoch, in 2001), only that
     * no ordinary write leaves it.
     */
    static final FileTime EXTRACTED_STAMP = FileTime.fromMillis(1_000_000_000_000L);

    static boolean isExtracted(Path cached, long size) {
        try {
            BasicFileAttributes a = Files.readAttributes(cached, BasicFileAttributes.class);
            return a.isRegularFile() && a.size() == size && a.lastModifiedTime().equals(EXTRACTED_STAMP);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Copies the library out of the jar into the cache folder named after
     * its SHA-256, time-stamped, moved in atomically so that JVMs starting
     * together never load a half-written file. The hash is the one the jar
     * ships, checked by the size and by the zip entry's CRC-32 (the JDK's
     * CRC32 is native code, fast from the first call, where SHA-256 runs as
     * bytecode in a JVM this young: 14 MiB took 300 to 800 ms); only a
     * library without a shipped digest is hashed on the way.
     */
    private static Path extract(URL url, String resource, Path root, String file, Digest shipped) {
        Path target = root;
        try {
            Files.createDirectories(root);
            // not Files.createTempFile: its 0600 would keep other users of a shared cache folder out
            Path tmp = root.resolve(file + "." + ProcessHandle.current().pid() + "." + System.nanoTime() + ".tmp");
            try {
                MessageDigest sha = shipped == null ? sha256() : null;
                CRC32 crc = new CRC32();
                long expectedCrc = -1, size = 0;
                try {
                    URLConnection connection = url.openConnection();
                    if (connection instanceof JarURLConnection jar && jar.getJarEntry() != null) {
                        expectedCrc = jar.getJarEntry().getCrc();
                    }
                    try (InputStream in = connection.getInputStream();
                         OutputStream out = Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW,
                                 StandardOpenOption.WRITE)) {
                        byte[] buffer = new byte[1 << 20];
                        for (int n; (n = in.read(buffer)) > 0; size += n) {
                            crc.update(buffer, 0, n);
                            if (sha != null) sha.update(buffer, 0, n);
                            out.write(buffer, 0, n);
                        }
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException("panrocks: cannot read " + resource + " from " + url, e);
                }
                if (shipped != null && (size != shipped.size() || expectedCrc >= 0 && crc.getValue() != expectedCrc)) {
                    throw new UnsatisfiedLinkError("panrocks: " + resource + " in " + url + " is damaged: " + size
                            + " bytes with CRC-32 " + Long.toHexString(crc.getValue()) + ", where the jar names "
                            + shipped.size() + " bytes" + (expectedCrc >= 0 ? " and " + Long.toHexString(expectedCrc) : ""));
                }
                Files.setLastModifiedTime(tmp, EXTRACTED_STAMP);
                Path dir = root.resolve(shipped != null ? shipped.folder()
                        : HexFormat.of().formatHex(sha.digest()).substring(0, 32));
                target = dir.resolve(file);
                Files.createDirectories(dir);
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

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError("SHA-256 is required of every JDK", e);
        }
    }

    /** Reads a NUL-terminated C string the library owns (static storage). */
    static String cString(MemorySegment pointer, int max) {
        return pointer.reinterpret(max).getString(0);
    }
}
