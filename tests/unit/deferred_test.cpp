// util::Deferred: a value made once on first use, by whichever thread asks first, and
// one whose making reads another (under the one lock every Deferred shares).
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "util/deferred.hpp"

namespace preflight::util {
namespace {

TEST(Deferred, IsMadeOnceWhicheverThreadAsksFirst) {
    std::atomic<int> made{0};
    Deferred<int> value([&made] {
        ++made;
        return 42;
    });
    EXPECT_EQ(made.load(), 0);  // nothing until asked
    std::vector<std::thread> threads;
    std::atomic<int> sum{0};
    for (int i = 0; i < 8; ++i) threads.emplace_back([&] { sum += value.get(); });
    for (auto& t : threads) t.join();
    EXPECT_EQ(made.load(), 1);
    EXPECT_EQ(sum.load(), 8 * 42);
}

TEST(Deferred, MakingOneMayReadAnother) {
    Deferred<int> inner([] { return 2; });
    Deferred<int> outer([&inner] { return inner.get() + 1; });  // the lock is taken again, by the same thread
    EXPECT_EQ(outer.get(), 3);
    // And across threads: one thread making `outer` while another asks for `inner`.
    Deferred<int> first([] { return 5; });
    Deferred<int> second([&first] { return first.get() * 2; });
    std::thread t([&] { EXPECT_EQ(second.get(), 10); });
    EXPECT_EQ(first.get(), 5);
    t.join();
}

TEST(Deferred, GivenValueOrNoneAllocatesNoMaker) {
    Deferred<int> none;
    EXPECT_EQ(none.get(), 0);
    Deferred<int> given;
    given.get() = 7;
    EXPECT_EQ(std::as_const(given).get(), 7);
    Deferred<int> copy(given);  // a copy holds its own value
    given.get() = 8;
    EXPECT_EQ(copy.get(), 7);
}

}  // namespace
}  // namespace preflight::util
