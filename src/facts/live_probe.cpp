#include "facts/live_probe.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "facts/dist_metadata.hpp"
#include "facts/redaction.hpp"
#include "plugin/real_host.hpp"
#include "plugin/registry.hpp"
#include "util/digest.hpp"
#include "util/files.hpp"
#include "util/parallel.hpp"
#include "util/text.hpp"

namespace preflight::facts {
namespace fs = std::filesystem;
namespace {

// key=value (or key = value) lines, as pyvenv.cfg and package_info.py write them.
std::map<std::string, std::string> key_values(const std::string& text) {
    std::map<std::string, std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        auto eq = line.find('=');
        if (eq == std::string::npos) continue;
        constexpr std::string_view blanks_and_quotes = " \t\r\"'";
        out[std::string(util::trim(std::string_view(line).substr(0, eq), blanks_and_quotes))] =
            std::string(util::trim(std::string_view(line).substr(eq + 1), blanks_and_quotes));
    }
    return out;
}

std::optional<fs::path> which(const std::string& program, plugin::Host& host) {
    if (program.find('/') != std::string::npos) return fs::path(program);
    std::istringstream dirs(host.get_env("PATH").value_or(""));
    for (std::string dir; std::getline(dirs, dir, ':');) {
        fs::path candidate = fs::path(dir.empty() ? "." : dir) / program;
        if (access(candidate.c_str(), X_OK) == 0) return candidate;
    }
    return std::nullopt;
}

// X.Y from "python3.11", or from the one lib/pythonX.Y directory of a prefix.
std::string version_of_prefix(const fs::path& prefix, const fs::path& exe, plugin::Host& host) {
    std::string name = exe.filename().string();
    if (name.starts_with("python") && name.size() > 7 && name.find('.') != std::string::npos) return name.substr(6);
    std::vector<std::string> found;
    for (const auto& n : host.list_dir((prefix / "lib").string()).value_or(std::vector<std::string>{}))
        if (n.starts_with("python3.") && host.list_dir((prefix / "lib" / n / "site-packages").string()))
            found.push_back(n.substr(6));
    std::sort(found.begin(), found.end());
    return found.empty() ? "" : found.back();
}

}  // namespace

std::vector<std::string> site_directories(const std::string& python, std::string* python_version, plugin::Host& host) {
    std::vector<std::string> dirs;
    std::error_code ec;
    auto found = which(python, host);
    if (!found) return dirs;
    fs::path exe = *found;
    fs::path prefix;
    std::string version;
    // pyenv: the shim is a script; the version comes from PYENV_VERSION or the version file.
    if (exe.string().find("/.pyenv/shims/") != std::string::npos || exe.string().find("/pyenv/shims/") != std::string::npos) {
        fs::path root = exe.parent_path().parent_path();
        std::string v;
        if (auto env = host.get_env("PYENV_VERSION"); env && !env->empty()) v = *env;
        else if (auto t = host.read_file((root / "version").string())) v = t->substr(0, t->find_first_of("\r\n "));
        if (!v.empty()) exe = root / "versions" / v / "bin" / exe.filename();
    }
    fs::path cfg_dir = exe.parent_path().parent_path();
    if (auto cfg = host.read_file((cfg_dir / "pyvenv.cfg").string())) {
        auto kv = key_values(*cfg);
        version = kv.count("version_info") ? kv["version_info"] : kv["version"];
        std::string xy = version.substr(0, version.find('.', version.find('.') + 1));
        dirs.push_back((cfg_dir / "lib" / ("python" + xy) / "site-packages").string());
        if (kv["include-system-site-packages"] == "true" && kv.count("home"))
            for (const auto& d : site_directories((fs::path(kv["home"]) / exe.filename()).string(), nullptr, host))
                dirs.push_back(d);
        if (python_version) *python_version = version;
        return dirs;
    }
    fs::path real = fs::canonical(exe, ec);
    if (ec) real = exe;
    prefix = real.parent_path().parent_path();
    std::string xy = version_of_prefix(prefix, real, host);
    if (python_version) *python_version = xy;
    if (xy.empty()) return dirs;
    if (auto home = host.get_env("HOME"); home && !home->empty())
        dirs.push_back((fs::path(*home) / ".local" / "lib" / ("python" + xy) / "site-packages").string());
    dirs.push_back((prefix / "lib" / ("python" + xy) / "site-packages").string());
    if (prefix == "/usr") {  // Debian's layout
        dirs.push_back("/usr/local/lib/python" + xy + "/dist-packages");
        dirs.push_back("/usr/lib/python3/dist-packages");
        dirs.push_back("/usr/lib/python" + xy + "/dist-packages");
    }
    return dirs;
}

