#include "plugin/isolated_collect.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <thread>

#include <fmt/format.h>

namespace preflight::plugin {
namespace {

// The child's results, as records: 'F' one emitted fact, 'E' the end (return code and
// message). Sizes are this machine's: both ends are the same binary.
constexpr std::size_t kMaxResults = 64u << 20;

void put_raw(std::string& out, const void* p, std::size_t n) { out.append(static_cast<const char*>(p), n); }

template <typename T>
void put(std::string& out, T v) {
    put_raw(out, &v, sizeof v);
}

void put_text(std::string& out, const char* s) {
    put<std::uint8_t>(out, s != nullptr);
    if (!s) return;
    auto n = static_cast<std::uint32_t>(std::strlen(s));
    put(out, n);
    put_raw(out, s, n);
}

// The child's sink: records what is emitted, converts nothing.
void record(void* context, preflight_fact_kind kind, const char* name, const preflight_value* value, const char* origin) {
    auto& out = *static_cast<std::string*>(context);
    if (out.size() > kMaxResults) return;
    put<char>(out, 'F');
    put<std::int32_t>(out, kind);
    put<std::uint8_t>(out, value != nullptr);
    preflight_value v{};
    if (value) v = *value;
    put<std::int32_t>(out, v.type);
    put<std::uint8_t>(out, v.is_null ? 1 : 0);
    put<std::int64_t>(out, v.integer);
    put<double>(out, v.real);
    put_text(out, value ? v.text : nullptr);
    put_text(out, name);
    put_text(out, origin);
}

bool write_all(int fd, const std::string& data) {
    for (std::size_t done = 0; done < data.size();) {
        ssize_t n = write(fd, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

[[noreturn]] void run_child(const Plugin& plugin, Host& host, int fd) {
    // The child dies of its crash: no sanitizer or other handler turns a SIGSEGV into an
    // exit status, and no core file lands in the working directory.
    for (int sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT}) signal(sig, SIG_DFL);
    rlimit no_core{0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    std::string out;
    preflight_fact_sink sink{&out, &record};
    int rc = PREFLIGHT_ERROR;
    char error[1024] = "";
    {
        HostBridge bridge(host);
        rc = plugin.collect(bridge.get(), &sink, error, sizeof error);
    }
    error[sizeof error - 1] = '\0';
    put<char>(out, 'E');
    put<std::int32_t>(out, rc);
    put_text(out, error);
    _exit(write_all(fd, out) ? 0 : 1);
}

// Reads the records back into the sink; false when they are malformed or unfinished.
class Reader {
public:
    explicit Reader(const std::string& data) : data_(data) {}
    bool replay(FactSink& sink, int& rc, std::string& error) {
        while (pos_ < data_.size()) {
            char tag = 0;
            if (!get(tag)) return false;
            if (tag == 'E') {
                std::int32_t code = 0;
                std::optional<std::string> text;
                if (!get(code) || !get_text(text) || pos_ != data_.size()) return false;
                rc = code;
                error = text.value_or("");
                return true;
            }
            if (tag != 'F') return false;
            std::int32_t kind = 0, type = 0;
            std::uint8_t has_value = 0, is_null = 0;
            preflight_value v{};
            std::optional<std::string> text, name, origin;
            if (!get(kind) || !get(has_value) || !get(type) || !get(is_null) || !get(v.integer) || !get(v.real) ||
                !get_text(text) || !get_text(name) || !get_text(origin))
                return false;
            v.type = static_cast<preflight_type>(type);
            v.is_null = is_null;
            v.text = text ? text->c_str() : nullptr;
            sink.get()->emit(sink.get()->context, static_cast<preflight_fact_kind>(kind), name ? name->c_str() : nullptr,
                             has_value ? &v : nullptr, origin ? origin->c_str() : nullptr);
        }
        return false;  // no end record
    }

private:
    template <typename T>
    bool get(T& v) {
        if (data_.size() - pos_ < sizeof v) return false;
        std::memcpy(&v, data_.data() + pos_, sizeof v);
        pos_ += sizeof v;
        return true;
    }
    bool get_text(std::optional<std::string>& s) {
        std::uint8_t present = 0;
        if (!get(present)) return false;
        if (!present) return true;
        std::uint32_t n = 0;
        if (!get(n) || data_.size() - pos_ < n) return false;
        s = data_.substr(pos_, n);
        pos_ += n;
        return true;
    }
    const std::string& data_;
    std::size_t pos_ = 0;
};

std::string seconds(std::chrono::milliseconds d) {
    return d.count() % 1000 == 0 ? fmt::format("{} s", d.count() / 1000) : fmt::format("{:.1f} s", d.count() / 1000.0);
}

}  // namespace

std::string signal_name(int sig) {
    const char* abbrev = sigabbrev_np(sig);
    return abbrev ? fmt::format("SIG{}", abbrev) : fmt::format("signal {}", sig);
}

tl::expected<Collection, std::string> collect_facts_isolated(const Plugin& plugin, Host& host, const SchemeOf& scheme_of,
                                                             std::chrono::milliseconds deadline) {
    if (!plugin.collect) return Collection{};
    auto failed = [&](const std::string& what) { return tl::unexpected(fmt::format("plugin {}: {}", plugin.name, what)); };
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return failed(fmt::format("cannot make a pipe: {}", std::strerror(errno)));
    // What this process has buffered must not be written twice (the child leaves by _exit).
    std::fflush(nullptr);
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return failed(fmt::format("cannot fork: {}", std::strerror(errno)));
    }
    if (pid == 0) {
        close(fds[0]);
        run_child(plugin, host, fds[1]);
    }
    close(fds[1]);

    const auto end = std::chrono::steady_clock::now() + deadline;
    std::string data;
    bool timed_out = false, too_large = false;
    char buf[65536];
    for (;;) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            timed_out = true;
            break;
        }
        pollfd p{fds[0], POLLIN, 0};
        int ready = poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 1000)));
        if (ready <= 0) continue;  // EINTR or not yet
        ssize_t n = read(fds[0], buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;  // the child closed the pipe: it exited, or is about to
        data.append(buf, static_cast<std::size_t>(n));
        if (data.size() > kMaxResults + 4096) {
            too_large = true;
            break;
        }
    }
    close(fds[0]);
    // The child may still run after closing the pipe; the deadline holds for it too.
    int status = 0;
    bool reaped = false;
    while (!timed_out && !too_large) {
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid || (r < 0 && errno != EINTR)) {
            reaped = r == pid;
            break;
        }
        if (std::chrono::steady_clock::now() >= end) {
            timed_out = true;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    if (!reaped) {
        kill(pid, SIGKILL);
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    }
    if (timed_out) return failed(fmt::format("timed out after {}", seconds(deadline)));
    if (too_large) return failed(fmt::format("emitted more than {} MiB of facts", kMaxResults >> 20));
    if (WIFSIGNALED(status)) return failed(fmt::format("crashed with {}", signal_name(WTERMSIG(status))));
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return failed(fmt::format("exited with status {} before it finished", WEXITSTATUS(status)));

    FactSink sink(plugin, scheme_of);
    int rc = PREFLIGHT_ERROR;
    std::string error;
    if (!Reader(data).replay(sink, rc, error)) return failed("sent back malformed results");
    if (rc != PREFLIGHT_OK)
        return tl::unexpected(fmt::format("plugin {} ({}) failed: {}", plugin.name, plugin.path,
                                          !error.empty() ? error : fmt::format("error code {}", rc)));
    return sink.take();
}

}  // namespace preflight::plugin
