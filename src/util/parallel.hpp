// Runs work(i) for every i in [0, n) on up to hardware_concurrency threads. Callers
// write results into slot i, so the order of results never depends on scheduling.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace preflight::util {

template <class Work>
void parallel_for(std::size_t n, Work work) {
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        for (std::size_t i = next++; i < n; i = next++) work(i);
    };
    std::size_t threads = std::min<std::size_t>(n, std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();
    for (auto& t : pool) t.join();
}

}  // namespace preflight::util
