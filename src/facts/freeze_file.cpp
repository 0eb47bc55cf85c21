#include "facts/freeze_file.hpp"

#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "util/input_file.hpp"
#include "util/nesting.hpp"
#include "util/text.hpp"

namespace preflight::facts {
namespace {

std::string trim(std::string_view s) { return std::string(util::trim(s, " \t\r")); }

}  // namespace

Result<NodeFacts> read_freeze_file(const std::string& path, const SchemeOf& scheme_of) {
    const std::string text = PREFLIGHT_TRY(util::read_input(path, util::kFreezeFile));
    NodeFacts node;
    node.packages_complete = true;
    node.uncovered = reserved_layers();
    node.absent_origin = Origin{OriginKind::freeze, Location{path}, {}};
    auto add = [&](const std::string& name, const std::string& version_text, int line) -> Result<void> {
        std::string normalized = version::normalize_package_name(name);
        auto v = version::Version::parse(scheme_of(normalized), version_text);
        Location where{path, line, 1, FactRef::package(normalized).key()};
        if (!v) return fail(fmt::format("'{}' has version '{}', which does not parse", name, version_text), where);
        node.packages[normalized] = Fact{Value(*v), Origin{OriginKind::freeze, where, {}}};
        return {};
    };
    std::string first = trim(text.substr(0, text.find_first_not_of(" \t\r\n") == std::string::npos ? 0 : 64));
    if (!first.empty() && first.front() == '[') {
        if (auto line = util::nesting_exceeded(text, util::Syntax::json))
            return fail(fmt::format("JSON nests deeper than {} levels", util::kMaxNesting), Location{path, *line, 1});
        nlohmann::json json;
        try {
            json = nlohmann::json::parse(text);
        } catch (const nlohmann::json::parse_error& e) {
            return fail(std::string("not valid `pip list --format=json` output: ") + e.what(), Location{path});
        }
        if (!json.is_array()) return fail("`pip list --format=json` output must be a JSON array", Location{path});
        for (const auto& item : json) {
            if (!item.is_object() || !item.contains("name") || !item.contains("version") || !item["name"].is_string() ||
                !item["version"].is_string())
                return fail("each entry needs string \"name\" and \"version\"", Location{path});
            PREFLIGHT_TRY(add(item["name"].get<std::string>(), item["version"].get<std::string>(), 0));
        }
        return node;
    }
    std::istringstream lines(text);
    int number = 0;
    for (std::string raw; std::getline(lines, raw);) {
        ++number;
        std::string line = trim(raw.substr(0, raw.find(" #")));
        if (line.empty() || line.front() == '#') continue;
        if (line.starts_with("-e ") || line.starts_with("--editable")) {
            // -e git+https://…#egg=name: installed, version unknown until probed.
            auto egg = line.find("#egg=");
            if (egg != std::string::npos) {
                std::string name = line.substr(egg + 5);
                name = name.substr(0, name.find_first_of("&# "));
                node.packages[version::normalize_package_name(name)] =
                    Fact{Value::unknown(FactRef::package(version::normalize_package_name(name))),
                         Origin{OriginKind::freeze, Location{path, number, 1}, {}}};
            }
            continue;
        }
        if (line.front() == '-') continue;  // other pip options (--index-url …)
        if (auto at = line.find(" @ "); at != std::string::npos) {
            std::string name = trim(line.substr(0, at));
            node.packages[version::normalize_package_name(name)] =
                Fact{Value::unknown(FactRef::package(version::normalize_package_name(name))),
                     Origin{OriginKind::freeze, Location{path, number, 1}, {}}};
            continue;
        }
        auto eq = line.find("==");
        if (eq == std::string::npos)
            return fail(fmt::format("expected name==version, name @ url or -e …, found '{}'", line), Location{path, number, 1});
        std::string name = trim(line.substr(0, eq)), ver = trim(line.substr(eq + 2));
        if (auto semicolon = ver.find(';'); semicolon != std::string::npos) ver = trim(ver.substr(0, semicolon));
        PREFLIGHT_TRY(add(name, ver, number));
    }
    return node;
}

}  // namespace preflight::facts
