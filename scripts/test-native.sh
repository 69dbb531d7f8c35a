#!/usr/bin/env bash
# Runs the C ABI tests (CTest) on the normal build, then again under
# AddressSanitizer + UndefinedBehaviorSanitizer (PANROCKS_SKIP_SANITIZE=1 skips that).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
"$PANROCKS_ROOT/scripts/build-native.sh"
ctest --test-dir "$PANROCKS_ROOT/native/build" --output-on-failure
if [ "${PANROCKS_SKIP_SANITIZE:-0}" != "1" ]; then
    PANROCKS_SANITIZE=1 "$PANROCKS_ROOT/scripts/build-native.sh"
    # detect_container_overflow=0: the engine is not instrumented (native/tools/asan_runtime_gaps.c)
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:allocator_may_return_null=1:detect_container_overflow=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        ctest --test-dir "$PANROCKS_ROOT/native/build-sanitize" --output-on-failure
fi
