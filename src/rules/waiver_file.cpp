#include "rules/waiver_file.hpp"

#include <algorithm>
#include <system_error>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "config/toml_node.hpp"
#include "util/input_file.hpp"
#include "util/nesting.hpp"
#include "util/utf8.hpp"

namespace preflight::rules {
namespace fs = std::filesystem;
namespace {

constexpr util::InputKind kWaiverFile{"the waiver file", 4 * util::kMiB};
constexpr const char* kWaiveKey = "waive";

bool present(const fs::path& p) {
    std::error_code ec;
    return fs::exists(p, ec);
}

// A waiver file's messages name a date as such (config::raw_table does too).
std::string type_name(const toml::node& node) { return node.is_date() ? "a date" : config::toml_type_name(node); }

// Reads the file with toml++ (as the packs are read): it gives every node its line
// and column, and it rejects what is not TOML without reading past the text.
class Reader {
public:
    explicit Reader(std::string path) : path_(std::move(path)) {}

    Result<std::vector<config::RawTable>> run() {
        text_ = PREFLIGHT_TRY(util::read_input(path_, kWaiverFile));
        line_starts_.push_back(0);
        for (std::size_t i = 0; i < text_.size(); ++i)
            if (text_[i] == '\n') line_starts_.push_back(i + 1);
        if (auto bad = util::first_invalid_utf8(text_); bad != std::string_view::npos) {
            auto line = static_cast<int>(std::upper_bound(line_starts_.begin(), line_starts_.end(), bad) - line_starts_.begin());
            Location where = at(line, static_cast<int>(bad - line_starts_[line - 1]) + 1, "");
            return fail(fmt::format("not valid UTF-8 (byte 0x{:02X}); TOML files are UTF-8 throughout",
                                    static_cast<unsigned char>(text_[bad])),
                        where);
        }
        if (auto line = util::nesting_exceeded(text_, util::Syntax::toml))
            return fail(fmt::format("arrays and tables nest deeper than {} levels", util::kMaxNesting), at(*line, 1, ""));
        toml::table root;
        try {
            root = toml::parse(text_, path_);
        } catch (const toml::parse_error& e) {
            return fail(std::string(e.description()),
                        at(static_cast<int>(e.source().begin.line), static_cast<int>(e.source().begin.column), ""));
        }
        std::vector<config::RawTable> tables;
        for (const auto& [key, node] : root) {
            std::string name(key.str());
            if (name != kWaiveKey)
                return fail(fmt::format("unknown key '{}' in a waiver file; it holds [[{}]] tables only", name, kWaiveKey),
                            where(node, name));
            const auto* array = node.as_array();
            if (!array || !array->is_array_of_tables())
                return fail(
                    fmt::format("'{}' must be an array of tables ([[{}]]), not {}", kWaiveKey, kWaiveKey, type_name(node)),
                    where(node, name));
            for (const auto& item : *array)
                tables.push_back(config::raw_table(
                    *item.as_table(), kWaiveKey, [this](const toml::node& n, const std::string& key) { return where(n, key); }));
        }
        return tables;
    }

private:
    std::string path_;
    std::string text_;
    std::vector<std::size_t> line_starts_;

    Location at(int line, int column, const std::string& key) const {
        Location l{path_, line, column, key};
        if (line >= 1 && static_cast<std::size_t>(line) <= line_starts_.size()) {
            std::size_t start = line_starts_[line - 1];
            l.source_line = text_.substr(start, text_.find('\n', start) - start);
        }
        return l;
    }

    Location where(const toml::node& node, const std::string& key) const {
        return at(static_cast<int>(node.source().begin.line), static_cast<int>(node.source().begin.column), key);
    }
};

}  // namespace

std::optional<fs::path> repository_root(const fs::path& start) {
    for (fs::path dir = start; !dir.empty(); dir = dir.parent_path()) {
        if (present(dir / ".git")) return dir;
        if (dir == dir.parent_path()) break;
    }
    return std::nullopt;
}

std::optional<fs::path> discover_waiver_file(const fs::path& start) {
    auto root = repository_root(start);
    for (fs::path dir = start; !dir.empty(); dir = dir.parent_path()) {
        if (present(dir / kWaiverFileName)) return dir / kWaiverFileName;
        if (!root || dir == *root || dir == dir.parent_path()) break;
    }
    return std::nullopt;
}

Result<std::vector<config::RawTable>> read_waiver_file(const std::string& path) { return Reader(path).run(); }

}  // namespace preflight::rules
