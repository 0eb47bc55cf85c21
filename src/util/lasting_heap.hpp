// Memory for what lasts until the process exits: a rule set read from its image
// (rules/rule_set_image.cpp). Such a set is tens of thousands of small objects (tree
// nodes, strings, sets of fact references) that a command builds once and never
// frees; malloc's bookkeeping for them was a third of a check's instructions
// (bench/README.md, "Lasting allocations").
//
// While a LastingScope is alive on a thread, that thread's operator new bumps a
// pointer through one region reserved for the whole process (a chunk of it at a time
// for each thread), and operator delete of memory in that region does nothing. When
// the region is full, or could not be reserved, operator new falls back to malloc.
// Builds under a sanitizer keep the standard operator new, so that every allocation
// stays checked; a scope there does nothing.
#pragma once

#include <cstddef>

namespace preflight::util {

class LastingScope {
public:
    LastingScope();
    ~LastingScope();
    LastingScope(const LastingScope&) = delete;
    LastingScope& operator=(const LastingScope&) = delete;
};

// Bytes handed out from the region so far (0 under a sanitizer), less what other
// threads' chunks hold unused: for tests and benchmarks, on one thread.
std::size_t lasting_bytes();
// Whether `p` points into the region.
bool is_lasting(const void* p);

}  // namespace preflight::util
