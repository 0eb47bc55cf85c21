// The bundled Ascend and CUDA plugins against an in-memory node: recorded npu-smi
// and nvidia-smi outputs and a stand-in NVML; and the live probe without them.
#include <gtest/gtest.h>

#include "facts/live_probe.hpp"
#include "plugin/collect.hpp"
#include "plugin/loader.hpp"
#include "plugin/memory_host.hpp"
#include "temp_dir.hpp"

using namespace preflight;
using namespace preflight::plugin;

namespace {

version::Scheme scheme(const std::string& p) { return p == "cann" ? version::Scheme::cann : version::Scheme::pep440; }

const Plugin& bundled(const std::string& name) {
    static std::map<std::string, Plugin> loaded;
    if (!loaded.count(name)) {
        auto p = load_plugin(std::string(PREFLIGHT_BUNDLED_PLUGIN_DIR) + "/" + name + ".so");
        EXPECT_TRUE(p) << p.error().describe();
        loaded.emplace(name, *p);
    }
    return loaded.at(name);
}

// name → (value, origin) of what the plugin emitted, the first of a name standing.
std::map<std::string, std::pair<std::string, std::string>> run(const std::string& plugin, MemoryHost& host) {
    auto got = collect_facts(bundled(plugin), host, scheme);
    EXPECT_TRUE(got) << (got ? "" : got.error());
    std::map<std::string, std::pair<std::string, std::string>> out;
    if (got) {
        for (const auto& f : got->facts) out.try_emplace(f.name, display(f.fact.value), f.fact.origin.where.file);
        EXPECT_TRUE(got->warnings.empty()) << got->warnings[0];
    }
    return out;
}

const char* npu_smi_a2 =
    "+------------------------------------------------------------------------------------------------+\n"
    "| npu-smi 23.0.0                   Version: 23.0.0                                               |\n"
    "| NPU   Name                | Health        | Power(W)    Temp(C)           Hugepages-Usage(page)|\n"
    "| Chip                      | Bus-Id        | AICore(%)   Memory-Usage(MB)  HBM-Usage(MB)        |\n"
    "+===========================+===============+====================================================+\n"
    "| 0     910B3               | OK            | 93.6        40                0    / 0             |\n"
    "| 0                         | 0000:C1:00.0  | 0           0    / 0          3161 / 65536         |\n"
    "+===========================+===============+====================================================+\n"
    "| 1     910B3               | OK            | 91.2        41                0    / 0             |\n"
    "| 0                         | 0000:C2:00.0  | 0           0    / 0          3161 / 65536         |\n";

}  // namespace

TEST(AscendPlugin, ReadsNpuSmiRowsAndTheOldToolkitLayout) {
    MemoryHost host;
    host.settings["ascend.root"] = "/A";
    host.settings["ascend.install_info"] = "/etc/ascend_install.info";
    host.files["/A/ascend-toolkit/latest/x86_64-linux/ascend_toolkit_install.info"] = "package_name=cann\nversion=8.0.RC3\n";
    host.files["/A/driver/version.info"] = "Version=24.1.rc2\n";
    host.files["/etc/ascend_install.info"] = "Driver_Install_Path_Param=/usr/local/Ascend\nDriver_Install_Type=full\n";
    host.tools["npu-smi info"] = ToolRun{npu_smi_a2, 0};
    auto facts = run("ascend", host);
    EXPECT_EQ(facts["cann"].first, "8.0.RC3");
    EXPECT_EQ(facts["cann"].second, "/A/ascend-toolkit/latest/x86_64-linux/ascend_toolkit_install.info");
    EXPECT_EQ(facts["ascend-driver"].first, "24.1.rc2");
    EXPECT_EQ(facts["ascend.Driver_Install_Type"].first, "full");
    EXPECT_EQ(facts["ascend.Driver_Install_Type"].second, "/etc/ascend_install.info");
    EXPECT_EQ(facts["hardware.chip"], std::make_pair(std::string("910B3"), std::string("npu-smi info")));
    EXPECT_EQ(facts["hardware.devices_per_node"].first, "2");
}

TEST(AscendPlugin, ReadsTheCannLayoutAndSkipsFailedTools) {
    MemoryHost host;
    host.settings["ascend.root"] = "/A";
    host.files["/A/cann/aarch64-linux/ascend_toolkit_install.info"] = "version=8.5.1\n";
    host.tools["npu-smi info"] = ToolRun{"", 1};  // a failing npu-smi says nothing
    auto facts = run("ascend", host);
    EXPECT_EQ(facts["cann"].first, "8.5.1");
    EXPECT_FALSE(facts.count("hardware.chip"));
    EXPECT_FALSE(facts.count("ascend-driver"));
    EXPECT_EQ(host.tool_calls, std::vector<std::string>{"npu-smi info"});
}

