// Thread stacks on musl.
//
// RocksDB runs flushes and compactions, and with them the callbacks that call
// back into the JVM (comparators, merge operators, compaction filters, event
// listeners: upcalls), on threads it starts with std::thread, which take the
// C library's default stack size: glibc's is the stack rlimit (8 MiB as a
// rule), musl's 128 KiB. HotSpot needs its guard and shadow pages below any
// Java frame (about 24 pages, 96 KiB, on x86-64 and aarch64), which leaves Java code
// upcalled on such a thread a few KiB: a StackOverflowError or worse on
// Alpine. So the musl libraries raise the process's default stack size for
// new threads to PANROCKS_MUSL_THREAD_STACK when they load, before the engine
// starts a thread. pthread_setattr_default_np (a musl and glibc extension)
// only ever raises musl's default; the JVM's own threads name their stack
// sizes and are not affected; a stack costs address space, its untouched
// pages no memory.
#include <pthread.h>  // first: glibc's headers define __GLIBC__, musl's nothing of the kind

#include <cstddef>

#if defined(__linux__) && !defined(__GLIBC__)

namespace {

constexpr std::size_t PANROCKS_MUSL_THREAD_STACK = 2u << 20;  // 2 MiB: what HotSpot gives its own threads on aarch64

__attribute__((constructor)) void raise_default_thread_stack() {
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) return;
    std::size_t size = 0;
    // musl's attribute object starts with the current defaults, which is all it may hold here
    if (pthread_attr_getstacksize(&attr, &size) == 0 && size < PANROCKS_MUSL_THREAD_STACK &&
        pthread_attr_setstacksize(&attr, PANROCKS_MUSL_THREAD_STACK) == 0) {
        pthread_setattr_default_np(&attr);
    }
    pthread_attr_destroy(&attr);
}

}  // namespace

#endif
