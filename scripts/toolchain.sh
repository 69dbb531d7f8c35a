# The compiler that builds everything inside libpanrocks: zig's clang, for
# every target, the build machine's own included. Sourced, not run.
#
# Why zig: `zig cc`/`zig c++` compile and link against glibc stubs of the
# version named in the target (x86_64-linux-gnu.2.17), with zig's own static
# libc++, so the library asks nothing of the machine it runs on but glibc 2.17
# and its own libraries, whatever the build machine's glibc is; and the same
# binary cross-compiles to aarch64, macOS and Windows.
#
# zig comes from PyPI (the `ziglang` wheel, a self-contained toolchain),
# pinned by version and by the wheel's sha256, and is unpacked once into
#   ${PANROCKS_TOOLCHAIN_CACHE:-${XDG_CACHE_HOME:-~/.cache}/panrocks-toolchain}/zig-<version>/
# For each target, `toolchain_file TARGET` writes compiler wrappers and a
# CMake toolchain file beside it (CMake wants single executables, zig is a
# command with a subcommand).
# shellcheck shell=bash

PANROCKS_ZIG_VERSION=0.15.2
# sha256 of ziglang-0.15.2-py3-none-manylinux_*_<arch>...whl on PyPI, per build machine
declare -A PANROCKS_ZIG_WHEEL_SHA256=(
    [x86_64]=806316453d1ede7174ed3fefb8e5348154629089c3bb5fe812dfd0e172fac130
    [aarch64]=edc0aa60ec964a4cf462d40f68d7de242ddf37fd9a80f2afaee6397059463230
)
declare -A PANROCKS_ZIG_WHEEL_PLATFORM=(
    [x86_64]=manylinux_2_12_x86_64
    [aarch64]=manylinux_2_17_aarch64
)

# Every target the project builds, its zig triple and its library's file name.
# The Linux floor is glibc 2.17 (RHEL/CentOS 7, the first glibc of aarch64);
# macOS 11 is the first on Apple silicon, 10.15 the floor chosen for Intel
# Macs; Windows links the C runtime through MinGW-w64's import libraries.
# The -musl targets are for Linux without glibc (Alpine): zig carries musl
# 1.2.5's headers and links a shared library against a stub libc.so made from
# musl's symbol list, so the library needs only libc.so (which musl's dynamic
# linker, itself the C library, answers to) and carries zig's libc++ like the
# others. musl has no symbol versions: a musl missing a function the library
# calls refuses it at load (Debian's musl 1.2.3 runs it: check-portable.sh).
PANROCKS_TARGETS=(linux-x86_64 linux-aarch64 linux-x86_64-musl linux-aarch64-musl osx-aarch64 osx-x86_64 windows-x86_64)
PANROCKS_LINUX_GLIBC_FLOOR=2.17
declare -A PANROCKS_ZIG_TRIPLE=(
    [linux-x86_64]=x86_64-linux-gnu.2.17
    [linux-aarch64]=aarch64-linux-gnu.2.17
    [linux-x86_64-musl]=x86_64-linux-musl
    [linux-aarch64-musl]=aarch64-linux-musl
    [osx-aarch64]=aarch64-macos.11.0
    [osx-x86_64]=x86_64-macos.10.15
    [windows-x86_64]=x86_64-windows-gnu
)
declare -A PANROCKS_CMAKE_SYSTEM=(
    [linux-x86_64]="Linux x86_64"
    [linux-aarch64]="Linux aarch64"
    [linux-x86_64-musl]="Linux x86_64"
    [linux-aarch64-musl]="Linux aarch64"
    [osx-aarch64]="Darwin arm64"
    [osx-x86_64]="Darwin x86_64"
    [windows-x86_64]="Windows AMD64"
)
declare -A PANROCKS_LIBRARY_FILE=(
    [linux-x86_64]=libpanrocks.so
    [linux-aarch64]=libpanrocks.so
    [linux-x86_64-musl]=libpanrocks.so
    [linux-aarch64-musl]=libpanrocks.so
    [osx-aarch64]=libpanrocks.dylib
    [osx-x86_64]=libpanrocks.dylib
    [windows-x86_64]=panrocks.dll
)

