#include "facts/scan.hpp"

#include <archive.h>
#include <archive_entry.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>

#include <fmt/format.h>

#include "facts/dist_metadata.hpp"
#include "util/digest.hpp"

namespace preflight::facts {
namespace fs = std::filesystem;
namespace {

// lib.so, lib.so.1, lib.so.1.2
bool is_shared_library(const std::string& member) {
    std::string name = fs::path(member).filename().string();
    auto so = name.find(".so");
    if (so == std::string::npos || so == 0) return false;
    std::string rest = name.substr(so + 3);
    return rest.empty() || (rest[0] == '.' && std::all_of(rest.begin() + 1, rest.end(), [](char c) {
                                return std::isdigit(static_cast<unsigned char>(c)) || c == '.';
                            }));
}

// dist-info METADATA (wheels, site-packages) or PKG-INFO (sdists, egg-info).
bool is_metadata(const std::string& member) {
    fs::path p(member);
    std::string parent = p.parent_path().filename().string();
    std::string name = p.filename().string();
    if (name == "METADATA") return parent.ends_with(".dist-info");
    if (name == "PKG-INFO") return parent.ends_with(".egg-info") || p.parent_path().parent_path().empty();
    return false;
}

// Wheels, zips, eggs, tarballs and .debs: what scan reads when given one by name.
bool is_archive(const std::string& member) {
    std::string name = fs::path(member).filename().string();
    for (std::string_view suffix :
         {".whl", ".zip", ".egg", ".tar", ".tgz", ".tar.gz", ".tar.bz2", ".tar.xz", ".txz", ".tar.zst", ".deb"})
        if (name.ends_with(suffix)) return true;
    return false;
}

constexpr std::size_t kMetadataBytes = 1u << 20;  // a METADATA / PKG-INFO is read up to here

struct ReadState {
    const ScanOptions* options;
    ScanResult* result;
    std::uint64_t archive_size = 0;  // of the file on disk, for the ratio bound of nested archives
    archive* outermost = nullptr;    // the file's reader: how far into the file it has read
    std::uint64_t bytes = 0, reported = 0;
    void progress(std::uint64_t n) {
        bytes += n;
        if (options->progress && bytes - reported >= (4ull << 20)) {
            reported = bytes;
            la_int64_t consumed = outermost ? archive_filter_bytes(outermost, -1) : 0;
            options->progress(bytes, consumed > 0 ? static_cast<std::uint64_t>(consumed) : 0, outermost ? archive_size : 0);
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
    if (depth == 0 && (member.starts_with("data.tar") || member.starts_with("control.tar"))) {
        auto inner = std::unique_ptr<archive, decltype(&archive_read_free)>(archive_read_new(), archive_read_free);
        archive_read_support_filter_all(inner.get());
        archive_read_support_format_tar(inner.get());
        Nested nested{a, {}};
        if (archive_read_open(inner.get(), &nested, nullptr, nested_read, nullptr) != ARCHIVE_OK)
            return fail(fmt::format("member '{}' is not a readable tar: {}", member, archive_error_text(inner.get())),
                        Location{label});
        return scan_archive(inner.get(), label + ":" + member, state.archive_size, state, depth + 1);
    }
    bool meta = is_metadata(member), lib = is_shared_library(member);
    if (is_archive(member)) {
        state.result->skipped.push_back({member, "an archive inside an archive is not opened; scan it on its own"});
        return {};
    }
    std::string text;
    util::Digest sha("SHA256");
    char buf[256 * 1024];
    std::uint64_t member_size = 0;
    while (true) {
        la_ssize_t n = archive_read_data(a, buf, sizeof buf);
        if (n < 0)
            return fail(fmt::format("member '{}' is truncated or corrupt: {}", member, archive_error_text(a)), Location{label});
        if (n == 0) break;
        PREFLIGHT_TRY(guard.count(static_cast<std::uint64_t>(n)));
        state.progress(static_cast<std::uint64_t>(n));
        member_size += static_cast<std::uint64_t>(n);
        if (lib) sha.update(buf, static_cast<std::size_t>(n));
        if (meta && text.size() < kMetadataBytes) text.append(buf, static_cast<std::size_t>(n));
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
            return fail(std::string("truncated or corrupt archive: ") + archive_error_text(a), Location{label});
        if (!PREFLIGHT_TRY(guard.admit(e))) continue;
        PREFLIGHT_TRY(scan_member(a, e, label, guard.member(), guard, state, depth));
    }
}

// One regular file of a directory, opened without following a link or blocking on a
// FIFO swapped in since the walk saw it, and read 256 KiB at a time. An error is the
// reason to list it as skipped.
Result<void> scan_file(const fs::path& file, const std::string& member, ReadState& state) {
    bool meta = is_metadata(member), lib = is_shared_library(member);
    int fd = ::open(file.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return fail(std::string("cannot be opened: ") + std::strerror(errno));
    struct stat st {};
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return fail("not a regular file");
    }
    std::string text;
    util::Digest sha("SHA256");
    std::uint64_t size = 0;
    std::vector<char> buf(256 * 1024);
    while (true) {
        ssize_t n = ::read(fd, buf.data(), buf.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            int err = errno;
            ::close(fd);
            return fail(std::string("cannot be read: ") + std::strerror(err));
        }
        if (n == 0) break;
        auto got = static_cast<std::size_t>(n);
        state.progress(got);
        size += got;
        if (lib) sha.update(buf.data(), got);
        if (meta && text.size() < kMetadataBytes) text.append(buf.data(), std::min(got, kMetadataBytes - text.size()));
    }
    ::close(fd);
    if (lib) state.result->libraries.push_back({member, sha.hex(), size});
    if (meta)
        if (auto m = parse_dist_metadata(text)) state.result->dists.push_back({m->name, m->version, member});
    return {};
}

// Walks a directory as it stands: links are not followed, and whatever is not read
// (links, special files, archives, what cannot be opened or listed) is listed with
// the reason.
void scan_directory(const std::string& root, ReadState& state) {
    auto& skipped = state.result->skipped;
    std::vector<fs::path> pending{fs::path(root)};
    while (!pending.empty()) {
        fs::path dir = pending.back();
        pending.pop_back();
        std::error_code ec;
        std::vector<fs::directory_entry> entries;
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) entries.push_back(*it);
        // Lexically: fs::relative would resolve a link to its target's name.
        auto relative = [&](const fs::path& p) {
            std::string r = p.lexically_relative(root).generic_string();
            return r.empty() || r == "." ? p.generic_string() : r;
        };
        if (ec) {
            skipped.push_back({relative(dir), "the folder cannot be listed: " + ec.message()});
            continue;
        }
        std::sort(entries.begin(), entries.end(), [](const auto& x, const auto& y) { return x.path() > y.path(); });
        for (const auto& entry : entries) {
            std::string member = relative(entry.path());
            auto status = entry.symlink_status(ec);
            if (ec) {
                skipped.push_back({member, "cannot be examined: " + ec.message()});
                continue;
            }
            if (fs::is_symlink(status)) {
                skipped.push_back({member, "a symbolic link, not followed"});
            } else if (fs::is_directory(status)) {
                pending.push_back(entry.path());
            } else if (!fs::is_regular_file(status)) {
                skipped.push_back({member, "not a regular file (device, FIFO or socket)"});
            } else if (is_archive(member)) {
                skipped.push_back({member, "an archive in a directory is not opened; scan it on its own"});
            } else if (is_metadata(member) || is_shared_library(member)) {
                if (auto r = scan_file(entry.path(), member, state); !r) skipped.push_back({member, r.error().message});
            }
        }
    }
}

}  // namespace

Result<ScanResult> scan_path(const std::string& path, const ScanOptions& options) {
    ScanResult result;
    ReadState state{&options, &result};
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
        scan_directory(path, state);
    } else {
        auto size = fs::file_size(path, ec);
        if (ec) return fail("cannot read: " + ec.message(), Location{path});
        auto a = std::unique_ptr<archive, decltype(&archive_read_free)>(archive_read_new(), archive_read_free);
        archive_read_support_filter_all(a.get());
        // Only the formats scan reads (wheels and zips, tarballs, .debs): named one by one,
        // so a static link leaves out libarchive's other readers, xar's libxml2 and ICU
        // with them (docs/install.md).
        archive_read_support_format_zip(a.get());
        archive_read_support_format_tar(a.get());
        archive_read_support_format_ar(a.get());
        if (archive_read_open_filename(a.get(), path.c_str(), 256 * 1024) != ARCHIVE_OK)
            return fail(std::string("not an archive preflight can read: ") + archive_error_text(a.get()), Location{path});
        state.archive_size = size;
        state.outermost = a.get();
        PREFLIGHT_TRY(scan_archive(a.get(), path, size, state, 0));
    }
    std::sort(result.dists.begin(), result.dists.end(), [](const auto& x, const auto& y) { return x.member < y.member; });
    std::sort(result.libraries.begin(), result.libraries.end(), [](const auto& x, const auto& y) { return x.member < y.member; });
    std::sort(result.skipped.begin(), result.skipped.end(), [](const auto& x, const auto& y) { return x.member < y.member; });
    return result;
}

}  // namespace preflight::facts
