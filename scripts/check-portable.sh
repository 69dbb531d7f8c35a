#!/usr/bin/env bash
# Proves that the panrocks jar runs on Linux machines unlike the build
# machine, each holding nothing but a JDK:
#
#   bullseye  Debian 11, glibc 2.31, x86-64: this build's JDK copied in
#   bookworm  Debian 12, glibc 2.36, x86-64: the same
#   arm64     Debian 13 (trixie), glibc 2.41, aarch64, run under qemu-user
#             emulation: Debian's openjdk-25-jdk-headless, and the C ABI
#             tests built for aarch64
#   musl      the two musl libraries (Alpine's C library): no root and no JVM
#             (Debian packages no JDK built for musl), but the C ABI tests
#             built for each as musl programs by the same toolchain, run by
#             Debian's musl (package `musl`, bookworm: musl 1.2.3) against the
#             jar's library: x86-64 natively, aarch64 under qemu-user
#
# Steps: builds the jar (both Linux libraries) and installs it into the local
# Maven repository; checks that neither library asks for a glibc symbol
# version above 2.17 or for any library outside glibc; builds
# tools/portable/ (a consumer that takes the jar as a Maven dependency, its
# one class PortableConsumer in the tools module) in a folder of its own;
# then, per root, makes a minimal Debian root with `debootstrap
# --variant=minbase` from the mirror this machine's apt uses and runs the
# consumer there (chroot): open, write and read back with every compression
# type, reopen, print the engine version. In the x86-64 roots the compression
# libraries and the C++ runtime that minbase carries for apt are deleted first
# (panrocks must carry its own); the arm64 root keeps them, its JDK needs
# them, and the library's own needs are checked with that root's dynamic
# linker instead. Each root prints one line:
#
#   portable: <target> glibc <version> engine <version> ok
#
# and each musl library one:
#
#   portable: <target> musl <version> engine <version> C ABI tests: <n> passed
#
# A root that cannot be made is a failure with its reason, never a skip.
#
#   scripts/check-portable.sh [bullseye] [bookworm] [arm64] [musl]   (default: all four)
#
# Needs root (debootstrap, chroot, mount, binfmt_misc for the emulation).
# About 10 minutes once the engines are built. Honours PANROCKS_PORTABLE_DIR
# (work folder, default a fresh one under /tmp, removed afterwards unless
# PANROCKS_PORTABLE_KEEP=1) and PANROCKS_MUSL_SUITE (the Debian suite whose
# musl runs the musl tests, default bookworm).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/toolchain.sh"
source "$(dirname "$0")/roots.sh"
arguments=()
parse_options "$@"
[ "$(id -u)" -eq 0 ] || die "check-portable.sh needs root (debootstrap, chroot)"

roots=("${arguments[@]}")
[ ${#roots[@]} -gt 0 ] || roots=(bullseye bookworm arm64 musl)
for r in "${roots[@]}"; do
    case "$r" in bullseye|bookworm|arm64|musl) ;; *) die "unknown root '$r' (bullseye, bookworm, arm64, musl)" ;; esac
done
[ "$(host_target)" = linux-x86_64 ] || die "the roots here are made from an x86-64 machine; this is $(host_target)"

setup_environment
ensure_packages debootstrap binutils
work="${PANROCKS_PORTABLE_DIR:-$(mktemp -d /tmp/panrocks-portable.XXXXXX)}"
mkdir -p "$work"
ROOTS_WORK="$work"
start=$(date +%s)

cleanup() {
    roots_cleanup
    [ "${PANROCKS_PORTABLE_KEEP:-0}" = 1 ] || rm -rf "$work"
}
trap cleanup EXIT

cd "$PANROCKS_ROOT"
say "building the panrocks jars (linux-x86_64 and linux-aarch64 inside; the musl libraries in their own) and installing them into the local Maven repository"
mvn_cmd -q install -DskipTests -pl java-api -am
version="$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' java-api/pom.xml | head -1)"
jar="java-api/target/panrocks-$version.jar"