PANROCKS_TOOLCHAIN_CACHE="${PANROCKS_TOOLCHAIN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/panrocks-toolchain}"

# The formatter of the native sources (native/.clang-format, scripts/format-native.sh): clang-format
# of the same LLVM release as zig's clang (zig 0.15.2 is clang 20.1.2; PyPI has no 20.1.2 wheel of
# clang-format, 20.1.8 is the newest 20.1), from PyPI's `clang-format` wheel (a static binary), pinned
# like zig and unpacked once into $PANROCKS_TOOLCHAIN_CACHE/clang-format-<version>/.
PANROCKS_CLANG_FORMAT_VERSION=20.1.8
declare -A PANROCKS_CLANG_FORMAT_WHEEL_SHA256=(
    [x86_64]=7c6bcb7e01ba4f05a4c980fda147b330f7e4833c2aea8c92a0c2df9573ae7afe
    [aarch64]=34de32fe53452a07497793d5faf3fd03f7cf8b960b915417471ae81227461a39
)
declare -A PANROCKS_CLANG_FORMAT_WHEEL_PLATFORM=(
    [x86_64]=manylinux_2_28_x86_64
    [aarch64]=manylinux_2_28_aarch64
)

# The target of the machine this runs on (what NativeLibrary calls its platform).
host_target() {
    local arch
    arch="$(uname -m)"
    case "$arch" in
        x86_64|amd64) arch=x86_64 ;;
        aarch64|arm64) arch=aarch64 ;;
    esac
    case "$(uname -s)" in
        Linux) echo "linux-$arch" ;;
        Darwin) echo "osx-$arch" ;;
        *) echo "unknown-$arch" ;;
    esac
}

# Fails unless $1 is one of PANROCKS_TARGETS.
check_target() {
    local t
    for t in "${PANROCKS_TARGETS[@]}"; do [ "$t" = "$1" ] && return 0; done
    die "unknown target '$1'; the targets are: ${PANROCKS_TARGETS[*]}"
}

# Sets ZIG to the pinned zig, downloading and unpacking it once.
ensure_zig() {
    [ -n "${ZIG:-}" ] && [ -x "$ZIG" ] && return 0
    local dir="$PANROCKS_TOOLCHAIN_CACHE/zig-$PANROCKS_ZIG_VERSION"
    if [ -x "$dir/zig" ] && [ "$("$dir/zig" version 2>/dev/null)" = "$PANROCKS_ZIG_VERSION" ]; then
        ZIG="$dir/zig"; export ZIG; return 0
    fi
    local arch; arch="$(uname -m)"
    [ "$arch" = amd64 ] && arch=x86_64
    [ "$arch" = arm64 ] && arch=aarch64
    local want="${PANROCKS_ZIG_WHEEL_SHA256[$arch]:-}"
    [ -n "$want" ] || die "no zig is pinned for a $arch build machine (x86_64 and aarch64 are)"
    command -v python3 >/dev/null || ensure_packages python3 python3-pip
    python3 -m pip --version >/dev/null 2>&1 || ensure_packages python3-pip
    say "toolchain: downloading zig $PANROCKS_ZIG_VERSION (PyPI ziglang, sha256 ${want:0:12}...) into $dir"
    local dl="$PANROCKS_TOOLCHAIN_CACHE/download.$$"
    rm -rf "$dl"; mkdir -p "$dl"
    python3 -m pip download --quiet --no-deps --only-binary=:all: \
        --platform "${PANROCKS_ZIG_WHEEL_PLATFORM[$arch]}" \
        -d "$dl" "ziglang==$PANROCKS_ZIG_VERSION" >&2 \
        || { rm -rf "$dl"; die "pip could not download ziglang==$PANROCKS_ZIG_VERSION from PyPI"; }
    local wheel; wheel="$(ls "$dl"/ziglang-*.whl 2>/dev/null | head -1)"
    [ -n "$wheel" ] || { rm -rf "$dl"; die "pip brought no ziglang wheel"; }
    local got; got="$(sha256sum "$wheel" | cut -d' ' -f1)"
    [ "$got" = "$want" ] || { rm -rf "$dl"; die "$(basename "$wheel") has sha256 $got, pinned $want: refusing it"; }
    python3 -m zipfile -e "$wheel" "$dl/unpacked" || { rm -rf "$dl"; die "cannot unpack $wheel"; }
    chmod +x "$dl/unpacked/ziglang/zig"
    rm -rf "$dir"
    mkdir -p "$(dirname "$dir")"
    mv "$dl/unpacked/ziglang" "$dir"
    rm -rf "$dl"
    [ "$("$dir/zig" version)" = "$PANROCKS_ZIG_VERSION" ] || die "$dir/zig does not run"
    ZIG="$dir/zig"; export ZIG
}

