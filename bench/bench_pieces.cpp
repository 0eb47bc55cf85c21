// Timings of the pieces a check is made of, each beside the others in one run.
#include <benchmark/benchmark.h>

#include "config/run_config.hpp"
#include "facts/fact_set.hpp"
#include "lang/compiler.hpp"
#include "rules/engine.hpp"
#include "rules/pack_collector.hpp"
#include "version/specifier.hpp"

using namespace preflight;

namespace {

const std::string kRules = std::string(PREFLIGHT_BENCH_SOURCE_DIR) + "/rules";
const std::string kExample = std::string(PREFLIGHT_BENCH_SOURCE_DIR) + "/share/examples/qwen3_5-27b-megatron-npu.toml";

rules::RuleSet load_rules() {
    auto collected = rules::collect_packs({{kRules, true}}, PREFLIGHT_VERSION);
    return std::move(*rules::compile_packs(collected->packs));
}

void BM_ParsePep440(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(version::Pep440::parse("2.9.0.post1+git4c901a4"));
}
BENCHMARK(BM_ParsePep440);

void BM_SpecifierContains(benchmark::State& state) {
    auto spec = *version::SpecifierSet::parse(">=0.16.0.dev0,<0.20,!=0.17.*");
    auto v = *version::Pep440::parse("0.18.0rc1");
    for (auto _ : state) benchmark::DoNotOptimize(spec.contains(v));
}
BENCHMARK(BM_SpecifierContains);

void BM_LoadAndCompilePacks(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(load_rules());
}
BENCHMARK(BM_LoadAndCompilePacks)->Unit(benchmark::kMicrosecond);

void BM_LoadRunConfig(benchmark::State& state) {
    auto set = load_rules();
    for (auto _ : state)
        benchmark::DoNotOptimize(config::load_run_config(kExample, [&](const std::string& p) { return set.scheme_of(p); }));
}
BENCHMARK(BM_LoadRunConfig)->Unit(benchmark::kMicrosecond);

void BM_RunCheckFixpoint(benchmark::State& state) {
    auto set = load_rules();
    auto cfg = config::load_run_config(kExample, [&](const std::string& p) { return set.scheme_of(p); });
    auto facts = facts::from_run_config(*cfg);
    for (auto _ : state) benchmark::DoNotOptimize(rules::run_check(set, facts, kExample, {}));
}
BENCHMARK(BM_RunCheckFixpoint)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