# ---- the libraries in the jar: glibc <= 2.17, nothing but glibc; musl's libc.so alone
say "checking the Linux libraries in $jar"
rm -rf "$work/jar"; mkdir -p "$work/jar"
(cd "$work/jar" && "$JAVA_HOME/bin/jar" xf "$PANROCKS_ROOT/$jar" io/panrocks/native)
glibc_libs=" libc.so.6 libm.so.6 libpthread.so.0 libdl.so.2 librt.so.1 ld-linux-x86-64.so.2 ld-linux-aarch64.so.1 "
for target in linux-x86_64 linux-aarch64; do
    lib="$work/jar/io/panrocks/native/$target/libpanrocks.so"
    [ -f "$lib" ] || die "$jar has no $target library"
    newest="$(objdump -T "$lib" | grep -o 'GLIBC_[0-9.]*' | sort -Vu | tail -1)"
    [ -n "$newest" ] || die "objdump -T found no glibc symbol versions in the $target library"
    newest="${newest#GLIBC_}"
    [ "$(printf '%s\n%s\n' "$newest" "$PANROCKS_LINUX_GLIBC_FLOOR" | sort -V | tail -1)" = "$PANROCKS_LINUX_GLIBC_FLOOR" ] \
        || die "the $target library asks for GLIBC_$newest, above the floor $PANROCKS_LINUX_GLIBC_FLOOR"
    needed="$(readelf -d "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')"
    for n in $needed; do
        [[ "$glibc_libs" == *" $n "* ]] || die "the $target library needs $n, which is not part of glibc (NEEDED: $needed)"
    done
    say "$target: newest glibc symbol version $newest (floor $PANROCKS_LINUX_GLIBC_FLOOR); NEEDED $needed"
done
for target in linux-x86_64-musl linux-aarch64-musl; do
    # the musl libraries travel in classifier jars of their own (java-api/pom.xml)
    musl_jar="java-api/target/panrocks-$version-$target.jar"
    [ -f "$musl_jar" ] || die "$musl_jar was not built"
    (cd "$work/jar" && "$JAVA_HOME/bin/jar" xf "$PANROCKS_ROOT/$musl_jar" io/panrocks/native)
    lib="$work/jar/io/panrocks/native/$target/libpanrocks.so"
    [ -f "$lib" ] || die "$musl_jar has no $target library"
    needed="$(readelf -d "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')"
    # musl is one file, which answers to libc.so for the whole C library
    [ "$needed" = "libc.so " ] || die "the $target library needs ${needed:-nothing}, not musl's libc.so alone"
    if readelf -V -W "$lib" | grep -q 'GLIBC_'; then die "the $target library asks for glibc symbol versions"; fi
    say "$target: NEEDED $needed(musl), no symbol versions"
done

say "building the consumer (tools/portable), panrocks $version as its Maven dependency"
rm -rf "$work/consumer"
consumer_src="$work/consumer/src/main/java/io/panrocks/tools/portable"
mkdir -p "$consumer_src"
cp tools/portable/pom.xml "$work/consumer/"
cp tools/src/main/java/io/panrocks/tools/portable/PortableConsumer.java "$consumer_src/"
mvn_cmd -q -f "$work/consumer/pom.xml" -Dpanrocks.version="$version" package
ls "$work/consumer/target/lib/" | grep -q '^panrocks-' || die "the consumer's dependencies hold no panrocks jar"

# ---- one root -----------------------------------------------------------------
# with_consumer NAME: the consumer's classes and dependencies into the root's /opt/consumer
with_consumer() {
    mkdir -p "$work/$1/opt/consumer"
    cp -r "$work/consumer/target/classes" "$work/consumer/target/lib" "$work/$1/opt/consumer/"
}

# run_consumer NAME TARGET JAVA: runs the consumer in the root, prints the line
run_consumer() {
    local name="$1" target="$2" java="$3" root="$work/$name" status
    say "$name: running the consumer ($target)"
    set +e
    in_root "$name" "$java" --enable-native-access=ALL-UNNAMED -cp '/opt/consumer/classes:/opt/consumer/lib/*' \
        io.panrocks.tools.portable.PortableConsumer /tmp/portable-db >"$work/$name-consumer.log" 2>&1
    status=$?
    set -e
    sed 's/^/    /' "$work/$name-consumer.log" >&2
    [ "$status" = 0 ] && grep -q '^portable check passed$' "$work/$name-consumer.log" \
        || die "$name: the consumer failed in the $name root (exit $status)"
    local arch glibc engine
    arch="$(sed -n 's/^os.arch //p' "$work/$name-consumer.log")"
    case "$target:$arch" in linux-x86_64:amd64|linux-aarch64:aarch64) ;; *) die "$name: the JVM ran as $arch, not $target" ;; esac
    glibc="$(in_root "$name" getconf GNU_LIBC_VERSION | awk '{print $2}')"
    engine="$(sed -n 's/^engine //p' "$work/$name-consumer.log")"
    echo "portable: $target glibc $glibc engine $engine ok"
}

