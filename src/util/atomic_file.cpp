#include "util/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace preflight::util {
namespace {

std::string directory_of(const std::string& path) {
    auto parent = std::filesystem::path(path).parent_path();
    return parent.empty() ? "." : parent.string();
}

Result<void> check_directory(const std::string& path) {
    std::string dir = directory_of(path);
    struct stat st {};
    if (stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
        return fail("cannot write: directory '" + dir + "' does not exist", Location{path});
    return {};
}

bool write_all(int fd, const std::string& content) {
    std::size_t done = 0;
    while (done < content.size()) {
        ssize_t n = ::write(fd, content.data() + done, content.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        done += static_cast<std::size_t>(n);
    }
    return true;
}

}  // namespace

Result<void> write_file_atomically(const std::string& path, const std::string& content) {
    if (auto r = check_directory(path); !r) return r;
    std::string tmp = directory_of(path) + "/." + std::filesystem::path(path).filename().string() + ".preflight-XXXXXX";
    int fd = mkstemp(tmp.data());
    if (fd < 0) return fail("cannot write: " + std::string(std::strerror(errno)), Location{path});
    // Keep the mode a plain new file would get, not mkstemp's 0600.
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    bool ok = write_all(fd, content) && fsync(fd) == 0;
    int saved = errno;
    ok = (close(fd) == 0) && ok;
    if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
        if (ok) saved = errno;
        ::unlink(tmp.c_str());
        return fail("cannot write: " + std::string(std::strerror(saved)), Location{path});
    }
    return {};
}

Result<void> append_to_file(const std::string& path, const std::string& content) {
    if (auto r = check_directory(path); !r) return r;
    int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) return fail("cannot append: " + std::string(std::strerror(errno)), Location{path});
    bool ok = write_all(fd, content);
    int saved = errno;
    ::close(fd);
    if (!ok) return fail("cannot append: " + std::string(std::strerror(saved)), Location{path});
    return {};
}

}  // namespace preflight::util
