package io.panrocks.internal;

import io.panrocks.internal.ffi.panrocks_h;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
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
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

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
 * other. On Linux the C library decides between the two libraries of a
 * machine, and is checked before the library is opened: the glibc libraries
 * need glibc {@value #GLIBC_FLOOR} or newer, and a machine with an older one,
 * or with neither glibc nor musl, gets an {@link UnsatisfiedLinkError} that
 * says so, not the dynamic linker's message about a missing symbol. The system property
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
    /** The oldest glibc the Linux libraries in the jars run on (every symbol version they use is at most this). */
    static final String GLIBC_FLOOR = "2.17";
    /** Every platform a panrocks jar is built for (scripts/toolchain.sh). */
    static final List<String> PLATFORMS = List.of("linux-x86_64", "linux-aarch64", "linux-x86_64-musl",
            "linux-aarch64-musl", "osx-aarch64", "osx-x86_64", "windows-x86_64");
    /** What {@link #cLibrary()} says of a Linux whose C library is musl (it has no version to ask for). */
    static final String MUSL = "musl";

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
        Path path;
        if (override != null && !override.isBlank()) {
            path = Path.of(override).toAbsolutePath();
        } else {
            String cLibrary = cLibrary();
            String platform = libraryPlatform(platform(), cLibrary);
            checkCLibrary(platform, cLibrary);
            path = extractFromJar(platform);
        }
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
        List<String> mapped = new ArrayList<>();
        try (var lines = Files.lines(Path.of("/proc/self/maps"))) {
            lines.forEach(mapped::add);
        } catch (IOException | UncheckedIOException | SecurityException e) {
            // no maps to read: the dynamic linker's own file decides alone
        }
        String arch = machine.substring("linux-".length());
        return isMusl(mapped, Files.exists(Path.of("/lib/ld-musl-" + arch + ".so.1"))) ? MUSL : "neither glibc nor musl";
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
     * Opens a jar's library for a platform through the class loader, so that
     * a classifier jar beside the main jar is found too (on the module path a
     * named module's own {@code getResourceAsStream} would see only itself).
     */
    static InputStream openLibraryResource(String platform) {
        String name = resourceName(platform);
        ClassLoader loader = NativeLibrary.class.getClassLoader();
        InputStream in = loader != null ? loader.getResourceAsStream(name) : ClassLoader.getSystemResourceAsStream(name);
        if (in == null) {
            ClassLoader context = Thread.currentThread().getContextClassLoader();
            if (context != null && context != loader) in = context.getResourceAsStream(name);
        }
        return in;
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

    private static Path extractFromJar(String platform) {
        String resource = resourceName(platform);
        String file = libraryFile(platform);
        byte[] bytes;
        try (InputStream in = openLibraryResource(platform)) {
            if (in == null) {
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
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("panrocks: cannot read " + resource, e);
        }
        String hash = sha256(bytes);
        Path dir = cacheRoot().resolve(hash.substring(0, 32));
        Path target = dir.resolve(file);
        try {
            if (Files.isRegularFile(target) && sha256(Files.readAllBytes(target)).equals(hash)) {
                return target;
            }
            Files.createDirectories(dir);
            // Write beside the target and move it in atomically, so that JVMs
            // starting together never load a half-written file.
            Path tmp = Files.createTempFile(dir, file, ".tmp");
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
