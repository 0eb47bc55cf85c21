#include "facts/scan.hpp"

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <filesystem>
#include <memory>

#include <fmt/format.h>

#include "facts/dist_metadata.hpp"
#include "util/digest.hpp"
#include "util/files.hpp"

namespace preflight::facts {
namespace fs = std::filesystem;
namespace {

bool ends_with(const std::string& s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// lib.so, lib.so.1, lib.so.1.2
bool is_shared_library(const std::string& member) {
    std::string name = fs::path(member).filename().string();
    auto so = name.find(".so");
    if (so == std::string::npos || so == 0) return false;
    std::string rest = name.substr(so + 3);
    return rest.empty() || (rest[0] == '.' && std::all_of(rest.begin() + 1, rest.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '.'; }));
}

// dist-info METADATA (wheels, site-packages) or PKG-INFO (sdists, egg-info).
bool is_metadata(const std::string& member) {
    fs::path p(member);
    std::string parent = p.parent_path().filename().string();
    std::string name = p.filename().string();
    if (name == "METADATA") return ends_with(parent, ".dist-info");
    if (name == "PKG-INFO") return ends_with(parent, ".egg-info") || p.parent_path().parent_path().empty();
    return false;
}

struct ReadState {
    const ScanOptions* options;
    ScanResult* result;
    std::uint64_t archive_size = 0;  // of the file on disk, for the ratio bound of nested archives
    std::uint64_t bytes = 0, reported = 0;
    void progress(std::uint64_t n) {
        bytes += n;
        if (options->progress && bytes - reported >= (256ull << 20)) {
            reported = bytes;
            options->progress(bytes);
        }
    }
};

// An archive read from inside another one (a .deb's data.tar.*), fed by the outer
// reader's current member.
struct Nested {
    archive* outer;
    char buf[256 * 1024];
};

la_ssize_t nested_read(archive*, void* client, const void** out) {
    auto* n = static_cast<Nested*>(client);
    la_ssize_t got = archive_read_data(n->outer, n->buf, sizeof n->buf);
    *out = n->buf;
    return got;
}

Result<void> scan_archive(archive* a, const std::string& label, std::uint64_t size, ReadState& state, int depth);

Result<void> scan_member(archive* a, archive_entry*, const std::string& label, const std::string& member, ArchiveGuard& guard,
                         ReadState& state, int depth) {
    // A .deb keeps its files in data.tar.* (and control.tar.*): read them in place.
    if (depth == 0 && (member.rfind("data.tar", 0) == 0 || member.rfind("control.tar", 0) == 0)) {
        auto inner = std::unique_ptr<archive, decltype(&archive_read_free)>(archive_read_new(), archive_read_free);
        archive_read_support_filter_all(inner.get());
        archive_read_support_format_tar(inner.get());
        Nested nested{a, {}};
        if (archive_read_open(inner.get(), &nested, nullptr, nested_read, nullptr) != ARCHIVE_OK)
            return fail(fmt::format("member '{}' is not a readable tar: {}", member, archive_error_string(inner.get())), Location{label});
        return scan_archive(inner.get(), label + ":" + member, state.archive_size, state, depth + 1);
    }
    bool meta = is_metadata(member), lib = is_shared_library(member);
    std::string text;
    util::Digest sha("SHA256");
    char buf[256 * 1024];
    std::uint64_t member_size = 0;
    while (true) {
        la_ssize_t n = archive_read_data(a, buf, sizeof buf);
        if (n < 0) return fail(fmt::format("member '{}' is truncated or corrupt: {}", member, archive_error_string(a)), Location{label});
        if (n == 0) break;
        if (auto counted = guard.count(static_cast<std::uint64_t>(n)); !counted) return tl::unexpected(counted.error());
        state.progress(static_cast<std::uint64_t>(n));
        member_size += static_cast<std::uint64_t>(n);
        if (lib) sha.update(buf, static_cast<std::size_t>(n));
        if (meta && text.size() < (1u << 20)) text.append(buf, static_cast<std::size_t>(n));
    }
    if (lib) state.result->libraries.push_back({member, sha.hex(), member_size});
    if (meta)
        if (auto m = parse_dist_metadata(text)) state.result->dists.push_back({m->name, m->version, member});
    return {};
}

Result<void> scan_archive(archive* a, const std::string& label, std::uint64_t size, ReadState& state, int depth) {
    ArchiveGuard guard(label, size, state.options->limits);
    archive_entry* e = nullptr;
    while (true) {
        int rc = archive_read_next_header(a, &e);
        if (rc == ARCHIVE_EOF) return {};
        if (rc != ARCHIVE_OK && rc != ARCHIVE_WARN)
            return fail(std::string("truncated or corrupt archive: ") + archive_error_string(a), Location{label});
        auto admitted = guard.admit(e);
        if (!admitted) return tl::unexpected(admitted.error());
        if (!*admitted) continue;
        if (auto r = scan_member(a, e, label, guard.member(), guard, state, depth); !r) return r;
    }
}

}  // namespace

Result<ScanResult> scan_path(const std::string& path, const ScanOptions& options) {
    ScanResult result;
    ReadState state{&options, &result};
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
        // Symbolic links are not followed: a tree is scanned as it stands.
        for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::none, ec); !ec && it != fs::recursive_directory_iterator();
             it.increment(ec)) {
            if (!it->is_regular_file(ec) || it->is_symlink(ec)) continue;
            std::string member = fs::relative(it->path(), path, ec).generic_string();
            bool meta = is_metadata(member), lib = is_shared_library(member);
            if (!meta && !lib) continue;
            auto data = util::read_file(it->path().string());
            if (!data) return fail(fmt::format("cannot read '{}'", member), Location{path});
            state.progress(data->size());
            if (lib) {
                util::Digest sha("SHA256");
                sha.update(data->data(), data->size());
                result.libraries.push_back({member, sha.hex(), data->size()});
            }
            if (meta)
                if (auto m = parse_dist_metadata(*data)) result.dists.push_back({m->name, m->version, member});
        }
        if (ec) return fail("cannot walk the directory: " + ec.message(), Location{path});
    } else {
        auto size = fs::file_size(path, ec);
        if (ec) return fail("cannot read: " + ec.message(), Location{path});
        auto a = std::unique_ptr<archive, decltype(&archive_read_free)>(archive_read_new(), archive_read_free);
        archive_read_support_filter_all(a.get());
        archive_read_support_format_all(a.get());
        if (archive_read_open_filename(a.get(), path.c_str(), 256 * 1024) != ARCHIVE_OK)
            return fail(std::string("not an archive preflight can read: ") + archive_error_string(a.get()), Location{path});
        state.archive_size = size;
        if (auto r = scan_archive(a.get(), path, size, state, 0); !r) return tl::unexpected(r.error());
    }
    std::sort(result.dists.begin(), result.dists.end(), [](const auto& x, const auto& y) { return x.member < y.member; });
    std::sort(result.libraries.begin(), result.libraries.end(), [](const auto& x, const auto& y) { return x.member < y.member; });
    return result;
}

}  // namespace preflight::facts
