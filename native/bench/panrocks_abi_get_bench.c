/*
 * The read of `get(key, byte[])` as plain C through libpanrocks.so: the same
 * engine build as the native floor (panrocks_native_bench links it
 * statically into an executable), but loaded as the shared library the JVM
 * loads, and called through the C ABI the Java API calls. Set beside the
 * floor's get_buffer and the JMH GetCostBudget ladder, it splits what the
 * binding adds into what comes from the engine living in a shared library
 * (thread-local storage reached through __tls_get_addr, position-independent
 * code, the C stub) and what comes from the JVM (the FFM crossing and the
 * Java API's own work). docs/benchmarks.md, "Per-call cost budget".
 *
 *   panrocks_abi_get_bench VALUE_SIZE [ITERATIONS] [SHAPE]
 *
 * SHAPE (default get): `get` as below; `scan1000_batch`, the bulk walk of
 * RocksIterator.scanForward and of its reading ahead: a new iterator, a
 * seek to a random key, 1000 entries through panrocks_iterator_next_batch
 * (the Java API's batch of 256 entries, 2 KiB copy limit, 128 KiB buffer;
 * wrapping to the first key at the end), each entry's size and last byte
 * read, the iterator destroyed; `scan1000_step`, the same with one
 * panrocks_iterator_next per entry (the Java API before reading ahead).
 * Set beside the floor's scan1000 (the same engine build, linked
 * statically), they show what the engine in a shared library and the C
 * stub cost a scan before any Java runs.
 *
 * Data and options as the floor's: 1000 keys of 16 bytes (i zero-padded),
 * byte j of value i is (i*31+j)&0xff, no compression, a 1 GiB block cache,
 * flushed and compacted, every key read once. One operation: a random key
 * (xorshift64*, stream 0) read with panrocks_get_adaptive into a 16 KiB
 * scratch buffer with the Java API's copy limit for heap arrays (512 B),
 * then copied into the caller's buffer, from the scratch or from the pin
 * (released after). 1 s warmup, then ITERATIONS (default 10) of 1 s; prints
 * one JSON line with the mean ops/s, its 99.9% half-width and every
 * iteration.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "panrocks.h"

enum { KEY_COUNT = 1000,
       KEY_SIZE = 16,
       SCRATCH = 16 * 1024,
       HEAP_COPY_LIMIT = 512 };

static void check(int32_t rc, const panrocks_error *error, const char *what) {
    if (rc != PANROCKS_OK) {
        fprintf(stderr, "%s failed (%d): %s\n", what, rc, error->message);
        exit(1);
    }
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static uint64_t rng_state;

static uint32_t below(uint32_t bound) { /* xorshift64*, as the floor's and the JMH Rng */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((((rng_state * 0x2545F4914F6CDD1DULL) >> 32) * bound) >> 32);
}

/* the 99.9% two-sided Student t quantile for n-1 degrees of freedom, n <= 30 */
static double t999(int n) {
    static const double t[] = {0, 636.6, 31.60, 12.92, 8.610, 6.869, 5.959, 5.408, 5.041, 4.781, 4.587,
                               4.437, 4.318, 4.221, 4.140, 4.073, 4.015, 3.965, 3.922, 3.883, 3.850,
                               3.819, 3.792, 3.768, 3.745, 3.725, 3.707, 3.690, 3.674, 3.659};
    return n - 1 < 30 ? t[n - 1] : 3.5;
}

enum { SCAN_ENTRIES = 1000,
       BATCH_ENTRIES = 256,
       BATCH_COPY_LIMIT = 2048,
       BATCH_BYTES = 128 * 1024 };

