/*
 * Two AddressSanitizer entry points that zig's libc++ (LLVM 20) calls and
 * GCC 12's libasan, the runtime the sanitizer build links (CMakeLists.txt),
 * predates: deque's container annotations. They are no-ops here, as
 * container-overflow detection is off in that build anyway
 * (detect_container_overflow=0, scripts/test-native.sh): the engine is not
 * instrumented, so containers the stub and the engine both grow would
 * otherwise report overflows that are not there. Every other check of
 * ASan (heap, stack, use after free, double free, leaks) stays on.
 */
#include <stddef.h>

void __sanitizer_annotate_double_ended_contiguous_container(const void *storage_beg, const void *storage_end,
                                                            const void *old_container_beg, const void *old_container_end,
                                                            const void *new_container_beg, const void *new_container_end) {
    (void)storage_beg;
    (void)storage_end;
    (void)old_container_beg;
    (void)old_container_end;
    (void)new_container_beg;
    (void)new_container_end;
}

int __sanitizer_verify_double_ended_contiguous_container(const void *storage_beg, const void *container_beg,
                                                         const void *container_end, const void *storage_end) {
    (void)storage_beg;
    (void)container_beg;
    (void)container_end;
    (void)storage_end;
    return 1;
}