# Sets CLANG_FORMAT to the pinned clang-format, downloading and unpacking it once. Without pip or
# PyPI it dies printing the command that installs it by hand.
ensure_clang_format() {
    [ -n "${CLANG_FORMAT:-}" ] && [ -x "$CLANG_FORMAT" ] && return 0
    local dir="$PANROCKS_TOOLCHAIN_CACHE/clang-format-$PANROCKS_CLANG_FORMAT_VERSION"
    local version_line="clang-format version $PANROCKS_CLANG_FORMAT_VERSION"
    if [ -x "$dir/clang-format" ] && [[ "$("$dir/clang-format" --version 2>/dev/null)" == *"$version_line"* ]]; then
        CLANG_FORMAT="$dir/clang-format"; export CLANG_FORMAT; return 0
    fi
    local arch; arch="$(uname -m)"
    [ "$arch" = amd64 ] && arch=x86_64
    [ "$arch" = arm64 ] && arch=aarch64
    local want="${PANROCKS_CLANG_FORMAT_WHEEL_SHA256[$arch]:-}"
    [ -n "$want" ] || die "no clang-format is pinned for a $arch build machine (x86_64 and aarch64 are)"
    local platform="${PANROCKS_CLANG_FORMAT_WHEEL_PLATFORM[$arch]}"
    local by_hand="python3 -m pip download --no-deps --only-binary=:all: --platform $platform -d /tmp/cf clang-format==$PANROCKS_CLANG_FORMAT_VERSION && mkdir -p $dir && python3 -m zipfile -e /tmp/cf/clang_format-*.whl /tmp/cf/x && cp /tmp/cf/x/clang_format/data/bin/clang-format $dir/ && chmod +x $dir/clang-format"
    command -v python3 >/dev/null || ensure_packages python3 python3-pip
    python3 -m pip --version >/dev/null 2>&1 || ensure_packages python3-pip
    say "toolchain: downloading clang-format $PANROCKS_CLANG_FORMAT_VERSION (PyPI clang-format, sha256 ${want:0:12}...) into $dir"
    local dl="$PANROCKS_TOOLCHAIN_CACHE/download.$$"
    rm -rf "$dl"; mkdir -p "$dl"
    python3 -m pip download --quiet --no-deps --only-binary=:all: --platform "$platform" \
        -d "$dl" "clang-format==$PANROCKS_CLANG_FORMAT_VERSION" >&2 \
        || { rm -rf "$dl"; die "pip could not download clang-format==$PANROCKS_CLANG_FORMAT_VERSION from PyPI; by hand: $by_hand"; }
    local wheel; wheel="$(ls "$dl"/clang_format-*.whl 2>/dev/null | head -1)"
    [ -n "$wheel" ] || { rm -rf "$dl"; die "pip brought no clang-format wheel; by hand: $by_hand"; }
    local got; got="$(sha256sum "$wheel" | cut -d' ' -f1)"
    [ "$got" = "$want" ] || { rm -rf "$dl"; die "$(basename "$wheel") has sha256 $got, pinned $want: refusing it"; }
    python3 -m zipfile -e "$wheel" "$dl/unpacked" || { rm -rf "$dl"; die "cannot unpack $wheel"; }
    rm -rf "$dir"
    mkdir -p "$dir"
    mv "$dl/unpacked/clang_format/data/bin/clang-format" "$dir/clang-format"
    chmod +x "$dir/clang-format"
    rm -rf "$dl"
    [[ "$("$dir/clang-format" --version 2>/dev/null)" == *"$version_line"* ]] || die "$dir/clang-format does not run"
    CLANG_FORMAT="$dir/clang-format"; export CLANG_FORMAT
}

