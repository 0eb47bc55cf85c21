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
    auto start = reinterpret_cast<std::uintptr_t>(sbrk(0));
    // Through a volatile pointer: a compiler may drop a malloc that is freed unused.
    void* volatile reserve = std::malloc(kReserve);
    std::free(reserve);
    auto end = reinterpret_cast<std::uintptr_t>(sbrk(0));
    std::uintptr_t from = (start + kHuge - 1) & ~(kHuge - 1);
    std::uintptr_t to = end & ~(kHuge - 1);
    if (to > from) (void)madvise(reinterpret_cast<void*>(from), to - from, MADV_HUGEPAGE);
}

}  // namespace preflight::util
