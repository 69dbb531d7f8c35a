#!/usr/bin/env bash
# Checks or applies the format of the native sources: clang-format (the pinned release of
# scripts/toolchain.sh, the LLVM of zig's clang) with native/.clang-format, over every C and C++
# file of native/include, native/src, native/test, native/bench and native/tools (all written
# here: nothing under native/ is vendored; the engine's source lives in the engine cache).
#
#   scripts/format-native.sh [check]    lists each file clang-format would change, with the
#                                       first places it would change, and fails if any
#   scripts/format-native.sh apply      formats those files in place (--apply says the same)
#
# The native module's Maven build runs the check (native/pom.xml, phase verify), so an
# unformatted native file fails `mvn verify`; -Dpanrocks.format.native.skip=true skips it.
# shellcheck shell=bash
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/toolchain.sh"
apply=0
own_option() {
    case "$1" in
        --apply) apply=1 ;;
        --check) apply=0 ;;
        *) return 1 ;;
    esac
}
arguments=()
parse_options "$@"
for word in "${arguments[@]}"; do
    case "$word" in
        apply) apply=1 ;;
        check) apply=0 ;;
        *) die "unknown mode $word: check (the default) or apply" ;;
    esac
done
ensure_clang_format
cd "$PANROCKS_ROOT/native"
mapfile -t files < <(find include src test bench tools -type f \
    \( -name '*.c' -o -name '*.cc' -o -name '*.cpp' -o -name '*.h' -o -name '*.hpp' \) | LC_ALL=C sort)
[ ${#files[@]} -gt 0 ] || die "no C or C++ files under $PANROCKS_ROOT/native"
if [ "$apply" = 1 ]; then
    "$CLANG_FORMAT" --style=file -i "${files[@]}"
    say "formatted ${#files[@]} native files with $("$CLANG_FORMAT" --version | sed 's/^.*clang-format/clang-format/')"
    exit 0
fi
if ! "$CLANG_FORMAT" --style=file --dry-run -Werror --ferror-limit=3 "${files[@]}"; then
    die "native sources not formatted (native/.clang-format); format them with scripts/format-native.sh apply"
fi
say "native format: ${#files[@]} files formatted as native/.clang-format says"