# Writes the compiler wrappers and the CMake toolchain file of TARGET (once)
# and prints the toolchain file's path. The wrappers are also what plain
# Makefiles get as CC/CXX/AR/RANLIB (toolchain_bin TARGET prints their folder).
toolchain_file() {
    local target="$1"
    check_target "$target"
    ensure_zig
    local triple="${PANROCKS_ZIG_TRIPLE[$target]}"
    local dir="$PANROCKS_TOOLCHAIN_CACHE/zig-$PANROCKS_ZIG_VERSION/targets/$target"
    local file="$dir/toolchain.cmake"
    local system processor
    read -r system processor <<<"${PANROCKS_CMAKE_SYSTEM[$target]}"
    # zig keeps what it builds for a target (libc++, the libc stubs) in its
    # global cache; a private one keeps that next to zig itself.
    local zig_cache="$PANROCKS_TOOLCHAIN_CACHE/zig-$PANROCKS_ZIG_VERSION/cache"
    # RocksDB asks GCC's way for the CRC32 and crypto instructions of aarch64
    # (-march=armv8-a+crc+crypto, for its hardware CRC32C); zig's driver
    # names CPUs, not architectures: the wrappers say it zig's way, and on
    # macOS not at all (zig's Apple-silicon baseline, apple_m1, has both).
    local march_rewrite=""
    case "$target" in
        linux-aarch64|linux-aarch64-musl) march_rewrite='-march=armv8-a+*) set -- "$@" "-mcpu=generic+${a#-march=armv8-a+}" ;;' ;;
        osx-aarch64) march_rewrite='-march=armv8-a+*) ;;' ;;
    esac
    local stamp="zig=$ZIG triple=$triple cache=$zig_cache wrappers=3"
    if [ "$(cat "$dir/stamp" 2>/dev/null)" != "$stamp" ]; then
        mkdir -p "$dir"
        local tool sub rewrite
        for tool in cc c++ ar ranlib; do
            rewrite=""
            case "$tool" in
                cc|c++)
                    sub="$tool -target $triple"
                    if [ -n "$march_rewrite" ]; then
                        rewrite='n=$#
while [ $n -gt 0 ]; do
    a=$1; shift; n=$((n - 1))
    case $a in '"$march_rewrite"' *) set -- "$@" "$a" ;; esac
done'
                    fi ;;
                *) sub="$tool" ;;
            esac
            {
                echo '#!/bin/sh'
                echo "# zig $PANROCKS_ZIG_VERSION as the $tool of $target ($triple); written by scripts/toolchain.sh"
                [ -n "$rewrite" ] && echo "$rewrite"
                echo "ZIG_GLOBAL_CACHE_DIR=\"\${ZIG_GLOBAL_CACHE_DIR:-$zig_cache}\" exec \"$ZIG\" $sub \"\$@\""
            } > "$dir/$tool"
            chmod +x "$dir/$tool"
        done
        cat > "$file" <<EOF
# CMake toolchain of panrocks' $target build: zig $PANROCKS_ZIG_VERSION, target $triple.
# Written by scripts/toolchain.sh.
set(CMAKE_SYSTEM_NAME $system)
set(CMAKE_SYSTEM_PROCESSOR $processor)
set(CMAKE_C_COMPILER "$dir/cc")
set(CMAKE_CXX_COMPILER "$dir/c++")
set(CMAKE_AR "$dir/ar" CACHE FILEPATH "" FORCE)
set(CMAKE_RANLIB "$dir/ranlib" CACHE FILEPATH "" FORCE)
set(PANROCKS_TARGET $target)
set(PANROCKS_ZIG_TRIPLE $triple)
# nothing of the build machine's own libraries or headers
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
EOF
        if [ "$system" = Darwin ]; then
            # no Xcode here: zig carries the macOS SDK's stubs and headers
            printf 'set(CMAKE_OSX_SYSROOT "" CACHE PATH "" FORCE)\nset(CMAKE_OSX_DEPLOYMENT_TARGET "" CACHE STRING "" FORCE)\n' >> "$file"
        fi
        printf '%s' "$stamp" > "$dir/stamp"
    fi
    echo "$file"
}

toolchain_bin() { dirname "$(toolchain_file "$1")"; }