namespace {

Origin probed_at(const std::string& where) { return Origin{OriginKind::probe, Location{where}, {}}; }

// Every variable of the process, with the values of secrets redacted before they
// are stored: a fact can end up in a snapshot bundle or a report.
void read_environment(plugin::Host& host, NodeFacts& node) {
    for (const auto& [name, value] : host.environment()) {
        Redaction r = redact(name, value);
        node.env[name] = Fact{Value(r.value), probed_at("environment")};
        if (r.rule) node.redacted[name] = *r.rule;
    }
}

// pip installs preflight (its wheel) into an environment's bin/: run from there, the
// probe reads that environment's interpreter, not the first python3 on PATH, unless
// --python names another one.
std::string interpreter(const std::string& python) {
    if (python != "python3") return python;
    std::error_code ec;
    fs::path bin = fs::read_symlink("/proc/self/exe", ec).parent_path();
    if (ec || bin.empty()) return python;
    bool environment = fs::exists(bin.parent_path() / "pyvenv.cfg", ec) || fs::is_directory(bin.parent_path() / "conda-meta", ec);
    for (const char* name : {"python3", "python"})
        if (environment && fs::exists(bin / name, ec)) return (bin / name).string();
    return python;
}

// The directories Python imports from, in sys.path order (PYTHONPATH first, then the
// interpreter's site directories), so that the first copy of a package found is the
// one Python would import. Records the interpreter's own version as package "python".
std::vector<std::string> import_path(const ProbeOptions& options, plugin::Host& host, NodeFacts& node) {
    std::vector<std::string> dirs;
    if (auto it = node.env.find("PYTHONPATH"); it != node.env.end()) {
        std::istringstream parts(*it->second.value.get<std::string>());
        for (std::string d; std::getline(parts, d, ':');)
            if (!d.empty()) dirs.push_back(d);
    }
    std::string python_version;
    std::string python = interpreter(options.python);
    if (options.site_packages.empty()) {
        for (const auto& d : site_directories(python, &python_version, host)) dirs.push_back(d);
    } else {
        dirs.insert(dirs.end(), options.site_packages.begin(), options.site_packages.end());
    }
    if (!python_version.empty())
        if (auto v = version::Version::parse(version::Scheme::pep440, python_version))
            node.packages["python"] = Fact{Value(*v), probed_at(python)};
    return dirs;
}

using WhereFound = std::map<std::string, std::string>;  // normalized name → the metadata it was read from

// A Megatron-LM source tree on the path is megatron-core at its package_info.py
// version: such trees are used without being installed.
void read_megatron_source_tree(const std::string& dir, plugin::Host& host, NodeFacts& node, WhereFound& where_found) {
    fs::path info = fs::path(dir) / "megatron" / "core" / "package_info.py";
    auto text = host.read_file(info.string());
    if (!text) return;
    auto kv = key_values(*text);
    std::string v = kv["MAJOR"] + "." + kv["MINOR"] + "." + kv["PATCH"] + kv["PRE_RELEASE"];
    if (auto parsed = version::Version::parse(version::Scheme::pep440, v); parsed && !node.packages.count("megatron-core")) {
        node.packages["megatron-core"] = Fact{Value(*parsed), probed_at(info.string())};
        where_found["megatron-core"] = info.string();
    }
}

// What one distribution's metadata says, read off the main thread.
struct DistRead {
    std::string meta;  // the file its name and version came from
    std::optional<DistMetadata> parsed;
    bool editable = false;
    std::optional<std::string> revision;  // the git branch or tag of a source install
    std::string direct_url;
};

// Every .dist-info and .egg-info of a directory, read in parallel (a site directory
// holds hundreds) and returned in directory order.
std::vector<DistRead> read_distributions(const std::string& dir, plugin::Host& host) {
    std::vector<std::pair<std::string, bool>> candidates;  // (entry path, is dist-info)
    for (const auto& name : host.list_dir(dir).value_or(std::vector<std::string>{})) {
        bool dist = name.size() > 10 && name.ends_with(".dist-info");
        bool egg = name.size() > 9 && name.ends_with(".egg-info");
        if (dist || egg) candidates.emplace_back(dir + "/" + name, dist);
    }
    std::vector<DistRead> reads(candidates.size());
    util::parallel_for(candidates.size(), [&](std::size_t i) {
        const auto& [path, dist] = candidates[i];
        DistRead& r = reads[i];
        // An .egg-info is a directory holding PKG-INFO, or the PKG-INFO file itself.
        r.meta = dist ? path + "/METADATA" : path + "/PKG-INFO";
        auto text = host.read_file(r.meta);
        if (!dist && !text) {
            r.meta = path;
            text = host.read_file(r.meta);
        }
        if (text) r.parsed = parse_dist_metadata(*text);
        if (dist && r.parsed)
            if (auto text = host.read_file(path + "/direct_url.json"))
                if (auto direct = parse_direct_url(*text)) {
                    r.editable = direct->editable;
                    r.direct_url = path + "/direct_url.json";
                    r.revision = source_revision(*direct, [&host](const std::string& p) { return host.read_file(p); });
                }
    });
    return reads;
}

// Takes the distributions in path order: the first of a name is the one Python
// imports; a later one with another version is reported, not taken.
void add_distributions(const std::vector<DistRead>& reads, const SchemeOf& scheme_of, NodeFacts& node, WhereFound& where_found) {
    for (const auto& r : reads) {
        const std::string& meta = r.meta;
        std::string normalized = r.parsed ? version::normalize_package_name(r.parsed->name) : "";
        auto v = r.parsed ? version::Version::parse(scheme_of(normalized), r.parsed->version) : std::nullopt;
        if (!v) {
            node.findings.push_back({Severity::warning, "probe-bad-metadata",
                                     fmt::format("{} has no readable Name and Version; the distribution is skipped", meta),
                                     Location{meta}});
            continue;
        }
        Origin origin = probed_at(meta);
        if (r.editable) origin.rule = "editable";
        if (auto it = where_found.find(normalized); it != where_found.end()) {
            const auto* first = node.packages[normalized].value.get<version::Version>();
            if (first && first->text() != v->text())
                node.findings.push_back({Severity::warning, "probe-duplicate-distribution",
                                         fmt::format("{} is installed twice: {} ({}) and {} ({}); Python imports the first",
                                                     normalized, first->text(), it->second, v->text(), meta),
                                         Location{meta}});
            continue;
        }
        node.packages[normalized] = Fact{Value(*v), origin};
        if (r.revision) node.revisions[normalized] = Fact{Value(*r.revision), probed_at(r.direct_url)};
        where_found[normalized] = meta;
    }
}

// Shared libraries at the top of a site directory are hook libraries loaded by path
// (torch_memory_saver_hook_mode_*.so): their digests identify the build. They are read
// directly, not through the host, whose files stop at 16 MiB (Host::max_file_size).
void digest_hook_libraries(const std::vector<std::string>& dirs, plugin::Host& host, NodeFacts& node) {
    for (const auto& dir : dirs)
        for (const auto& name : host.list_dir(dir).value_or(std::vector<std::string>{})) {
            auto so = name.find(".so");
            if (so == std::string::npos || (so + 3 != name.size() && name[so + 3] != '.')) continue;
            std::string path = dir + "/" + name;
            // Sized before it is read: a huge file is skipped, not loaded.
            std::error_code size_ec;
            if (!fs::is_regular_file(path, size_ec) || fs::file_size(path, size_ec) > (256u << 20) || size_ec) continue;
            auto data = util::read_file(path);
            if (!data || data->size() > (256u << 20)) continue;
            node.hardware["binary." + name + ".sha256"] = Fact{Value(util::digest_hex(*data, "SHA256")), probed_at(path)};
            node.hardware["binary." + name + ".md5"] = Fact{Value(util::digest_hex(*data, "MD5")), probed_at(path)};
        }
}

// The accelerator stacks, from every plugin with a fact collector, in search order,
// each in its own process with a deadline: one that fails, hangs or crashes is a
// warning naming it, and what it provides stays unknown. A fact already found (by
// the Python probe or an earlier plugin) is kept. Returns the packages the plugins
// that ran establish (absent when they found none).
std::set<std::string> read_plugins(const ProbeOptions& options, plugin::Host& host, const SchemeOf& scheme_of, NodeFacts& node) {
    const plugin::PluginSet& set = options.plugins ? *options.plugins : plugin::active_plugins();
    std::set<std::string> covered;
    for (const auto& p : set.plugins) {
        if (!p.collect) continue;
        auto collected = plugin::collect_facts_isolated(p, host, scheme_of, options.plugin_deadline);
        if (!collected) {
            node.findings.push_back({Severity::warning, "probe-plugin-failed", collected.error(), Location{p.path}});
            continue;
        }
        for (const auto& w : collected->warnings)
            node.findings.push_back({Severity::warning, "probe-plugin-value", w, Location{p.path}});
        for (const auto& f : collected->facts) {
            auto& facts = f.kind == PREFLIGHT_FACT_PACKAGE ? node.packages : node.hardware;
            facts.try_emplace(f.name, f.fact);
        }
        covered.insert(p.provides.begin(), p.provides.end());
    }
    return covered;
}

}  // namespace

