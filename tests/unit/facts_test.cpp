#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>

#include "facts/dist_metadata.hpp"
#include "facts/fact_set.hpp"
#include "facts/freeze_file.hpp"
#include "facts/live_probe.hpp"
#include "facts/merge.hpp"
#include "facts/sources.hpp"
#include "plugin/real_host.hpp"
#include "temp_dir.hpp"
#include "util/files.hpp"

using namespace preflight;
using namespace preflight::facts;

namespace {
version::Scheme facts_scheme(const std::string& p) { return p == "cann" ? version::Scheme::cann : version::Scheme::pep440; }

// The probe's host for these tests: the real files (a test writes them to a temp
// directory), but an environment and tool outputs of its own, so no test changes the
// variables of its process.
class NodeHost : public plugin::RealHost {
public:
    using RealHost::RealHost;
    std::map<std::string, std::string> env;
    std::map<std::string, plugin::ToolRun> tools;  // the argv joined by single spaces → its run

    std::optional<std::string> get_env(const std::string& name) override {
        auto it = env.find(name);
        return it == env.end() ? std::nullopt : std::optional<std::string>(it->second);
    }
    std::map<std::string, std::string> environment() override { return env; }
    std::optional<plugin::ToolRun> run_tool(const std::vector<std::string>& argv, std::chrono::milliseconds) override {
        std::string line;
        for (const auto& a : argv) line += (line.empty() ? "" : " ") + a;
        auto it = tools.find(line);
        return it == tools.end() ? std::nullopt : std::optional<plugin::ToolRun>(it->second);
    }
};
}  // namespace

TEST(DistMetadata, ReadsHeadersUntilTheBody) {
    auto m = parse_dist_metadata("Metadata-Version: 2.1\r\nName: torch_npu\nVersion: 2.7.1.post2\n\nName: not-this\n");
    ASSERT_TRUE(m);
    EXPECT_EQ(m->name, "torch_npu");
    EXPECT_EQ(m->version, "2.7.1.post2");
    EXPECT_FALSE(parse_dist_metadata("Name: x\n"));
    EXPECT_FALSE(parse_dist_metadata(""));
}

TEST(FreezeFile, ReadsPipFreeze) {
    test_support::TempDir dir;
    auto path = dir.write("req.txt",
                          "# comment\ntorch==2.7.1\nTorch_NPU == 2.7.1.post2 ; python_version >= '3.9'\n"
                          "-e git+https://x/y.git@abc#egg=mcore_bridge\nvllm @ file:///wheels/vllm.whl\n--index-url https://i\n");
    auto node = read_freeze_file(path, facts_scheme);
    ASSERT_TRUE(node.has_value()) << node.error().message;
    EXPECT_TRUE(node->packages_complete);
    EXPECT_EQ(display(node->packages.at("torch-npu").value), "2.7.1.post2");
    EXPECT_EQ(node->packages.at("torch-npu").origin.where.line, 3);
    EXPECT_TRUE(node->packages.at("mcore-bridge").value.is_unknown());
    EXPECT_TRUE(node->packages.at("vllm").value.is_unknown());
    auto bad = read_freeze_file(dir.write("bad.txt", "torch>=2\n"), facts_scheme);
    ASSERT_FALSE(bad.has_value());
    EXPECT_EQ(bad.error().location.line, 1);
}

TEST(FreezeFile, ReadsPipListJson) {
    test_support::TempDir dir;
    auto node = read_freeze_file(dir.write("l.json", R"([{"name": "Megatron_Core", "version": "0.15.3"}])"), facts_scheme);
    ASSERT_TRUE(node.has_value());
    EXPECT_EQ(display(node->packages.at("megatron-core").value), "0.15.3");
    EXPECT_FALSE(read_freeze_file(dir.write("b.json", R"([{"name": 1}])"), facts_scheme).has_value());
}

