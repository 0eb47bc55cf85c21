// The Ascend stack as a preflight plugin: the CANN toolkit's version (the ≤8.x
// ascend-toolkit layout and the 8.5 cann layout), /etc/ascend_install.info, the
// driver's version.info, and the NPUs `npu-smi info` lists. Everything is read
// through the host, so tests run it against an in-memory node.
#include "npu_smi.hpp"
#include "plugin_support.hpp"

namespace {

using bundled_plugin::HostCalls;

void read_toolkit(const HostCalls& host, const std::string& root) {
    for (const std::string& base : {root + "/ascend-toolkit/latest", root + "/cann"})
        for (const auto& entry : host.list_dir(base)) {
            std::string file = base + "/" + entry + "/ascend_toolkit_install.info";
            auto text = host.read_file(file);
            std::string version = text ? bundled_plugin::key_values(*text)["version"] : "";
            if (!version.empty()) host.emit_package("cann", version, file);
        }
}

void read_install_info(const HostCalls& host, const std::string& path) {
    if (auto text = host.read_file(path))
        for (const auto& [key, value] : bundled_plugin::key_values(*text)) host.emit_string("ascend." + key, value, path);
}

void read_driver(const HostCalls& host, const std::string& root) {
    std::string file = root + "/driver/version.info";
    if (auto text = host.read_file(file)) {
        auto kv = bundled_plugin::key_values(*text);
        std::string version = kv.count("Version") ? kv["Version"] : kv["version"];
        if (!version.empty()) host.emit_package("ascend-driver", version, file);
    }
}

void read_devices(const HostCalls& host) {
    auto out = host.run_tool({"npu-smi", "info"});
    if (!out) return;
    auto npus = bundled_plugin::ascend::read_npu_smi(*out);
    if (npus.count == 0) return;
    host.emit_string("hardware.chip", npus.chip, "npu-smi info");
    host.emit_int("hardware.devices_per_node", npus.count, "npu-smi info");
}

int collect(const preflight_host* host, const preflight_fact_sink* sink, char* error, size_t error_size) {
    try {
        HostCalls calls(host, sink);
        std::string root = calls.setting("ascend.root", "/usr/local/Ascend");
        read_toolkit(calls, root);
        read_install_info(calls, calls.setting("ascend.install_info", "/etc/ascend_install.info"));
        read_driver(calls, root);
        read_devices(calls);
        return PREFLIGHT_OK;
    } catch (const std::exception& e) {
        return bundled_plugin::fail(error, error_size, e.what());
    } catch (...) {
        return bundled_plugin::fail(error, error_size, "unexpected error");
    }
}

const char* const provides[] = {"cann", "ascend-driver", nullptr};

const preflight_plugin descriptor = {
    sizeof(preflight_plugin),
    PREFLIGHT_PLUGIN_API_MAJOR,
    PREFLIGHT_PLUGIN_API_MINOR,
    "ascend",
    PREFLIGHT_PLUGIN_VERSION,
    "Ascend NPU stack: CANN toolkit, driver, ascend_install.info, npu-smi info",
    collect,
    provides,
    nullptr,
    0,
    nullptr,
};

}  // namespace

extern "C" PREFLIGHT_PLUGIN_EXPORT const preflight_plugin* PREFLIGHT_PLUGIN_ENTRY(void) { return &descriptor; }