std::map<std::string, std::string> plugin_settings(const ProbeOptions& options) {
    std::map<std::string, std::string> settings{{"ascend.root", options.ascend_root},
                                                {"ascend.install_info", options.ascend_install_info},
                                                {"cuda.root", options.cuda_root}};
    if (!options.cuda_nvml_library.empty()) settings["cuda.nvml_library"] = options.cuda_nvml_library;
    return settings;
}

Result<NodeFacts> probe_node(const ProbeOptions& options, const SchemeOf& scheme_of) {
    NodeFacts node;
    // The live node shows every variable and every installed distribution: a name
    // missing here is absent, not unknown (but see CUDA below).
    node.env_complete = true;
    node.packages_complete = true;
    node.uncovered = {};
    node.absent_origin = Origin{OriginKind::probe, {}, {}};

    std::optional<plugin::RealHost> real;
    plugin::Host& host = options.host ? *options.host : real.emplace(plugin_settings(options));
    read_environment(host, node);
    std::vector<std::string> dirs = import_path(options, host, node);
    WhereFound where_found;
    for (const auto& dir : dirs) {
        read_megatron_source_tree(dir, host, node, where_found);
        add_distributions(read_distributions(dir, host), scheme_of, node, where_found);
    }
    digest_hook_libraries(dirs, host, node);
    std::set<std::string> covered = read_plugins(options, host, scheme_of, node);
    // A non-Python layer no plugin establishes is unknown, not absent.
    for (const auto& layer : reserved_layers())
        if (layer != "python" && !covered.count(layer) && !node.packages.count(layer)) node.uncovered.insert(layer);
    // CUDA may live where the probe does not look (conda …): missing, it is unknown.
    if (!node.packages.count("cuda")) node.uncovered.insert("cuda");
    struct utsname u {};
    if (uname(&u) == 0) node.hardware["cpu.arch"] = Fact{Value(std::string(u.machine)), probed_at("uname")};
    return node;
}

}  // namespace preflight::facts
