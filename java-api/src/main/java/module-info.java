/**
 * panrocks: RocksDB for the JVM over the Foreign Function &amp; Memory API.
 *
 * <p>Only {@code io.panrocks} is exported. The jextract bindings
 * ({@code io.panrocks.internal.ffi}) and the plumbing around them stay
 * inside the module. The module calls native code, so grant it access:
 * {@code --enable-native-access=io.panrocks} on the module path, or
 * {@code --enable-native-access=ALL-UNNAMED} on the class path.
 */
module io.panrocks {
    requires jdk.jfr;

    exports io.panrocks;
}
