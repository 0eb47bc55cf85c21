#include "output/scan_report.hpp"

#include <fmt/format.h>

#include "output/json_value.hpp"
#include "output/printable.hpp"

namespace preflight::output {
namespace {

const std::string* known_note(const KnownDigests& known, const std::string& sha256) {
    auto it = known.find(sha256);
    return it == known.end() ? nullptr : &it->second;
}

}  // namespace

std::string scan_text(const facts::ScanResult& scan, const KnownDigests& known) {
    std::string out;
    for (const auto& d : scan.dists)
        out += fmt::format("dist {} {}  ({})\n", printable(d.name), printable(d.version), printable(d.member));
    for (const auto& l : scan.libraries) {
        const std::string* note = known_note(known, l.sha256);
        out += fmt::format("lib  {}  sha256 {}  {} bytes  [{}]\n", printable(l.member), l.sha256, l.size,
                           note ? "known: " + printable(*note) : "unknown digest");
    }
    for (const auto& s : scan.skipped) out += fmt::format("skip {}  ({})\n", printable(s.member), printable(s.reason));
    return out;
}

nlohmann::ordered_json scan_json(const std::string& path, const facts::ScanResult& scan, const KnownDigests& known) {
    auto j = versioned<nlohmann::ordered_json>(kScanOutputVersion);
    j["path"] = path;
    j["distributions"] = nlohmann::ordered_json::array();
    for (const auto& d : scan.dists)
        j["distributions"].push_back({{"name", d.name}, {"version", d.version}, {"member", d.member}});
    j["libraries"] = nlohmann::ordered_json::array();
    for (const auto& l : scan.libraries) {
        const std::string* note = known_note(known, l.sha256);
        j["libraries"].push_back({{"member", l.member},
                                  {"sha256", l.sha256},
                                  {"size", l.size},
                                  {"known", note ? nlohmann::ordered_json(*note) : nlohmann::ordered_json(nullptr)}});
    }
    j["skipped"] = nlohmann::ordered_json::array();
    for (const auto& s : scan.skipped) j["skipped"].push_back({{"member", s.member}, {"reason", s.reason}});
    return j;
}

}  // namespace preflight::output
