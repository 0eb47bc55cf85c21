// Launch environment values: every format writes the value or refuses it, and where
// a parser of the format is at hand here the value reads back byte for byte: JSON
// (ray, through nlohmann-json), sh single quotes, $GITHUB_ENV blocks and systemd's
// double quotes (their rules as docs/env-files.md states them). The consumers
// themselves are run by tests/roundtrip/env_roundtrip.py.
#include <nlohmann/json.hpp>

#include "fuzz_targets.hpp"
#include "output/env_file.hpp"

namespace preflight::fuzz {
namespace {

std::string body_after(const std::string& out, const std::string& marker) {
    auto at = out.find(marker);
    check(at != std::string::npos, "the variable is in the file");
    return out.substr(at + marker.size());
}

std::string read_sh(const std::string& out) {
    std::string rest = body_after(out, "export FUZZ='"), value;
    for (std::size_t i = 0;; ++i) {
        check(i < rest.size(), "an sh value is closed");
        if (rest.compare(i, 4, "'\\''") == 0) {
            value += '\'';
            i += 3;
        } else if (rest[i] == '\'') {
            return value;
        } else {
            value += rest[i];
        }
    }
}

std::string read_github(const std::string& out) {
    auto lt = out.find("<<");
    check(out.rfind("FUZZ<<", 0) == 0 && lt != std::string::npos, "a github block starts the file");
    std::string delimiter = out.substr(lt + 2, out.find('\n') - lt - 2);
    std::string rest = out.substr(out.find('\n') + 1);
    if (rest.rfind(delimiter + "\n", 0) == 0) return "";
    auto end = rest.find("\n" + delimiter + "\n");
    check(end != std::string::npos, "a github block is closed by its delimiter");
    return rest.substr(0, end);
}

std::string read_systemd(const std::string& out) {
    std::string rest = body_after(out, "FUZZ=\""), value;
    for (std::size_t i = 0;; ++i) {
        check(i < rest.size(), "a systemd value is closed");
        if (rest[i] == '\\') {
            check(i + 1 < rest.size(), "a systemd escape is complete");
            char next = rest[++i];
            if (next != '"' && next != '\\' && next != '`' && next != '$') value += '\\';
            value += next;
        } else if (rest[i] == '"') {
            return value;
        } else {
            value += rest[i];
        }
    }
}

}  // namespace

int env_values(const std::uint8_t* data, std::size_t size) {
    std::string value(as_text(data, size));
    for (auto format : {output::EnvFormat::sh, output::EnvFormat::dotenv, output::EnvFormat::systemd, output::EnvFormat::ray,
                        output::EnvFormat::k8s, output::EnvFormat::github}) {
        auto out = output::render_env({{"FUZZ", value, ""}}, format);
        if (!out) {
            check(out.error().message.rfind("FUZZ: ", 0) == 0, "a refusal names the variable");
            continue;
        }
        switch (format) {
            case output::EnvFormat::ray:
                check(nlohmann::json::parse(*out).at("env_vars").at("FUZZ").get<std::string>() == value,
                      "ray reads the value back");
                break;
            case output::EnvFormat::sh: check(read_sh(*out) == value, "sh reads the value back"); break;
            case output::EnvFormat::github: check(read_github(*out) == value, "github reads the value back"); break;
            case output::EnvFormat::systemd: check(read_systemd(*out) == value, "systemd reads the value back"); break;
            default: break;
        }
    }
    return 0;
}

}  // namespace preflight::fuzz