# An x86-64 root: only this build's JDK (Temurin's carries its own zlib and
# C++ runtime), and none of the libraries panrocks must carry itself.
check_x86_root() {
    local name="$1" suite="$2" t0=$(date +%s)
    make_root "$name" "$suite" amd64
    with_consumer "$name"
    local root="$work/$name" removed
    removed="$(find "$root/usr/lib" "$root/lib" -maxdepth 2 \( -name 'libzstd.so*' -o -name 'liblz4.so*' -o -name 'libbz2.so*' \
        -o -name 'libz.so*' -o -name 'libsnappy.so*' -o -name 'librocksdb*' -o -name 'libstdc++.so*' -o -name 'libgcc_s.so*' \) \
        -print -delete 2>/dev/null | sed "s:^$root::" | sort -u | tr '\n' ' ')"
    say "$name: removed from the root: ${removed:-nothing}"
    if find "$root" -xdev \( -iname '*rocksdb*' -o -iname '*snappy*' \) -print -quit | grep -q .; then
        die "$name: the minimal root holds something RocksDB-related: $(find "$root" -xdev \( -iname '*rocksdb*' -o -iname '*snappy*' \) | head -3)"
    fi
    mkdir -p "$root/opt/jdk"
    cp -a "$JAVA_HOME/." "$root/opt/jdk/"
    run_consumer "$name" linux-x86_64 /opt/jdk/bin/java
    say "$name: $(( $(date +%s) - t0 ))s"
}

check_arm64_root() {
    local name=arm64 t0=$(date +%s)
    say "$name: building the C ABI tests for linux-aarch64"
    # a build folder of its own: the jar's build (native/build-linux-aarch64) has no tests
    local tests_build="$PANROCKS_ROOT/native/build-linux-aarch64-tests"
    PANROCKS_NATIVE_TESTS=1 PANROCKS_NATIVE_BUILD="$tests_build" scripts/build-native.sh linux-aarch64 \
        >"$work/$name-native.log" 2>&1 \
        || { tail -30 "$work/$name-native.log" >&2; die "$name: the aarch64 build of the C ABI tests failed"; }
    make_root "$name" trixie arm64 openjdk-25-jdk-headless
    with_consumer "$name"
    local root="$work/$name"
    local java; java="$(cd "$root" && ls -d usr/lib/jvm/java-25-openjdk-arm64/bin/java 2>/dev/null)"
    [ -n "$java" ] || die "$name: no openjdk-25 in the trixie arm64 root"
    # what the library itself needs, as that root's own dynamic linker resolves it
    mkdir -p "$root/opt/abi"
    cp "$tests_build/libpanrocks.so" "$tests_build/panrocks_abi_tests" "$root/opt/abi/"
    local resolved
    resolved="$(chroot "$root" /lib/ld-linux-aarch64.so.1 --list /opt/abi/libpanrocks.so)" \
        || die "$name: the root's dynamic linker cannot resolve libpanrocks.so: $resolved"
    if grep -v -E '(linux-vdso|ld-linux-aarch64|/libc\.so|/libm\.so|/libpthread\.so|/libdl\.so|/librt\.so)' <<<"$resolved" | grep -q '=>'; then
        die "$name: libpanrocks.so needs more than glibc: $resolved"
    fi
    run_consumer "$name" linux-aarch64 "/$java"
    say "$name: running the C ABI tests built for aarch64 (emulated)"
    set +e
    in_root "$name" LD_LIBRARY_PATH=/opt/abi /opt/abi/panrocks_abi_tests --gtest_brief=1 >"$work/$name-abi.log" 2>&1
    local status=$?
    set -e
    tail -3 "$work/$name-abi.log" | sed 's/^/    /' >&2
    [ "$status" = 0 ] || { cat "$work/$name-abi.log" >&2; die "$name: the C ABI tests failed on aarch64 (exit $status)"; }
    local passed skipped
    passed="$(grep -o '\[  PASSED  \] [0-9]* test' "$work/$name-abi.log" | grep -o '[0-9]*')"
    skipped="$(grep -o '\[  SKIPPED \] [0-9]* test' "$work/$name-abi.log" | grep -o '[0-9]*' || true)"
    echo "portable: linux-aarch64 C ABI tests: ${passed:-0} passed${skipped:+, $skipped skipped}"
    say "$name: $(( $(date +%s) - t0 ))s"
}

# ---- musl: the C ABI tests as musl programs, run by Debian's musl ----------
# musl_runtime ARCH: Debian's musl package for ARCH (amd64, arm64) of
# $PANROCKS_MUSL_SUITE unpacked into $work/musl-ARCH (its dynamic linker is
# lib/ld-musl-<machine>.so.1, which is the whole C library), through a
# private apt configuration: this machine's apt sources and architectures are
# left alone; apt checks the package against the suite's signed index.
musl_runtime() {
    local arch="$1" dir="$work/musl-$1" apt="$work/musl-apt" suite="${PANROCKS_MUSL_SUITE:-bookworm}"
    [ -d "$dir" ] && return 0
    local opts=(-o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
        -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" -o APT::Architectures::=amd64
        -o APT::Architectures::=arm64 -o APT::Sandbox::User=root -o Debug::NoLocking=1)
    if [ ! -f "$apt/ready" ]; then
        mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial"
        echo "deb [arch=amd64,arm64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $(debian_mirror) $suite main" \
            > "$apt/sources.list"
        say "musl: reading Debian $suite's package indexes for amd64 and arm64 (a private apt configuration)"
        apt-get "${opts[@]}" -qq update >&2 || die "musl: apt-get update of Debian $suite (amd64, arm64) failed"
        touch "$apt/ready"
    fi
    (cd "$apt" && apt-get "${opts[@]}" -qq download "musl:$arch" >&2) || die "musl: apt-get download musl:$arch failed"
    local deb; deb="$(ls "$apt"/musl_*_"$arch".deb | head -1)"
    mkdir -p "$dir" && dpkg-deb -x "$deb" "$dir"
    say "musl: $(basename "$deb") unpacked into $dir"
}