TEST(CudaPlugin, ReadsNvml) {
    MemoryHost host;
    host.settings["cuda.nvml_library"] = PREFLIGHT_FAKE_NVML;
    host.settings["cuda.root"] = "/cuda";
    host.files["/cuda/version.json"] = R"({"cuda": {"name": "CUDA SDK", "version": "12.4.1"}})";
    auto facts = run("cuda", host);
    EXPECT_EQ(facts["nvidia-driver"], std::make_pair(std::string("550.54.15"), std::string("nvml")));
    EXPECT_EQ(facts["nvidia.cuda_driver_version"].first, "12.4");
    EXPECT_EQ(facts["hardware.chip"].first, "NVIDIA H100 80GB HBM3");
    EXPECT_EQ(facts["hardware.devices_per_node"].first, "2");
    EXPECT_EQ(facts["nvidia.gpu.1.name"].first, "NVIDIA H100 80GB HBM3");
    EXPECT_EQ(facts["nvidia.gpu.1.memory_mib"].first, "81559");
    EXPECT_EQ(facts["nvidia.gpu.0.compute_capability"].first, "9.0");
    EXPECT_EQ(facts["cuda"], std::make_pair(std::string("12.4.1"), std::string("/cuda/version.json")));
    EXPECT_TRUE(host.tool_calls.empty());  // NVML answered: no nvidia-smi
}

TEST(CudaPlugin, FallsBackToNvidiaSmiThenProc) {
    MemoryHost host;
    host.settings["cuda.nvml_library"] = "/nonexistent/libnvidia-ml.so.1";
    host.tools["nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap --format=csv,noheader,nounits"] =
        ToolRun{"NVIDIA A100-SXM4-80GB, 535.104.05, 81920, 8.0\nNVIDIA A100-SXM4-80GB, 535.104.05, 81920, 8.0\n", 0};
    host.files["/proc/driver/nvidia/version"] = "NVRM version: NVIDIA UNIX x86_64 Kernel Module  999.1.1  Tue\n";
    auto facts = run("cuda", host);
    EXPECT_EQ(facts["nvidia-driver"], std::make_pair(std::string("535.104.05"), std::string("nvidia-smi")));
    EXPECT_EQ(facts["hardware.devices_per_node"].first, "2");
    EXPECT_EQ(facts["nvidia.gpu.0.memory_mib"].first, "81920");
    EXPECT_EQ(facts["nvidia.gpu.1.compute_capability"].first, "8.0");
    EXPECT_FALSE(facts.count("nvidia.cuda_driver_version"));

    MemoryHost old_driver;  // no compute_cap field: the short query; then only /proc
    old_driver.settings["cuda.nvml_library"] = "/nonexistent/libnvidia-ml.so.1";
    old_driver.files["/proc/driver/nvidia/version"] = "NVRM version: NVIDIA UNIX x86_64 Kernel Module  470.57.02  Tue\n";
    facts = run("cuda", old_driver);
    EXPECT_EQ(facts["nvidia-driver"], std::make_pair(std::string("470.57.02"), std::string("/proc/driver/nvidia/version")));
    EXPECT_FALSE(facts.count("hardware.chip"));
    EXPECT_FALSE(facts.count("cuda"));  // no toolkit: neither version.json nor nvcc
    EXPECT_EQ(old_driver.tool_calls.size(), 3u);
}

// As on an H100 node's CUDA 13.0 image (2026-11-24): no version.json, nvcc answers.
TEST(CudaPlugin, ToolkitWithoutVersionJsonIsAskedThroughNvcc) {
    MemoryHost host;
    host.settings["cuda.nvml_library"] = PREFLIGHT_FAKE_NVML;
    host.settings["cuda.root"] = "/usr/local/cuda";
    host.tools["/usr/local/cuda/bin/nvcc --version"] = ToolRun{
        "nvcc: NVIDIA (R) Cuda compiler driver\nCuda compilation tools, release 13.0, V13.0.88\n"
        "Build cuda_13.0.r13.0/compiler.36424714_0\n",
        0};
    auto facts = run("cuda", host);
    EXPECT_EQ(facts["cuda"], std::make_pair(std::string("13.0"), std::string("/usr/local/cuda/bin/nvcc --version")));
}

TEST(LiveProbe, WithoutPluginsTheAcceleratorLayersAreUnknown) {
    test_support::TempDir dir;
    dir.write("ascend/cann/x86_64-linux/ascend_toolkit_install.info", "version=8.5.1\n");
    PluginSet none;
    facts::ProbeOptions options;
    options.site_packages = {dir.path() + "/site"};
    options.ascend_root = dir.path() + "/ascend";
    options.cuda_root = dir.path() + "/cuda";  // none: the machine's own toolkit stays out
    options.plugins = &none;
    auto node = facts::probe_node(options, scheme);
    ASSERT_TRUE(node);
    EXPECT_FALSE(node->packages.count("cann"));
    for (const char* layer : {"cann", "ascend-driver", "cuda", "nvidia-driver"})
        EXPECT_TRUE(node->uncovered.count(layer)) << layer;
    EXPECT_FALSE(node->uncovered.count("python"));
    // With the bundled plugins, the Ascend files are read and an absent driver is known absent.
    PluginSet both;
    both.plugins = {bundled("ascend"), bundled("cuda")};
    options.plugins = &both;
    node = facts::probe_node(options, scheme);
    ASSERT_TRUE(node);
    EXPECT_EQ(display(node->packages.at("cann").value), "8.5.1");
    EXPECT_FALSE(node->uncovered.count("cann"));
    EXPECT_FALSE(node->uncovered.count("ascend-driver"));
    EXPECT_TRUE(node->uncovered.count("cuda"));
}
