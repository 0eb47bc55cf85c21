#include "facts/snapshot.hpp"

#include <archive.h>
#include <archive_entry.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <memory>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "util/files.hpp"
#include "util/input_file.hpp"
#include "util/nesting.hpp"

namespace preflight::facts {
namespace {

// A sorted map per object: thousands of packages insert in O(n log n).
using json = nlohmann::json;

json origin_json(const Origin& o) {
    return {{"kind", origin_kind_name(o.kind)}, {"file", o.where.file}, {"line", o.where.line}, {"rule", o.rule}};
}

Origin origin_from(const json& j) {
    Origin o;
    // A kind this build does not know reads as the bundle itself.
    o.kind = origin_kind_named(j.value("kind", "snapshot")).value_or(OriginKind::snapshot);
    o.where.file = j.value("file", "");
    o.where.line = j.value("line", 0);
    o.rule = j.value("rule", "");
    return o;
}

json value_json(const Value& v) {
    if (const auto* ver = v.get<version::Version>())
        return {{"version", ver->text()}, {"scheme", std::string(version::to_string(ver->scheme()))}};
    if (const auto* s = v.get<std::string>()) return {{"string", *s}};
    if (v.is_null()) return {{"absent", true}};
    return {{"unknown", true}};
}

std::optional<Value> value_from(const json& j) {
    if (j.contains("version")) {
        auto scheme = version::parse_scheme(j.value("scheme", "pep440"));
        auto v = scheme ? version::Version::parse(*scheme, j["version"].get<std::string>()) : std::nullopt;
        if (!v) return std::nullopt;
        return Value(*v);
    }
    if (j.contains("string")) return Value(j["string"].get<std::string>());
    if (j.contains("absent")) return Value(Null{});
    return Value::unknown_because("unknown in the snapshot");
}

json facts_json(const NodeFacts& node) {
    json out;
    for (const auto& [section, map] : {std::pair{"env", &node.env}, {"packages", &node.packages}, {"hardware", &node.hardware}}) {
        json items = json::object();
        for (const auto& [name, f] : *map) items[name] = {{"value", value_json(f.value)}, {"origin", origin_json(f.origin)}};
        out[section] = items;
    }
    json revisions = json::object();
    for (const auto& [name, f] : node.revisions)
        revisions[name] = {{"value", value_json(f.value)}, {"origin", origin_json(f.origin)}};
    out["revisions"] = revisions;
    out["env_complete"] = node.env_complete;
    out["packages_complete"] = node.packages_complete;
    out["uncovered"] = node.uncovered;
    out["absent_origin"] = origin_json(node.absent_origin);
    json findings = json::array();
    for (const auto& d : node.findings)
        findings.push_back({{"severity", std::string(to_string(d.severity))},
                            {"code", d.code},
                            {"message", d.message},
                            {"file", d.location.file}});
    out["findings"] = findings;
    out["redacted"] = node.redacted;
    return out;
}

Result<NodeFacts> facts_from(const json& j, const std::string& where) {
    NodeFacts node;
    try {
        for (const auto& [section, map] :
             {std::pair{"env", &node.env}, {"packages", &node.packages}, {"hardware", &node.hardware}}) {
            for (const auto& [name, item] : j.at(section).items()) {
                auto v = value_from(item.at("value"));
                if (!v)
                    return fail(fmt::format("facts.json: {}.{} holds a version that does not parse", section, name),
                                Location{where});
                (*map)[name] = Fact{*v, origin_from(item.at("origin"))};
            }
        }
        // Bundles from preflight 0.1 have no revisions.
        if (j.contains("revisions"))
            for (const auto& [name, item] : j.at("revisions").items()) {
                auto v = value_from(item.at("value"));
                if (!v || !v->get<std::string>())
                    return fail(fmt::format("facts.json: revisions.{} is not a string", name), Location{where});
                node.revisions[name] = Fact{*v, origin_from(item.at("origin"))};
            }
        node.env_complete = j.at("env_complete").get<bool>();
        node.packages_complete = j.at("packages_complete").get<bool>();
        for (const auto& u : j.at("uncovered")) node.uncovered.insert(u.get<std::string>());
        node.absent_origin = origin_from(j.at("absent_origin"));
        // Bundles written before redactions were recorded have none.
        if (j.contains("redacted"))
            for (const auto& [name, rule] : j.at("redacted").items()) node.redacted[name] = rule.get<std::string>();
        for (const auto& d : j.at("findings"))
            node.findings.push_back({parse_severity(d.at("severity").get<std::string>()).value_or(Severity::warning),
                                     d.at("code").get<std::string>(), d.at("message").get<std::string>(),
                                     Location{d.at("file").get<std::string>()}});
    } catch (const nlohmann::json::exception& e) {
        return fail(std::string("facts.json is not a preflight facts file: ") + e.what(), Location{where});
    }
    return node;
}

struct ArchiveWriter {
    archive* a = archive_write_new();
    ~ArchiveWriter() { archive_write_free(a); }
};
struct ArchiveReader {
    archive* a = archive_read_new();
    ~ArchiveReader() { archive_read_free(a); }
};

bool add_member(archive* a, const std::string& name, const std::string& data, std::time_t when) {
    archive_entry* e = archive_entry_new();
    archive_entry_set_pathname(e, name.c_str());
    archive_entry_set_size(e, static_cast<la_int64_t>(data.size()));
    archive_entry_set_filetype(e, AE_IFREG);
    archive_entry_set_perm(e, 0644);
    archive_entry_set_mtime(e, when, 0);
    bool ok = archive_write_header(a, e) == ARCHIVE_OK &&
              archive_write_data(a, data.data(), data.size()) == static_cast<la_ssize_t>(data.size());
    archive_entry_free(e);
    return ok;
}

// libarchive writes through this into a string; the file is written atomically after.
la_ssize_t append_to_string(archive*, void* client, const void* buffer, size_t length) {
    static_cast<std::string*>(client)->append(static_cast<const char*>(buffer), length);
    return static_cast<la_ssize_t>(length);
}

std::string host_name() {
    char host[256] = {0};
    gethostname(host, sizeof host - 1);
    return host;
}

// A manifest string field, "" when absent or not a string (the field is informative).
std::string text_field(const json& manifest, const char* name) {
    auto it = manifest.find(name);
    return it != manifest.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

std::string default_node_name() {
    if (const char* slurm = std::getenv("SLURMD_NODENAME"); slurm && *slurm) return slurm;
    return host_name();
}

Result<std::string> snapshot_bundle(const NodeFacts& node, const std::vector<std::string>& evidence_files,
                                    const std::string& node_name) {
    namespace fs = std::filesystem;
    std::time_t now = std::time(nullptr);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
    const std::string host = host_name();
    json manifest = {{"format_version", kSnapshotFormat},
                     {"node", node_name.empty() ? host : node_name},
                     {"host", host},
                     {"time", stamp},
                     {"preflight_version", PREFLIGHT_VERSION}};
    std::string bundle;  // at most the two documents and 8 MiB of evidence
    {
        ArchiveWriter w;
        archive_write_set_format_pax_restricted(w.a);
        archive_write_add_filter_gzip(w.a);
        if (archive_write_open(w.a, &bundle, nullptr, append_to_string, nullptr) != ARCHIVE_OK)
            return fail(std::string("cannot build the snapshot: ") + archive_error_text(w.a));
        bool ok = add_member(w.a, "manifest.json", manifest.dump(2) + "\n", now) &&
                  add_member(w.a, "facts.json", facts_json(node).dump(2) + "\n", now);
        // Evidence: the small files facts were read from, at most 1 MiB each and 8 MiB in all.
        std::size_t total = 0;
        std::set<std::string> seen;
        for (const auto& file : evidence_files) {
            if (!seen.insert(file).second) continue;
            auto data = util::read_file(file);
            if (!data || data->size() > (1u << 20) || total + data->size() > (8u << 20)) continue;
            total += data->size();
            std::string member = "evidence" + fs::path(file).lexically_normal().string();
            if (member.find("..") != std::string::npos) continue;
            ok = ok && add_member(w.a, member, *data, now);
        }
        ok = ok && archive_write_close(w.a) == ARCHIVE_OK;
        if (!ok) return fail(std::string("cannot build the snapshot: ") + archive_error_text(w.a));
    }
    return bundle;
}

Result<NodeFacts> read_snapshot(const std::string& path, const ArchiveLimits& limits) {
    auto snapshot = PREFLIGHT_TRY(read_snapshot_bundle(path, limits));
    return std::move(snapshot.facts);
}

Result<Snapshot> read_snapshot_bundle(const std::string& path, const ArchiveLimits& limits, bool documents_only) {
    const util::InputFd file = PREFLIGHT_TRY(util::open_input(path, util::kSnapshotBundle));
    auto compressed = file.size();
    ArchiveReader r;
    archive_read_support_filter_all(r.a);
    archive_read_support_format_tar(r.a);
    if (archive_read_open_fd(r.a, file.fd(), 64 * 1024) != ARCHIVE_OK)
        return fail(std::string("not a snapshot bundle: ") + archive_error_text(r.a), Location{path});
    std::optional<std::string> manifest_text, facts_text;
    ArchiveGuard guard(path, compressed, limits);
    archive_entry* e = nullptr;
    while (true) {
        int rc = archive_read_next_header(r.a, &e);
        if (rc == ARCHIVE_EOF) break;
        if (rc != ARCHIVE_OK)
            return fail(std::string("the bundle is truncated or corrupt: ") + archive_error_text(r.a), Location{path});
        if (!PREFLIGHT_TRY(guard.admit(e))) continue;
        const std::string name = guard.member();
        std::string data;
        char buf[64 * 1024];
        while (true) {
            la_ssize_t n = archive_read_data(r.a, buf, sizeof buf);
            if (n < 0)
                return fail(fmt::format("member '{}' is truncated or corrupt: {}", name, archive_error_text(r.a)),
                            Location{path});
            if (n == 0) break;
            PREFLIGHT_TRY(guard.count(static_cast<std::uint64_t>(n)));
            // Only the two documents are kept in memory; evidence is just checked.
            if (name == "manifest.json" || name == "facts.json") data.append(buf, static_cast<std::size_t>(n));
        }
        if (name == "manifest.json") manifest_text = data;
        if (name == "facts.json") facts_text = data;
        if (documents_only && manifest_text && facts_text) break;
    }
    if (!manifest_text) return fail("not a snapshot bundle: it has no manifest.json", Location{path});
    if (!facts_text) return fail("not a snapshot bundle: it has no facts.json", Location{path});
    for (const auto& [name, text] : {std::pair{"manifest.json", &*manifest_text}, {"facts.json", &*facts_text}})
        if (auto line = util::nesting_exceeded(*text, util::Syntax::json))
            return fail(fmt::format("{} nests deeper than {} levels (line {})", name, util::kMaxNesting, *line),
                        Location{path, 0, 0, std::string(name)});
    json manifest;
    try {
        manifest = json::parse(*manifest_text);
    } catch (const json::exception& ex) {
        return fail(std::string("manifest.json is not JSON: ") + ex.what(), Location{path});
    }
    if (!manifest.is_object()) return fail("manifest.json must hold a JSON object", Location{path, 0, 0, "manifest.json"});
    auto version = manifest.find("format_version");
    if (version == manifest.end())
        return fail("manifest.json has no format_version", Location{path, 0, 0, "manifest.json: format_version"});
    if (!version->is_number_integer())
        return fail(fmt::format("manifest.json: format_version must be an integer, not {} {}", version->type_name(),
                                version->dump().substr(0, 40)),
                    Location{path, 0, 0, "manifest.json: format_version"});
    if (*version != kSnapshotFormat)
        return fail(
            fmt::format("the bundle's format_version is {}, but this preflight reads {}", version->dump(), kSnapshotFormat),
            Location{path, 0, 0, "manifest.json: format_version"});
    json facts;
    try {
        facts = json::parse(*facts_text);
    } catch (const json::exception& ex) {
        return fail(std::string("facts.json is not JSON: ") + ex.what(), Location{path});
    }
    Snapshot snapshot;
    snapshot.manifest.host = text_field(manifest, "host");
    snapshot.manifest.node = text_field(manifest, "node");
    if (snapshot.manifest.node.empty()) snapshot.manifest.node = snapshot.manifest.host;
    snapshot.manifest.time = text_field(manifest, "time");
    snapshot.manifest.preflight_version = text_field(manifest, "preflight_version");
    snapshot.facts = PREFLIGHT_TRY(facts_from(facts, path));
    return snapshot;
}

}  // namespace preflight::facts
