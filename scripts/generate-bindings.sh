#!/usr/bin/env bash
# Regenerates jextract-bindings/ from native/include/panrocks.h.
#
# jextract is not on any package registry: build it from a checkout of
# https://github.com/openjdk/jextract with scripts/build-jextract.sh, which
# writes it to ~/.cache/panrocks-jextract/<revision>/ (PANROCKS_JEXTRACT_CACHE
# moves it), where this script finds the pinned revision's build by itself.
# JEXTRACT_HOME (a jextract build: bin/jextract) overrides that, and a
# `jextract` on PATH is used when neither is there. Its output must compile for --release 22, which the
# JDK-22-era jextract produces; newer jextract output calls JDK 23 API
# (SymbolLookup.findOrThrow), and the build then fails with a clear error.
# The committed bindings come from jextract revision
# 360bdc9cec421ebd7e2830a84cd5f6f4e22358c3 (the last before a53f5c0, whose
# output calls SymbolLookup.findOrThrow) over Debian's libclang 14.0.6: that
# pair regenerates them byte for byte.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

pinned_build="${PANROCKS_JEXTRACT_CACHE:-$HOME/.cache/panrocks-jextract}/360bdc9cec421ebd7e2830a84cd5f6f4e22358c3"
if [ -n "${JEXTRACT_HOME:-}" ]; then
    [ -x "$JEXTRACT_HOME/bin/jextract" ] || die "JEXTRACT_HOME=$JEXTRACT_HOME has no bin/jextract"
    jextract="$JEXTRACT_HOME/bin/jextract"
elif [ -x "$pinned_build/bin/jextract" ]; then
    jextract="$pinned_build/bin/jextract"
elif command -v jextract >/dev/null 2>&1; then
    jextract="$(command -v jextract)"
else
    die "jextract not found: no build in $pinned_build, no JEXTRACT_HOME, none on PATH.
  Build one with: scripts/build-jextract.sh /path/to/checkout-of-github.com/openjdk/jextract
  at revision 360bdc9cec421ebd7e2830a84cd5f6f4e22358c3 (its last JDK-22-era one); with libclang 14
  that regenerates the committed bindings byte for byte."
fi

header="$PANROCKS_ROOT/native/include/panrocks.h"
out="$PANROCKS_ROOT/jextract-bindings/src/main/java"
package=io.panrocks.internal.ffi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# Only what panrocks.h and its object headers (panrocks_*.h, included from
# it) declare, not what they include (stdint.h ...).
"$jextract" --dump-includes "$tmp/all.txt" "$header" >/dev/null 2>&1 || die "jextract --dump-includes failed"
grep -E "header: .*/native/include/panrocks(_[a-z0-9_]+)?\.h$" "$tmp/all.txt" | sed 's/#.*//' > "$tmp/includes.txt"

rm -rf "${out:?}/${package//.//}"
"$jextract" --output "$out" --target-package "$package" @"$tmp/includes.txt" "$header" 2>&1 \
    | grep -v "Skipping panrocks_.* (type Declared(panrocks_.*) is not supported)" || true
say "generated $(find "$out/${package//.//}" -name '*.java' | wc -l) files into $out with $("$jextract" --version 2>&1 | head -1)"