TEST(LiveProbe, ReadsDistributionsTreesAndAscendFiles) {
    test_support::TempDir dir;
    dir.write("site/torch-2.7.1.dist-info/METADATA", "Name: torch\nVersion: 2.7.1\n");
    dir.write("site/mcore_bridge-1.2.1.dist-info/METADATA", "Name: mcore-bridge\nVersion: 1.2.1\n");
    dir.write("site/mcore_bridge-1.2.1.dist-info/direct_url.json", R"({"url": "file:///src", "dir_info": {"editable": true}})");
    dir.write("site/old.egg-info", "Name: old\nVersion: 0.1\n");
    dir.write("site/broken-1.0.dist-info/METADATA", "Name: broken\n");
    dir.write("site2/torch-2.9.0.dist-info/METADATA", "Name: torch\nVersion: 2.9.0\n");
    dir.write("megatron/megatron/core/package_info.py", "MAJOR = 0\nMINOR = 15\nPATCH = 3\nPRE_RELEASE = ''\n");
    dir.write("ascend/cann/x86_64-linux/ascend_toolkit_install.info", "package_name=cann\nversion=8.5.1\n");
    dir.write("ascend/driver/version.info", "Version=25.3.RC1\n");
    dir.write("site/torch_memory_saver_hook_mode_preload.abi3.so", "abc");
    dir.write("etc/ascend_install.info", "Driver_Install_Path_Param=/usr/local/Ascend\n");
    ProbeOptions options;
    options.site_packages = {dir.path() + "/site", dir.path() + "/site2"};
    options.ascend_root = dir.path() + "/ascend";
    options.ascend_install_info = dir.path() + "/etc/ascend_install.info";
    NodeHost host(plugin_settings(options));
    host.env["PYTHONPATH"] = dir.path() + "/megatron";
    options.host = &host;
    auto node = probe_node(options, facts_scheme);
    ASSERT_TRUE(node.has_value());
    EXPECT_EQ(display(node->packages.at("torch").value), "2.7.1");  // the first on the path wins
    EXPECT_EQ(display(node->packages.at("megatron-core").value), "0.15.3");
    EXPECT_EQ(node->packages.at("mcore-bridge").origin.rule, "editable");
    EXPECT_EQ(display(node->packages.at("old").value), "0.1");
    EXPECT_EQ(display(node->packages.at("cann").value), "8.5.1");
    EXPECT_EQ(display(node->packages.at("ascend-driver").value), "25.3.RC1");
    EXPECT_FALSE(node->packages.count("broken"));
    // Hook libraries at the top of a site directory are identified by their digests.
    EXPECT_EQ(display(node->hardware.at("binary.torch_memory_saver_hook_mode_preload.abi3.so.sha256").value),
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(display(node->hardware.at("binary.torch_memory_saver_hook_mode_preload.abi3.so.md5").value),
              "900150983cd24fb0d6963f7d28e17f72");
    EXPECT_EQ(display(node->hardware.at("ascend.Driver_Install_Path_Param").value), "/usr/local/Ascend");
    ASSERT_EQ(node->findings.size(), 2u);
    EXPECT_EQ(node->findings[0].code, "probe-bad-metadata");
    EXPECT_EQ(node->findings[1].code, "probe-duplicate-distribution");
    EXPECT_TRUE(node->packages_complete);
}

TEST(Merge, JobEnvWinsNodeVersionsWinAndDisagreementsAreFindings) {
    FactSet job;
    job.env["USE_MCORE_GDN"] = Fact{Value("0"), {}};
    job.packages["megatron-core"] = Fact{Value(*version::Version::parse(version::Scheme::pep440, "0.15.3")), {}};
    job.packages["mindspeed"] = Fact{Value(*version::Version::parse(version::Scheme::pep440, "0.15.3")), {}};
    NodeFacts node;
    node.env_complete = node.packages_complete = true;
    node.env["USE_MCORE_GDN"] = Fact{Value("1"), {}};
    node.env["HOME"] = Fact{Value("/root"), {}};
    node.packages["megatron-core"] = Fact{Value(*version::Version::parse(version::Scheme::pep440, "0.16.0")), {}};
    Diagnostics findings;
    merge_node(job, node, findings);
    EXPECT_EQ(display(job.env.at("USE_MCORE_GDN").value), "0");
    EXPECT_EQ(display(job.env.at("HOME").value), "/root");
    EXPECT_EQ(display(job.packages.at("megatron-core").value), "0.16.0");
    EXPECT_TRUE(job.packages.at("mindspeed").value.is_null());
    EXPECT_TRUE(job.packages_complete);
    ASSERT_EQ(findings.size(), 2u);
    EXPECT_EQ(findings[0].code, "config-package-mismatch");
    EXPECT_EQ(findings[1].code, "config-package-missing");
}

TEST(LiveProbe, FakeNvidiaSmiFillsTheJobsHardware) {
    test_support::TempDir dir;
    dir.write("cuda/version.json", R"({"cuda": {"name": "CUDA SDK", "version": "12.4.1"}})");
    ProbeOptions options;
    options.site_packages = {dir.path() + "/empty"};
    options.cuda_root = dir.path() + "/cuda";
    options.ascend_root = dir.path() + "/none";
    // No NVML, so that a machine with a real NVIDIA driver reads the nvidia-smi output too.
    options.cuda_nvml_library = dir.path() + "/no/libnvidia-ml.so.1";
    NodeHost host(plugin_settings(options));
    host.tools["nvidia-smi --query-gpu=name,driver_version --format=csv,noheader"] =
        plugin::ToolRun{"NVIDIA H100 80GB HBM3, 550.54.15\nNVIDIA H100 80GB HBM3, 550.54.15\n", 0};
    options.host = &host;
    auto node = probe_node(options, facts_scheme);
    ASSERT_TRUE(node.has_value());
    EXPECT_EQ(display(node->packages.at("nvidia-driver").value), "550.54.15");
    EXPECT_EQ(display(node->packages.at("cuda").value), "12.4.1");
    EXPECT_EQ(display(node->hardware.at("hardware.devices_per_node").value), "2");
    EXPECT_EQ(display(node->hardware.at("hardware.chip").value), "NVIDIA H100 80GB HBM3");
    FactSet job;
    job.config["hardware.devices_per_node"] = Fact{Value(std::int64_t{8}), Origin{OriginKind::job, {}, {}}};
    Diagnostics findings;
    merge_node(job, *node, findings);
    EXPECT_EQ(display(job.config.at("hardware.devices_per_node").value), "8");  // the job's word stands
    EXPECT_EQ(display(job.config.at("hardware.chip").value), "NVIDIA H100 80GB HBM3");
}

namespace {

// Any source of node facts plugs into the same pipeline; tests use this one.
class FakeSource : public FactSource {
public:
    explicit FakeSource(NodeFacts facts) : facts_(std::move(facts)) {}
    Result<NodeFacts> collect() override { return facts_; }

private:
    NodeFacts facts_;
};

}  // namespace

TEST(FactSource, AFakeSourceFeedsTheMergeLikeAnyOther) {
    NodeFacts canned;
    canned.packages_complete = true;
    canned.packages["megatron-core"] = Fact{Value(*version::Version::parse(version::Scheme::pep440, "0.16.0")),
                                            Origin{OriginKind::snapshot, Location{"node.tar.gz"}, {}}};
    std::unique_ptr<FactSource> source = std::make_unique<FakeSource>(canned);
    auto node = source->collect();
    ASSERT_TRUE(node.has_value());
    FactSet job;
    Diagnostics findings;
    merge_node(job, *node, findings);
    EXPECT_EQ(display(job.packages.at("megatron-core").value), "0.16.0");
    EXPECT_EQ(job.packages.at("megatron-core").origin.kind, OriginKind::snapshot);
    EXPECT_TRUE(job.packages_complete);
    EXPECT_TRUE(findings.empty());
}

TEST(DirectUrl, ASourceInstallNamesItsBranch) {
    test_support::TempDir dir;
    auto git = parse_direct_url(R"({"url": "https://example.invalid/MindSpeed.git",
        "vcs_info": {"vcs": "git", "requested_revision": "core_r0.17.0", "commit_id": "abc"}})");
    ASSERT_TRUE(git);
    auto read = [](const std::string& p) { return util::read_file(p); };
    EXPECT_EQ(source_revision(*git, read), "core_r0.17.0");
    // An editable install records only its directory: the checkout's HEAD names the branch.
    dir.write("My Src/.git/HEAD", "ref: refs/heads/core_r0.18.0\n");
    auto editable = parse_direct_url(R"({"url": "file://)" + dir.path() + R"(/My%20Src", "dir_info": {"editable": true}})");
    ASSERT_TRUE(editable);
    EXPECT_TRUE(editable->editable);
    EXPECT_EQ(source_revision(*editable, read), "core_r0.18.0");
    // A worktree's .git is a file pointing at the real git directory; a detached HEAD is its commit.
    dir.write("wt/.git", "gitdir: ../gitdirs/wt\n");
    dir.write("gitdirs/wt/HEAD", "0123456789abcdef0123456789abcdef01234567\n");
    auto worktree = parse_direct_url(R"({"url": "file://)" + dir.path() + R"(/wt", "dir_info": {"editable": true}})");
    EXPECT_EQ(source_revision(*worktree, read), "0123456789abcdef0123456789abcdef01234567");
    // Without git there is nothing to tell; malformed files are not direct URLs.
    auto plain = parse_direct_url(R"({"url": "file:///nowhere", "dir_info": {}})");
    EXPECT_EQ(source_revision(*plain, read), std::nullopt);
    EXPECT_FALSE(parse_direct_url("{\"url\": 3}"));
    EXPECT_FALSE(parse_direct_url("not json"));
}

TEST(LiveProbe, RecordsTheBranchOfASourceInstall) {
    test_support::TempDir dir;
    dir.write("src/MindSpeed/.git/HEAD", "ref: refs/heads/core_r0.17.0\n");
    dir.write("site/mindspeed-0.12.1.dist-info/METADATA", "Name: mindspeed\nVersion: 0.12.1\n");
    dir.write("site/mindspeed-0.12.1.dist-info/direct_url.json",
              R"({"url": "file://)" + dir.path() + R"(/src/MindSpeed", "dir_info": {"editable": true}})");
    ProbeOptions options;
    options.site_packages = {dir.path() + "/site"};
    options.ascend_root = dir.path() + "/none";
    options.ascend_install_info = dir.path() + "/none.info";
    auto node = probe_node(options, facts_scheme);
    ASSERT_TRUE(node.has_value());
    ASSERT_TRUE(node->revisions.count("mindspeed"));
    EXPECT_EQ(display(node->revisions.at("mindspeed").value), "core_r0.17.0");
    FactSet facts;
    Diagnostics findings;
    merge_node(facts, *node, findings);
    EXPECT_EQ(display(facts.revisions.at("mindspeed").value), "core_r0.17.0");
}