/* One scan of SCAN_ENTRIES from a random key; returns a byte of every entry. */
static uint64_t scan(panrocks_db *db, char (*keys)[KEY_SIZE], int batched, panrocks_iter_entry *entries,
                     char *buffer, panrocks_error *error) {
    panrocks_iterator *it;
    check(panrocks_iterator_create(db, NULL, NULL, &it, error), error, "iterator");
    check(panrocks_iterator_seek(it, keys[below(KEY_COUNT)], KEY_SIZE, entries, error), error, "seek");
    uint64_t sink = 0;
    int seen = 0;
    if (!batched) {
        while (seen < SCAN_ENTRIES) {
            if (!entries[0].valid) check(panrocks_iterator_seek_to_first(it, entries, error), error, "seek");
            sink += entries[0].key_size + (unsigned char)entries[0].value[entries[0].value_size - 1];
            seen++;
            check(panrocks_iterator_next(it, entries, error), error, "next");
        }
    } else {
        int step_first = 0;
        while (seen < SCAN_ENTRIES) {
            size_t count = 0;
            check(panrocks_iterator_next_batch(it, PANROCKS_FORWARD, step_first, BATCH_ENTRIES, BATCH_COPY_LIMIT,
                                               buffer, BATCH_BYTES, entries, &count, error),
                  error, "next_batch");
            step_first = 1;
            if (count == 0) { /* the end: wrap */
                check(panrocks_iterator_seek_to_first(it, entries, error), error, "seek");
                step_first = 0;
                continue;
            }
            for (size_t i = 0; i < count && seen < SCAN_ENTRIES; i++, seen++) {
                sink += entries[i].key_size + (unsigned char)entries[i].value[entries[i].value_size - 1];
            }
        }
    }
    panrocks_iterator_destroy(it);
    return sink;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: panrocks_abi_get_bench VALUE_SIZE [ITERATIONS] [get|scan1000_batch|scan1000_step]\n");
        return 2;
    }
    const size_t value_size = (size_t)strtoull(argv[1], NULL, 10);
    const int iterations = argc > 2 ? atoi(argv[2]) : 10;
    const char *shape = argc > 3 ? argv[3] : "get";
    const int scanning = strcmp(shape, "get") != 0;
    const int batched = strcmp(shape, "scan1000_batch") == 0;
    if (scanning && !batched && strcmp(shape, "scan1000_step") != 0) {
        fprintf(stderr, "SHAPE must be get, scan1000_batch or scan1000_step\n");
        return 2;
    }
    if (scanning && value_size == 0) {
        fprintf(stderr, "a scan reads the last byte of each value: VALUE_SIZE must be positive\n");
        return 2;
    }
    if (iterations < 2 || iterations > 30) {
        fprintf(stderr, "ITERATIONS must be 2..30\n");
        return 2;
    }
    char dir[] = "/tmp/panrocks-abi-get-XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    static panrocks_error error;
    panrocks_cf_descriptor cf = {0};
    cf.name = "default";
    cf.options =
        "compression=kNoCompression;bottommost_compression=kNoCompression;"
        "compression_per_level=kNoCompression:kNoCompression:kNoCompression:kNoCompression:"
        "kNoCompression:kNoCompression:kNoCompression";
    cf.table_options = "block_cache=1073741824";
    panrocks_open_request request = {0};
    request.path = dir;
    request.db_options = "create_if_missing=true";
    request.mode = PANROCKS_OPEN_READ_WRITE;
    request.cf_count = 1;
    request.cfs = &cf;
    panrocks_db *db;
    panrocks_cf *handles[1];
    check(panrocks_open(&request, &db, handles, &error), &error, "open");

    char (*keys)[KEY_SIZE] = malloc((size_t)KEY_COUNT * KEY_SIZE);
    char *value = malloc(value_size ? value_size : 1);
    for (int i = 0; i < KEY_COUNT; i++) {
        char text[KEY_SIZE + 1];
        snprintf(text, sizeof text, "%0*d", KEY_SIZE, i);
        memcpy(keys[i], text, KEY_SIZE);
        for (size_t j = 0; j < value_size; j++) value[j] = (char)((i * 31 + (int)j) & 0xff);
        check(panrocks_put(db, NULL, 0, keys[i], KEY_SIZE, value, value_size, &error), &error, "put");
    }
    check(panrocks_flush(db, NULL, 1, &error), &error, "flush");
    panrocks_slice all = {0};
    check(panrocks_compact_range(db, NULL, all, all, &error), &error, "compact");

    panrocks_pin *pin;
    check(panrocks_pin_create(&pin, &error), &error, "pin");
    char *scratch = malloc(SCRATCH);
    panrocks_value result;
    volatile uint64_t sink = 0;
    for (int i = 0; i < KEY_COUNT; i++) { /* every key read once: all blocks cached */
        check(panrocks_get_adaptive(db, NULL, NULL, pin, keys[i], KEY_SIZE, scratch, SCRATCH, HEAP_COPY_LIMIT,
                                    &result, &error),
              &error, "get");
        if (result.pinned) panrocks_pin_release(pin);
    }

    double rates[30];
    rng_state = 0x9E3779B97F4A7C15ULL; /* stream 0 */
    panrocks_iter_entry *entries = malloc(sizeof(panrocks_iter_entry) * (BATCH_ENTRIES + 1));
    char *batch = malloc(BATCH_BYTES);
    for (int it = -1; it < iterations; it++) { /* -1: warmup */
        uint64_t ops = 0;
        const double start = now();
        double elapsed;
        do {
            if (scanning) {
                sink += scan(db, keys, batched, entries, batch, &error);
                ops++;
                elapsed = now() - start;
                continue;
            }
            for (int k = 0; k < 256; k++) {
                int32_t rc = panrocks_get_adaptive(db, NULL, NULL, pin, keys[below(KEY_COUNT)], KEY_SIZE, scratch,
                                                   SCRATCH, HEAP_COPY_LIMIT, &result, &error);
                if (rc != PANROCKS_OK) check(rc, &error, "get");
                const size_t n = result.size < value_size ? (size_t)result.size : value_size;
                if (result.pinned) {
                    memcpy(value, result.data, n);
                    panrocks_pin_release(pin);
                } else {
                    memcpy(value, scratch, n);
                }
                sink += (unsigned char)value[n ? n - 1 : 0];
            }
            ops += 256;
            elapsed = now() - start;
        } while (elapsed < 1.0);
        if (it >= 0) rates[it] = (double)ops / elapsed;
    }
    double mean = 0, var = 0;
    for (int i = 0; i < iterations; i++) mean += rates[i];
    mean /= iterations;
    for (int i = 0; i < iterations; i++) var += (rates[i] - mean) * (rates[i] - mean);
    const double half = t999(iterations) * sqrt(var / (iterations - 1)) / sqrt((double)iterations);
    printf(
        "{\"shape\":\"abi_%s\",\"keyCount\":%d,\"keySize\":%d,\"valueSize\":%zu,\"dataset\":\"flushed\","
        "\"threads\":1,\"opsPerSec\":%.3f,\"error\":%.3f,\"iterations\":[",
        scanning ? shape : "get_copy", KEY_COUNT, KEY_SIZE, value_size, mean, half);
    for (int i = 0; i < iterations; i++) printf("%s%.3f", i ? "," : "", rates[i]);
    printf("]}\n");

    panrocks_pin_destroy(pin);
    check(panrocks_close(db, &error), &error, "close");
    char command[128];
    snprintf(command, sizeof command, "rm -rf %s", dir);
    if (system(command) != 0) fprintf(stderr, "could not remove %s\n", dir);
    free(scratch);
    free(entries);
    free(batch);
    free(value);
    free(keys);
    return (int)(sink & 0); /* sink keeps the copies */
}
