// Counts heap allocations of the process it is preloaded into (LD_PRELOAD), for Benchmarks/instructions.sh.
// Every malloc, calloc, realloc and aligned allocation adds one to a 64-bit counter kept in the file named by
// PARSNIP_ALLOCATION_COUNTER (mapped shared, so the script reads it while the server runs); the allocation itself
// is glibc's own (__libc_malloc and friends).
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static uint64_t fallback;
static uint64_t *counter = &fallback;

__attribute__((constructor)) static void open_counter(void) {
    const char *path = getenv("PARSNIP_ALLOCATION_COUNTER");
    if (path == NULL) return;
    int file = open(path, O_RDWR | O_CREAT, 0644);
    if (file < 0) return;
    if (ftruncate(file, sizeof(uint64_t)) == 0) {
        void *shared = mmap(NULL, sizeof(uint64_t), PROT_READ | PROT_WRITE, MAP_SHARED, file, 0);
        if (shared != MAP_FAILED) counter = shared;
    }
    close(file);
}

static inline void count(void) { __atomic_fetch_add(counter, 1, __ATOMIC_RELAXED); }

void *malloc(size_t size) { count(); return __libc_malloc(size); }
void *calloc(size_t number, size_t size) { count(); return __libc_calloc(number, size); }
void *realloc(void *pointer, size_t size) { count(); return __libc_realloc(pointer, size); }
void *memalign(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
int posix_memalign(void **result, size_t alignment, size_t size) {
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return 12;  // ENOMEM
    *result = pointer;
    return 0;
}
