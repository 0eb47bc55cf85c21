#include "util/lasting_heap.hpp"

#include <sys/mman.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) || __has_feature(thread_sanitizer)
#define PREFLIGHT_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define PREFLIGHT_SANITIZED 1
#endif

namespace preflight::util {
namespace {

// Virtual address space only (MAP_NORESERVE): pages are touched as the bump reaches
// them. The bundled packs' set takes about 3 MiB; a set past the region goes to malloc.
constexpr std::size_t kRegionSize = std::size_t{64} << 20;
constexpr std::size_t kAlign = alignof(std::max_align_t);

std::atomic<char*> region_begin{nullptr};  // set once; the region ends kRegionSize after it
std::atomic<char*> region_next{nullptr};
thread_local int scope_depth = 0;

// Reserved on the first scope, once: a function-local static is initialized once
// even when threads race to it.
void reserve_region() {
    static const bool reserved = [] {
        void* p = mmap(nullptr, kRegionSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (p == MAP_FAILED) return false;
        // Transparent huge pages where the kernel has them: a 2 MiB fault, not 512.
        (void)madvise(p, kRegionSize, MADV_HUGEPAGE);
        char* begin = static_cast<char*>(p);
        region_next.store(begin, std::memory_order_relaxed);
        region_begin.store(begin, std::memory_order_release);
        return true;
    }();
    (void)reserved;
}

#ifndef PREFLIGHT_SANITIZED
// `size` bytes (aligned) from the region shared by every thread: one atomic step.
char* take(std::size_t size) {
    char* at = region_next.load(std::memory_order_relaxed);
    if (at == nullptr) return nullptr;
    char* end = region_begin.load(std::memory_order_relaxed) + kRegionSize;
    do {
        if (static_cast<std::size_t>(end - at) < size) return nullptr;
    } while (!region_next.compare_exchange_weak(at, at + size, std::memory_order_relaxed));
    return at;
}

// Each thread bumps through a chunk of its own, taken from the region a chunk at a
// time: a check makes some 24,000 allocations, and a locked compare-exchange each was
// tens of cycles apiece. What is left of a chunk when the process ends is never used.
constexpr std::size_t kChunk = std::size_t{64} << 10;
thread_local char* chunk_next = nullptr;
thread_local char* chunk_end = nullptr;

void* bump(std::size_t n) {
    std::size_t size = (n + kAlign - 1) & ~(kAlign - 1);
    if (size <= static_cast<std::size_t>(chunk_end - chunk_next)) {
        char* at = chunk_next;
        chunk_next += size;
        return at;
    }
    if (size > kChunk / 4) return take(size);  // a large one on its own, the chunk kept
    char* chunk = take(kChunk);
    if (chunk == nullptr) return take(size);
    chunk_next = chunk + size;
    chunk_end = chunk + kChunk;
    return chunk;
}
#endif

}  // namespace

LastingScope::LastingScope() {
#ifndef PREFLIGHT_SANITIZED
    reserve_region();
    ++scope_depth;
#endif
}

LastingScope::~LastingScope() {
#ifndef PREFLIGHT_SANITIZED
    --scope_depth;
#endif
}

std::size_t lasting_bytes() {
    char* begin = region_begin.load(std::memory_order_acquire);
    if (!begin) return 0;
    std::size_t taken = static_cast<std::size_t>(region_next.load(std::memory_order_relaxed) - begin);
#ifndef PREFLIGHT_SANITIZED
    taken -= static_cast<std::size_t>(chunk_end - chunk_next);  // this thread's chunk, not yet handed out
#endif
    return taken;
}

bool is_lasting(const void* p) {
    const char* begin = region_begin.load(std::memory_order_acquire);
    const char* c = static_cast<const char*>(p);
    return begin != nullptr && c >= begin && c < begin + kRegionSize;
}

}  // namespace preflight::util

#ifndef PREFLIGHT_SANITIZED
// The replaceable global forms ([new.delete.single]); libstdc++'s array, nothrow and
// sized forms call these. The aligned forms are left alone: they use aligned_alloc and
// free, and never see the region.
void* operator new(std::size_t n) {
    if (preflight::util::scope_depth > 0)
        if (void* p = preflight::util::bump(n)) return p;
    for (;;) {
        if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
        std::new_handler handler = std::get_new_handler();
        if (!handler) throw std::bad_alloc();
        handler();
    }
}

void operator delete(void* p) noexcept {
    if (!preflight::util::is_lasting(p)) std::free(p);
}

void operator delete(void* p, std::size_t /*size*/) noexcept { operator delete(p); }
#endif
