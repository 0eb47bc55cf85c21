// The lasting heap (util/lasting_heap.hpp): inside a scope, operator new takes memory
// from the region and delete of it does nothing; outside, and for what does not fit,
// malloc as usual. Builds under a sanitizer keep the standard operator new.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "util/lasting_heap.hpp"

using preflight::util::is_lasting;
using preflight::util::lasting_bytes;
using preflight::util::LastingScope;

namespace {

bool sanitized() {
    LastingScope scope;
    auto probe = std::make_unique<int>(1);
    return !is_lasting(probe.get());
}

}  // namespace

TEST(LastingHeap, AScopeAllocatesFromTheRegionAndDeleteGivesNothingBack) {
    if (sanitized()) GTEST_SKIP() << "a sanitizer build keeps the standard operator new";
    std::size_t before = lasting_bytes();
    auto* inside = [] {
        LastingScope scope;
        return new std::string(100, 'x');  // the string object and its 101 bytes
    }();
    EXPECT_TRUE(is_lasting(inside));
    EXPECT_TRUE(is_lasting(inside->data()));
    EXPECT_GE(lasting_bytes() - before, sizeof(std::string) + 101);
    // Outside a scope, memory comes from malloc; each is freed the way it came.
    auto outside = std::make_unique<std::string>(100, 'y');
    EXPECT_FALSE(is_lasting(outside.get()));
    EXPECT_FALSE(is_lasting(outside->data()));
    std::size_t used = lasting_bytes();
    delete inside;
    EXPECT_EQ(lasting_bytes(), used);  // nothing is reused or given back
}

TEST(LastingHeap, ScopesNestAndAreThreadLocal) {
    if (sanitized()) GTEST_SKIP() << "a sanitizer build keeps the standard operator new";
    LastingScope outer;
    { LastingScope inner; }
    auto still = std::make_unique<long>(1);
    EXPECT_TRUE(is_lasting(still.get()));  // the outer scope is still alive
    bool other_thread_lasting = true;
    std::thread([&] {
        auto p = std::make_unique<long>(2);  // no scope on this thread
        other_thread_lasting = is_lasting(p.get());
    }).join();
    EXPECT_FALSE(other_thread_lasting);
}

TEST(LastingHeap, WhatDoesNotFitComesFromMalloc) {
    if (sanitized()) GTEST_SKIP() << "a sanitizer build keeps the standard operator new";
    LastingScope scope;
    std::vector<char> huge(std::size_t{65} << 20);  // past the 64 MiB region
    EXPECT_FALSE(is_lasting(huge.data()));
    huge[huge.size() - 1] = 1;
}

// Each thread bumps through a chunk of its own: what one thread takes between two
// allocations of another does not come between them. Run on new threads, whose chunks
// start empty, so that the two allocations fit in one.
TEST(LastingHeap, EachThreadTakesFromAChunkOfItsOwn) {
    if (sanitized()) GTEST_SKIP() << "a sanitizer build keeps the standard operator new";
    char *a = nullptr, *b = nullptr, *other = nullptr;
    std::thread([&] {
        LastingScope scope;
        a = static_cast<char*>(::operator new(16));
        std::thread([&] {
            LastingScope theirs;
            other = static_cast<char*>(::operator new(64));
        }).join();
        b = static_cast<char*>(::operator new(16));
    }).join();
    EXPECT_TRUE(is_lasting(a) && is_lasting(b) && is_lasting(other));
    // The thread's own bookkeeping (std::thread's state) may lie between them; the other
    // thread's 64 bytes do not.
    EXPECT_GT(b, a);
    EXPECT_LT(b - a, 64);
    EXPECT_FALSE(other > a && other < b);
}
