// Transparent huge pages for the heap, asked for once at start-up: a check builds a
// few megabytes of rule set and facts, and faulting them in a 4 KiB page at a time
// was a third of a check's wall time on the project's (virtual) machines
// (bench/README.md, "Page faults"). What glibc's `glibc.malloc.hugetlb=1` tunable
// does, done without it: a static binary cannot set its own tunables.
#pragma once

namespace preflight::util {

// Grows the heap by its start-up reserve now and advises huge pages on it; where the
// kernel has no transparent huge pages, or says no, nothing changes.
void prefer_huge_pages_for_the_heap();

}  // namespace preflight::util
