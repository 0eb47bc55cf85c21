#include "util/huge_heap.hpp"

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>

namespace preflight::util {

void prefer_huge_pages_for_the_heap() {
    constexpr std::uintptr_t kHuge = std::uintptr_t{2} << 20;  // the x86-64 and aarch64 (4 KiB granule) THP size
    constexpr std::size_t kReserve = 8U << 20;                 // more than a check of the bundled packs allocates
    // The reserve comes from the heap (not its own mapping), stays there when freed,
    // and the heap grows by at least that much whenever it grows.
    mallopt(M_MMAP_THRESHOLD, static_cast<int>(2 * kReserve));
    mallopt(M_TRIM_THRESHOLD, static_cast<int>(2 * kReserve));
    mallopt(M_TOP_PAD, static_cast<int>(kReserve));
    char* start = static_cast<char*>(sbrk(0));
    // Through a volatile pointer: a compiler may drop a malloc that is freed unused.
    void* volatile reserve = std::malloc(kReserve);
    std::free(reserve);
    char* end = static_cast<char*>(sbrk(0));
    // Whole huge pages only: the first boundary at or after start, the last before end.
    char* from = start + (kHuge - reinterpret_cast<std::uintptr_t>(start) % kHuge) % kHuge;
    char* to = end - reinterpret_cast<std::uintptr_t>(end) % kHuge;
    if (to > from) (void)madvise(from, static_cast<std::size_t>(to - from), MADV_HUGEPAGE);
}

}  // namespace preflight::util
