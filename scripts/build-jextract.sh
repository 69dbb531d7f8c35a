#!/usr/bin/env bash
# Builds jextract from a source checkout, for scripts/generate-bindings.sh.
#
#   scripts/build-jextract.sh /path/to/jextract-checkout
#
# jextract is on no package registry, and its own build (Gradle plus a full
# LLVM install) needs the internet; this script needs neither. It compiles the
# checkout's Java sources with the project's JDK (>= 22) and writes a launcher
# that runs them over Debian's libclang 14, in
# ~/.cache/panrocks-jextract/<revision>/bin/jextract (PANROCKS_JEXTRACT_CACHE
# moves it). It prints the JEXTRACT_HOME to use.
#
# Which revision: the committed bindings come from openjdk/jextract
# 360bdc9cec421ebd7e2830a84cd5f6f4e22358c3 (the last before a53f5c0, whose
# output calls SymbolLookup.findOrThrow, JDK 23 API) over libclang 14.0.6:
# that pair regenerates them byte for byte, and its output compiles for
# --release 22. Another revision is built too, with a warning: its output may
# differ from the committed files or need a newer JDK.
#
# The checkout is yours to bring (a clone of https://github.com/openjdk/jextract
# checked out at the revision, or a source tarball of it); this repository
# carries no copy of jextract and downloads nothing.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

PINNED_REVISION=360bdc9cec421ebd7e2830a84cd5f6f4e22358c3
LIBCLANG_PACKAGES=(libclang1-14 libclang-common-14-dev)
LLVM_HOME=/usr/lib/llvm-14

src="${1:-${JEXTRACT_SRC:-}}"
[ -n "$src" ] || die "usage: scripts/build-jextract.sh JEXTRACT_CHECKOUT
  (a checkout of https://github.com/openjdk/jextract, revision $PINNED_REVISION)"
[ -f "$src/src/main/java/org/openjdk/jextract/JextractTool.java" ] \
    || die "$src is not a jextract source checkout (no src/main/java/org/openjdk/jextract/JextractTool.java)"

revision=unknown
if git -C "$src" rev-parse HEAD >/dev/null 2>&1; then
    revision="$(git -C "$src" rev-parse HEAD)"
    [ -z "$(git -C "$src" status --porcelain --untracked-files=no 2>/dev/null)" ] || revision="$revision-modified"
fi
if [ "$revision" != "$PINNED_REVISION" ]; then
    say "warning: building jextract revision $revision, not the pinned $PINNED_REVISION:"
    say "         its output may differ from the committed bindings or not compile for --release 22"
fi

ensure_packages "${LIBCLANG_PACKAGES[@]}"
clang_include="$(ls -d "$LLVM_HOME"/lib/clang/*/include 2>/dev/null | head -1)"
[ -n "$clang_include" ] || die "no clang builtin headers under $LLVM_HOME/lib/clang (package libclang-common-14-dev)"
[ -e "$LLVM_HOME/lib/libclang.so.1" ] || die "no $LLVM_HOME/lib/libclang.so.1 (package libclang1-14)"

setup_environment   # JAVA_HOME = a JDK >= 22
cache="${PANROCKS_JEXTRACT_CACHE:-$HOME/.cache/panrocks-jextract}"
home="$cache/$revision"
rm -rf "$home"
mkdir -p "$home/classes" "$home/lib" "$home/bin"

say "compiling jextract $revision with $("$JAVA_HOME/bin/javac" -version 2>&1)"
find "$src/src/main/java" -name '*.java' > "$home/sources.txt"
# --module-version 22: what upstream's Gradle build stamps; --version prints it.
"$JAVA_HOME/bin/javac" --release 22 --module-version 22 -nowarn -d "$home/classes" @"$home/sources.txt" 2>&1 \
    | grep -v -E '^Note: ' >&2 || true
[ -f "$home/classes/org/openjdk/jextract/JextractTool.class" ] || die "jextract did not compile"
# Its messages and the template of the generated header class.
cp -r "$src/src/main/resources/." "$home/classes/"

# jextract loads libclang with System.loadLibrary("clang"): an unversioned
# name, which only Debian's -dev package would provide.
ln -sf "$LLVM_HOME/lib/libclang.so.1" "$home/lib/libclang.so"
cat > "$home/bin/jextract" <<EOF
#!/bin/sh
# jextract $revision over $(readlink -f "$LLVM_HOME/lib/libclang.so.1"), built by panrocks' scripts/build-jextract.sh
exec "$JAVA_HOME/bin/java" --enable-native-access=org.openjdk.jextract \\
    -Djava.library.path="$home/lib" -Djextract.header.path="$clang_include" \\
    --module-path "$home/classes" -m org.openjdk.jextract/org.openjdk.jextract.JextractTool "\$@"
EOF
chmod +x "$home/bin/jextract"
"$home/bin/jextract" --version >/dev/null 2>&1 || die "the built jextract does not run: $home/bin/jextract --version"
say "jextract $revision built: $("$home/bin/jextract" --version 2>&1 | head -1)"
echo "JEXTRACT_HOME=$home"