# check_musl TARGET: builds the C ABI tests for TARGET (a musl target) and runs
# them with the jar's library, by Debian's musl; prints the line.
check_musl() {
    local target="$1" t0=$(date +%s) arch machine run=()
    case "$target" in
        linux-x86_64-musl) arch=amd64 machine=x86_64 ;;
        linux-aarch64-musl) arch=arm64 machine=aarch64
            ensure_packages qemu-user-static
            run=(qemu-aarch64-static) ;;
    esac
    say "$target: building the C ABI tests as musl programs"
    local tests_build="$PANROCKS_ROOT/native/build-$target-tests"
    PANROCKS_NATIVE_TESTS=1 PANROCKS_NATIVE_BUILD="$tests_build" scripts/build-native.sh "$target" \
        >"$work/$target-native.log" 2>&1 \
        || { tail -30 "$work/$target-native.log" >&2; die "$target: the musl build of the C ABI tests failed"; }
    musl_runtime "$arch"
    local ldso="$work/musl-$arch/lib/ld-musl-$machine.so.1"
    [ -e "$ldso" ] || die "$target: Debian's musl for $arch has no lib/ld-musl-$machine.so.1"
    local interp
    interp="$(readelf -l "$tests_build/panrocks_abi_tests" | sed -n 's/.*Requesting program interpreter: \(.*\)\]/\1/p')"
    [ "$interp" = "/lib/ld-musl-$machine.so.1" ] || die "$target: the tests' interpreter is '$interp', not musl's"
    # the tests beside the jar's library; musl's dynamic linker looks in
    # --library-path before the tests' own run path (their build folder)
    local dir="$work/$target"
    mkdir -p "$dir"
    cp "$tests_build/panrocks_abi_tests" "$dir/"
    cp "$work/jar/io/panrocks/native/$target/libpanrocks.so" "$dir/"
    local musl_version
    # musl's dynamic linker run bare prints its version and exits 1: not a failure here
    musl_version="$({ "${run[@]}" "$ldso" 2>&1 || true; } | sed -n 's/^Version //p')"
    say "$target: running the C ABI tests with the jar's library on musl $musl_version${run:+ (emulated)}"
    set +e
    (cd "$dir" && env -i HOME="$dir" PATH=/usr/bin:/bin TMPDIR="$dir" \
        "${run[@]}" "$ldso" --library-path "$dir" "$dir/panrocks_abi_tests" --gtest_brief=1) >"$work/$target-abi.log" 2>&1
    local status=$?
    set -e
    tail -3 "$work/$target-abi.log" | sed 's/^/    /' >&2
    [ "$status" = 0 ] || { cat "$work/$target-abi.log" >&2; die "$target: the C ABI tests failed on musl (exit $status)"; }
    local passed skipped engine
    passed="$(grep -o '\[  PASSED  \] [0-9]* test' "$work/$target-abi.log" | grep -o '[0-9]*')"
    skipped="$(grep -o '\[  SKIPPED \] [0-9]* test' "$work/$target-abi.log" | grep -o '[0-9]*' || true)"
    # the build tag of the library the tests ran (native/src/db.cc); AbiBasics checks it against the engine's headers
    engine="$(grep -a -o 'engine RocksDB [0-9.]*[0-9]' "$dir/libpanrocks.so" | head -1 | sed 's/engine RocksDB //')"
    echo "portable: $target musl $musl_version engine $engine C ABI tests: ${passed:-0} passed${skipped:+, $skipped skipped}"
    say "$target: $(( $(date +%s) - t0 ))s"
}

for r in "${roots[@]}"; do
    case "$r" in
        bullseye) check_x86_root bullseye bullseye ;;
        bookworm) check_x86_root bookworm bookworm ;;
        arm64) check_arm64_root ;;
        musl) check_musl linux-x86_64-musl; check_musl linux-aarch64-musl ;;
    esac
done
s=$(( $(date +%s) - start ))
say "portable check passed: ${roots[*]} in $((s / 60))m$((s % 60))s"
