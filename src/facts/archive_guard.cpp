#include "facts/archive_guard.hpp"

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

namespace preflight::facts {

std::string archive_error_text(archive* a) {
    const char* message = archive_error_string(a);
    return message ? message : "unknown libarchive error";
}

tl::unexpected<Error> ArchiveGuard::refuse(const std::string& why) const {
    return fail(fmt::format("member '{}' refused: {}", member_, why), Location{path_});
}

Result<bool> ArchiveGuard::admit(archive_entry* e) {
    member_ = archive_entry_pathname(e) ? archive_entry_pathname(e) : "";
    member_bytes_ = 0;
    if (member_.empty() || member_.front() == '/') return refuse("absolute or empty path");
    std::filesystem::path p(member_);
    for (const auto& part : p)
        if (part == "..") return refuse("its path leaves the archive ('..')");
    if (archive_entry_filetype(e) == AE_IFDIR) return false;
    if (archive_entry_filetype(e) != AE_IFREG || archive_entry_hardlink(e) || archive_entry_symlink(e))
        return refuse("not a regular file (link, device or special file)");
    if (!names_.insert(p.lexically_normal().string()).second) return refuse("duplicate member");
    if (archive_entry_size_is_set(e) && static_cast<std::uint64_t>(archive_entry_size(e)) > limits_.max_member)
        return refuse(fmt::format("larger than {} bytes", limits_.max_member));
    return true;
}

Result<void> ArchiveGuard::count(std::uint64_t bytes) {
    member_bytes_ += bytes;
    total_ += bytes;
    if (member_bytes_ > limits_.max_member) return refuse(fmt::format("larger than {} bytes", limits_.max_member));
    if (total_ > limits_.max_total) return refuse(fmt::format("the archive holds more than {} bytes", limits_.max_total));
    if (total_ > (1u << 20) &&
        static_cast<double>(total_) / static_cast<double>(std::max<std::uint64_t>(size_, 1)) > limits_.max_ratio)
        return refuse(fmt::format("decompresses more than {:.0f} times the archive's size", limits_.max_ratio));
    return {};
}

}  // namespace preflight::facts
