// C++ conveniences over the C host interface for the plugins built in this tree:
// each call copies what the host lends, so nothing outlives the plugin call.
// Header-only on purpose: a plugin links nothing of preflight.
#pragma once

#include <cstring>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "preflight/plugin_api.h"

namespace bundled_plugin {

class HostCalls {
public:
    HostCalls(const preflight_host* host, const preflight_fact_sink* sink) : host_(host), sink_(sink) {}

    std::optional<std::string> read_file(const std::string& path) const {
        const char* data = nullptr;
        size_t size = 0;
        if (host_->read_file(host_->context, path.c_str(), &data, &size) != PREFLIGHT_OK) return std::nullopt;
        return std::string(data, size);
    }

    std::vector<std::string> list_dir(const std::string& path) const {
        const char* const* names = nullptr;
        size_t count = 0;
        std::vector<std::string> out;
        if (host_->list_dir(host_->context, path.c_str(), &names, &count) == PREFLIGHT_OK)
            for (size_t i = 0; i < count; ++i) out.emplace_back(names[i]);
        return out;
    }

    // stdout of a tool that ran and exited 0; nullopt otherwise.
    std::optional<std::string> run_tool(const std::vector<std::string>& argv, uint32_t timeout_ms = 10000) const {
        std::vector<const char*> args;
        for (const auto& a : argv) args.push_back(a.c_str());
        args.push_back(nullptr);
        const char* out = nullptr;
        size_t size = 0;
        int status = -1;
        if (host_->run_tool(host_->context, args.data(), timeout_ms, &out, &size, &status) != PREFLIGHT_OK || status != 0)
            return std::nullopt;
        return std::string(out, size);
    }

    std::optional<std::string> env(const char* name) const {
        const char* v = host_->get_env(host_->context, name);
        return v ? std::optional<std::string>(v) : std::nullopt;
    }

    std::string setting(const char* name, const char* fallback) const {
        const char* v = host_->setting(host_->context, name);
        return v && *v ? v : fallback;
    }

    void emit_text(preflight_fact_kind kind, const std::string& name, preflight_type type, const std::string& text,
                   const std::string& origin) const {
        preflight_value v{};
        v.type = type;
        v.text = text.c_str();
        sink_->emit(sink_->context, kind, name.c_str(), &v, origin.c_str());
    }
    void emit_package(const std::string& name, const std::string& version, const std::string& origin) const {
        emit_text(PREFLIGHT_FACT_PACKAGE, name, PREFLIGHT_TYPE_VERSION, version, origin);
    }
    void emit_string(const std::string& name, const std::string& value, const std::string& origin) const {
        emit_text(PREFLIGHT_FACT_HARDWARE, name, PREFLIGHT_TYPE_STRING, value, origin);
    }
    void emit_int(const std::string& name, int64_t value, const std::string& origin) const {
        preflight_value v{};
        v.type = PREFLIGHT_TYPE_INT;
        v.integer = value;
        sink_->emit(sink_->context, PREFLIGHT_FACT_HARDWARE, name.c_str(), &v, origin.c_str());
    }

private:
    const preflight_host* host_;
    const preflight_fact_sink* sink_;
};

inline std::string_view trim(std::string_view s, std::string_view chars = " \t\r\n") {
    auto b = s.find_first_not_of(chars);
    if (b == std::string_view::npos) return {};
    return s.substr(b, s.find_last_not_of(chars) - b + 1);
}

// key=value (or key = value) lines, as Ascend's *.info files write them.
inline std::map<std::string, std::string> key_values(const std::string& text) {
    std::map<std::string, std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        auto eq = line.find('=');
        if (eq == std::string::npos) continue;
        constexpr std::string_view blanks_and_quotes = " \t\r\"'";
        out[std::string(trim(std::string_view(line).substr(0, eq), blanks_and_quotes))] =
            std::string(trim(std::string_view(line).substr(eq + 1), blanks_and_quotes));
    }
    return out;
}

// Writes a message into the host's error buffer.
inline int fail(char* error, size_t error_size, const std::string& message) {
    if (error && error_size) {
        size_t n = message.size() < error_size - 1 ? message.size() : error_size - 1;
        std::memcpy(error, message.data(), n);
        error[n] = '\0';
    }
    return PREFLIGHT_ERROR;
}

}  // namespace bundled_plugin
