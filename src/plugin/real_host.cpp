#include "plugin/real_host.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "util/files.hpp"
#include "util/input_file.hpp"

extern char** environ;

namespace preflight::plugin {

std::optional<std::string> RealHost::read_file(const std::string& path) {
    // Regular files only: a device or a FIFO could block or never end. One byte past
    // the limit is enough for HostBridge to answer PREFLIGHT_TOO_LARGE.
    auto in = util::open_input(path, util::InputKind{"a file a plugin reads", UINT64_MAX});
    if (!in) return std::nullopt;
    std::string text;
    char buf[65536];
    while (text.size() <= max_file_size) {
        ssize_t n = read(in->fd(), buf, std::min(sizeof buf, max_file_size + 1 - text.size()));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return std::nullopt;
        if (n == 0) break;
        text.append(buf, static_cast<std::size_t>(n));
    }
    return text;
}

std::optional<std::vector<std::string>> RealHost::list_dir(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::is_directory(path, ec)) return std::nullopt;
    auto names = util::list_directory(path);
    std::sort(names.begin(), names.end());
    return names;
}

namespace {

// Closes a descriptor when it leaves scope.
struct Fd {
    int fd = -1;
    ~Fd() {
        if (fd >= 0) close(fd);
    }
};

// Reaps `pid` if it exits before `deadline`; false when it is still running then.
bool reaped_before(pid_t pid, std::chrono::steady_clock::time_point deadline, int& status) {
    for (;;) {
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid) return true;
        if (r < 0 && errno != EINTR) return true;  // nothing left to wait for
        auto left = deadline - std::chrono::steady_clock::now();
        if (left <= std::chrono::steady_clock::duration::zero()) return false;
        std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(left, std::chrono::milliseconds(5)));
    }
}

}  // namespace

std::optional<ToolRun> RealHost::run_tool(const std::vector<std::string>& argv, std::chrono::milliseconds timeout) {
    if (argv.empty()) return std::nullopt;
    int pipe_fds[2];
    if (pipe2(pipe_fds, O_CLOEXEC) != 0) return std::nullopt;
    Fd read_end{pipe_fds[0]}, write_end{pipe_fds[1]};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, write_end.fd, 1);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    // Its own process group, so that what it starts is killed with it at the deadline.
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attr, 0);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    int rc = posix_spawnp(&pid, args[0], &actions, &attr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    if (rc != 0) return std::nullopt;  // not found or not executable
    close(write_end.fd);
    write_end.fd = -1;

    ToolRun run;
    auto deadline = std::chrono::steady_clock::now() + timeout;
    char buf[65536];
    for (;;) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            run.timed_out = true;
            break;
        }
        pollfd p{read_end.fd, POLLIN, 0};
        int ready = poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 1000)));
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) continue;
        ssize_t n = read(read_end.fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        if (run.output.size() + static_cast<std::size_t>(n) > max_output) {
            run.too_large = true;
            break;
        }
        run.output.append(buf, static_cast<std::size_t>(n));
    }
    // The deadline holds for the whole run: a tool that closed its stdout but goes on
    // running is killed too.
    int status = 0;
    bool exited = !run.timed_out && !run.too_large && reaped_before(pid, deadline, status);
    if (!exited) {
        if (!run.too_large) run.timed_out = true;
        kill(-pid, SIGKILL);
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    }
    run.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    return run;
}

std::optional<std::string> RealHost::get_env(const std::string& name) {
    const char* v = std::getenv(name.c_str());
    return v ? std::optional<std::string>(v) : std::nullopt;
}

std::map<std::string, std::string> RealHost::environment() {
    std::map<std::string, std::string> out;
    for (char** e = environ; e && *e; ++e) {
        std::string_view entry(*e);
        auto eq = entry.find('=');
        if (eq == std::string_view::npos || eq == 0) continue;
        out.emplace(entry.substr(0, eq), entry.substr(eq + 1));  // the first of a name, as getenv
    }
    return out;
}

std::optional<std::string> RealHost::setting(const std::string& name) {
    auto it = settings_.find(name);
    return it == settings_.end() ? std::nullopt : std::optional<std::string>(it->second);
}

}  // namespace preflight::plugin
