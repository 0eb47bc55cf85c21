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
    // The heap's free top (keepcost is its size) is where the next allocations go. Up
    // to the first huge-page boundary it cannot have huge pages (the 2 MiB around it
    // are not all heap), and a check's whole malloc heap, some 400 KiB, used to fault
    // in there one 4 KiB page at a time.
    char* top = static_cast<char*>(sbrk(0)) - mallinfo2().keepcost;
    std::size_t pad = (kHuge - reinterpret_cast<std::uintptr_t>(top) % kHuge) % kHuge;
    // Through volatile pointers: a compiler may drop a malloc whose block is unused.
    void* volatile reserve = std::malloc(kReserve);
    std::free(reserve);
    char* end = static_cast<char*>(sbrk(0));
    // Whole huge pages only, from that boundary to the last one before the heap's end;
    // advised before anything there is written, or its first page is a small one.
    char* from = top + pad;
    char* to = end - reinterpret_cast<std::uintptr_t>(end) % kHuge;
    if (to <= from) return;
    (void)madvise(from, static_cast<std::size_t>(to - from), MADV_HUGEPAGE);
    // A block that fills the top up to the boundary, kept and never written past its
    // header, makes what comes next start on the boundary.
    constexpr std::size_t kHeader = sizeof(std::size_t);  // a chunk's size word, before what malloc returns
    if (pad > 4 * kHeader) {
        void* volatile spacer = std::malloc(pad - kHeader);
        (void)spacer;
    }
}

}  // namespace preflight::util
