// The plugin descriptor reader (plugin/loader.hpp): the bytes are read as a descriptor a
// plugin's entry point could return, with consistent arrays (the ABI's contract) but
// any sizes, versions, strings, null pointers, types and counts in them, and passed
// through the same gate and checks a plugin file gets (as a built-in, without dlopen).
// An accepted plugin keeps the descriptor's name and functions, with valid types only.
#include <deque>
#include <vector>

#include "fuzz_targets.hpp"
#include "plugin/loader.hpp"

namespace preflight::fuzz {
namespace {

class Bytes {
public:
    Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
    std::uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
    std::uint32_t u32() {
        std::uint32_t v = 0;
        for (int i = 0; i < 4; ++i) v = v << 8 | byte();
        return v;
    }
    // A string up to the next NUL (at most 64 bytes), or null when its flag byte says so.
    const char* text() {
        if (byte() % 8 == 0) return nullptr;
        std::string& s = texts_.emplace_back();
        while (pos_ < size_ && data_[pos_] != 0 && s.size() < 64) s += static_cast<char>(data_[pos_++]);
        if (pos_ < size_) ++pos_;
        return s.c_str();
    }

private:
    const std::uint8_t* data_;
    std::size_t size_, pos_ = 0;
    std::deque<std::string> texts_;  // stable addresses
};

const preflight_plugin* g_descriptor = nullptr;
const preflight_plugin* entry() { return g_descriptor; }

int collect(const preflight_host*, const preflight_fact_sink*, char*, size_t) { return PREFLIGHT_OK; }
int call(const preflight_value*, size_t, preflight_value*, char*, size_t) { return PREFLIGHT_OK; }

}  // namespace

int plugin_descriptor(const std::uint8_t* data, std::size_t size) {
    Bytes in(data, size);
    preflight_plugin d{};
    std::uint8_t shape = in.byte();
    // Mostly this host's size and API version, so the checks behind the gate are reached.
    d.size = (shape & 1) ? in.u32() : static_cast<std::uint32_t>(sizeof d);
    d.api_major = (shape & 2) ? in.u32() : PREFLIGHT_PLUGIN_API_MAJOR;
    d.api_minor = (shape & 4) ? in.u32() % 8 : PREFLIGHT_PLUGIN_API_MINOR;
    d.name = in.text();
    d.version = in.text();
    d.description = in.text();
    d.collect = (shape & 8) ? &collect : nullptr;
    std::vector<const char*> provides;
    for (std::uint8_t n = in.byte() % 5; n > 0; --n) provides.push_back(in.text());
    provides.push_back(nullptr);
    d.provides = (shape & 16) ? provides.data() : nullptr;
    std::deque<std::vector<preflight_type>> arg_types;
    std::vector<preflight_function> functions(in.byte() % 4);
    for (auto& f : functions) {
        f.name = in.text();
        f.signature = in.text();
        f.doc = in.text();
        f.arg_count = in.byte() % 10;
        auto& types = arg_types.emplace_back();
        for (std::size_t a = 0; a < f.arg_count; ++a) types.push_back(static_cast<preflight_type>(in.byte() % 8));
        f.arg_types = f.arg_count && in.byte() % 8 ? types.data() : nullptr;
        f.result_type = static_cast<preflight_type>(in.byte() % 8);
        f.call = in.byte() % 8 ? &call : nullptr;
    }
    d.functions = (functions.empty() && (shape & 32)) ? nullptr : functions.data();
    d.function_count = functions.size();
    d.rules_dir = in.text();
    g_descriptor = (shape & 64) ? nullptr : &d;

    auto plugin = plugin::load_builtin_plugin({d.name ? d.name : "", &entry});
    if (!plugin) return 0;
    check(g_descriptor && d.name && plugin->name == d.name, "an accepted plugin has its descriptor's name");
    check(plugin->functions.size() == functions.size(), "an accepted plugin keeps every function");
    for (const auto& f : plugin->functions) {
        check(f.call != nullptr && f.arg_types.size() <= 8, "an accepted function has a call and at most 8 arguments");
        for (auto t : f.arg_types) check(t >= PREFLIGHT_TYPE_BOOL && t <= PREFLIGHT_TYPE_VERSION, "argument types are valid");
    }
    check(plugin->rules_dir.empty(), "a built-in's rules_dir is ignored");
    return 0;
}

}  // namespace preflight::fuzz
