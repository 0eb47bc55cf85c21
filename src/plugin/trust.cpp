#include "plugin/trust.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

namespace preflight::plugin {
namespace fs = std::filesystem;

namespace {

const char* writers(mode_t mode) { return (mode & S_IWOTH) ? "all users" : "its group"; }

// How the reason names a component: the leaf and its directory as the loader has
// always named them, anything higher by its path.
std::string what(const fs::path& p, int depth, TrustedKind kind) {
    if (depth == 0) return kind == TrustedKind::file ? "the file" : "the directory";
    if (depth == 1 && kind == TrustedKind::file) return "its directory";
    return fmt::format("directory {}", p.string());
}

}  // namespace

std::string untrusted_reason(const std::string& path, TrustedKind kind, std::string* resolved) {
    char buf[PATH_MAX];
    if (!realpath(path.c_str(), buf)) return fmt::format("cannot resolve {}: {}", path, std::strerror(errno));
    fs::path real(buf);
    if (resolved) *resolved = real.string();
    // Said only when the path went somewhere else, so the reason names what was checked.
    std::string via = fs::absolute(path).lexically_normal() == real ? "" : fmt::format("resolved to {}: ", real.string());
    const uid_t me = geteuid();
    fs::path p = real;
    for (int depth = 0;; ++depth) {
        struct stat st {};
        if (lstat(p.c_str(), &st) != 0) return fmt::format("{}cannot stat {}: {}", via, p.string(), std::strerror(errno));
        if (st.st_uid != 0 && st.st_uid != me)
            return fmt::format("{}{} is owned by uid {}, neither root nor the effective user (uid {})", via, what(p, depth, kind),
                               st.st_uid, me);
        bool is_dir = S_ISDIR(st.st_mode);
        if (depth == 0 && kind == TrustedKind::file && !S_ISREG(st.st_mode)) return via + "not a regular file";
        if (depth == 0 && kind == TrustedKind::directory && !is_dir) return via + "not a directory";
        if (st.st_mode & (S_IWGRP | S_IWOTH)) {
            // The entry below a sticky directory is already known to be trusted-owned.
            bool sticky_ok = is_dir && (st.st_mode & S_ISVTX) && depth > 0;
            if (!sticky_ok)
                return fmt::format("{}{} is writable by {}{}", via, what(p, depth, kind), writers(st.st_mode),
                                   is_dir && depth > 0 ? " and not sticky" : "");
        }
        if (!p.has_relative_path()) break;  // "/" checked
        p = p.parent_path();
    }
    return "";
}

}  // namespace preflight::plugin
