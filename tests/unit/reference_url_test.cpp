#include <gtest/gtest.h>

#include "output/reference_url.hpp"

using preflight::output::reference_url;

TEST(ReferenceUrl, UpstreamCodeAtATagLinksToTheLine) {
    EXPECT_EQ(reference_url("NVIDIA/Megatron-LM@core_v0.15.3:megatron/training/arguments.py:94"),
              "https://github.com/NVIDIA/Megatron-LM/blob/core_v0.15.3/megatron/training/arguments.py#L94");
    // A line range or list: the first line.
    EXPECT_EQ(reference_url("modelscope/ms-swift@v4.5.2:swift/cli/main.py:14,31"),
              "https://github.com/modelscope/ms-swift/blob/v4.5.2/swift/cli/main.py#L14");
    EXPECT_EQ(reference_url("huggingface/accelerate@v1.14.0:src/accelerate/commands/launch.py:158-300"),
              "https://github.com/huggingface/accelerate/blob/v1.14.0/src/accelerate/commands/launch.py#L158");
    EXPECT_EQ(reference_url("vllm-project/vllm-ascend@v0.23.0:requirements.txt"),
              "https://github.com/vllm-project/vllm-ascend/blob/v0.23.0/requirements.txt");
    EXPECT_EQ(reference_url("vllm-project/vllm-ascend@v0.23.0"), "https://github.com/vllm-project/vllm-ascend/tree/v0.23.0");
}

TEST(ReferenceUrl, AUrlIsItselfAndProseHasNone) {
    EXPECT_EQ(reference_url("https://github.com/modelscope/ms-swift/pull/9382"),
              "https://github.com/modelscope/ms-swift/pull/9382");
    EXPECT_EQ(reference_url("Ascend/pytorch@branch v2.10.0-26.1.0 (untagged)"), std::nullopt);
    EXPECT_EQ(reference_url("the Ascend docs"), std::nullopt);
    EXPECT_EQ(reference_url("a/b@"), std::nullopt);
}
