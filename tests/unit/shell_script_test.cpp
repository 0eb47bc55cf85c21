// The shell reader: every construct launch scripts use, read as bash runs it, and
// every construct it does not run, left unknown and listed with its line.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "launch/shell_script.hpp"
#include "temp_dir.hpp"

namespace {

using preflight::launch::Command;
using preflight::launch::ReadOptions;
using preflight::launch::Script;
using preflight::test_support::TempDir;

Script read(const std::string& text, ReadOptions options = {}) {
    auto r = preflight::launch::read_script_text(text, "train.sh", options);
    EXPECT_TRUE(r) << r.error().message << " at line " << r.error().location.line;
    return r ? *r : Script{};
}

std::string error_of(const std::string& text, ReadOptions options = {}) {
    auto r = preflight::launch::read_script_text(text, "train.sh", options);
    if (r) return "no error";
    return r.error().location.file + ":" + std::to_string(r.error().location.line) + ": " + r.error().message;
}

// The words, "?" for an unknown one.
std::vector<std::string> words(const Command& c) {
    std::vector<std::string> out;
    for (const auto& w : c.argv) out.push_back(w.text.value_or("?"));
    return out;
}

// A variable as the command sees it: its value, "?" when unknown, "<absent>".
std::string env(const Command& c, const std::string& name) {
    auto it = c.env.find(name);
    if (it == c.env.end()) return "<absent>";
    return it->second.value.value_or("?");
}

bool skipped(const Script& s, const std::string& what, int line) {
    for (const auto& k : s.skipped)
        if (k.where.line == line && k.what.find(what) != std::string::npos) return true;
    return false;
}

using V = std::vector<std::string>;

TEST(ShellScript, CommentsStartOnlyAtAWord) {
    auto s = read("# a comment\nmegatron sft --dataset data#1000 'q#1' # trailing\n  # indented\n");
    ASSERT_EQ(s.commands.size(), 1u);
    EXPECT_EQ(words(s.commands[0]), (V{"megatron", "sft", "--dataset", "data#1000", "q#1"}));
}

TEST(ShellScript, ExportAndLocalAssignments) {
    auto s = read(
        "export A=1 B=2\n"
        "export C\n"
        "C=3\n"
        "D=4\n"
        "export E=5 F\n"
        "F=$D$E\n"
        "cmd --d $D\n");
    ASSERT_EQ(s.commands.size(), 1u);
    const auto& c = s.commands[0];
    EXPECT_EQ(env(c, "A"), "1");
    EXPECT_EQ(env(c, "B"), "2");
    EXPECT_EQ(env(c, "C"), "3");
    EXPECT_EQ(env(c, "D"), "<absent>");  // local: expanded, not exported
    EXPECT_EQ(env(c, "E"), "5");
    EXPECT_EQ(env(c, "F"), "45");
    EXPECT_EQ(words(c), (V{"cmd", "--d", "4"}));
    EXPECT_EQ(c.env.at("A").where.line, 1);
    EXPECT_EQ(c.env.at("F").where.line, 6);
    EXPECT_TRUE(s.skipped.empty());
}

TEST(ShellScript, ExportedButNeverSetIsNotInTheEnvironment) {
    auto s = read("export X\ncmd\n");
    EXPECT_EQ(env(s.commands[0], "X"), "<absent>");
}

TEST(ShellScript, UnsetRemovesScriptAndCallingVariables) {
    ReadOptions o;
    o.calling_env = {{"HOME", "/home/u"}, {"OLD", "x"}};
    auto s = read("export A=1\nunset A OLD\ncmd\n", o);
    const auto& c = s.commands[0];
    EXPECT_EQ(env(c, "A"), "<absent>");
    EXPECT_EQ(env(c, "OLD"), "<absent>");
    EXPECT_EQ(env(c, "HOME"), "/home/u");
    EXPECT_TRUE(c.env.at("HOME").from_calling_env);
}

TEST(ShellScript, PrefixAssignmentsAreForThatCommandOnly) {
    auto s = read("A=1 B=$A NPROC_PER_NODE=8 swift sft $A\nswift rlhf\n");
    ASSERT_EQ(s.commands.size(), 2u);
    EXPECT_EQ(words(s.commands[0]), (V{"swift", "sft"}));  // $A is expanded before the prefix applies
    EXPECT_EQ(env(s.commands[0], "A"), "1");
    EXPECT_EQ(env(s.commands[0], "B"), "1");
    EXPECT_EQ(env(s.commands[0], "NPROC_PER_NODE"), "8");
    EXPECT_EQ(s.commands[0].env.at("NPROC_PER_NODE").where.column, 10);
    EXPECT_EQ(env(s.commands[1], "NPROC_PER_NODE"), "<absent>");
}

TEST(ShellScript, QuotesEscapesAndContinuations) {
    auto s = read(
        "X=ex\n"
        "cmd 'a b' \"c \\\"d\\\" \\\\ \\$X $X\" e\\ f \\\n"
        "   --next \"multi\n"
        "line\" '' \"\" it\\'s $'t\\tab'\n");
    ASSERT_EQ(s.commands.size(), 1u);
    EXPECT_EQ(words(s.commands[0]),
              (V{"cmd", "a b", "c \"d\" \\ $X ex", "e f", "--next", "multi\nline", "", "", "it's", "t\tab"}));
    EXPECT_EQ(s.commands[0].argv[4].where.line, 3);
    EXPECT_EQ(s.commands[0].argv[4].where.column, 4);
}

TEST(ShellScript, ParameterExpansions) {
    ReadOptions o;
    o.calling_env = {{"FROM_ENV", "e"}, {"EMPTY", ""}};
    auto s = read(
        "cmd $FROM_ENV ${FROM_ENV}x ${EMPTY:-d1} ${EMPTY-d2} ${UNSET-d3} ${UNSET:-\"a b\"} ${FROM_ENV:+alt} ${#FROM_ENV}\n"
        "cmd ${NEW:=assigned} $NEW \"${Q:-$FROM_ENV and more}\"\n",
        o);
    ASSERT_EQ(s.commands.size(), 2u);
    EXPECT_EQ(words(s.commands[0]), (V{"cmd", "e", "ex", "d1", "d3", "a b", "alt", "1"}));
    EXPECT_EQ(words(s.commands[1]), (V{"cmd", "assigned", "assigned", "e and more"}));
}

TEST(ShellScript, AnAssignmentReadsTheVariableAsItWas) {
    ReadOptions o;
    o.calling_env = {{"FROM_CALLER", "c"}};
    auto s = read("EP=${EP:-4}\nexport N=${N:-8} FROM_CALLER=${FROM_CALLER}x\nL+=a\nL+=b\ncmd $EP $L\n", o);
    EXPECT_EQ(words(s.commands[0]), (V{"cmd", "4", "ab"}));
    EXPECT_EQ(env(s.commands[0], "N"), "8");
    EXPECT_EQ(env(s.commands[0], "FROM_CALLER"), "cx");
}

TEST(ShellScript, WordsThatExpandToNothingComeBeforeTheCommand) {
    auto s = read("$EMPTY export A=1\nB=2 $EMPTY\n$EMPTY swift sft $B\n");
    ASSERT_EQ(s.commands.size(), 1u);
    EXPECT_EQ(words(s.commands[0]), (V{"swift", "sft", "2"}));
    EXPECT_EQ(env(s.commands[0], "A"), "1");
    EXPECT_EQ(env(s.commands[0], "B"), "<absent>");
}

TEST(ShellScript, UnquotedExpansionsSplitIntoWords) {
    auto s = read("ARGS=\"--a 1  --b 2\"\nE=\ncmd $ARGS \"$ARGS\" $E \"$E\" x${E}y\nIFS=,\nL=p,q\ncmd $L\n");
    ASSERT_EQ(s.commands.size(), 2u);
    EXPECT_EQ(words(s.commands[0]), (V{"cmd", "--a", "1", "--b", "2", "--a 1  --b 2", "", "xy"}));
    EXPECT_EQ(words(s.commands[1]), (V{"cmd", "p", "q"}));
}

TEST(ShellScript, ScriptArguments) {
    ReadOptions o;
    o.script_args = V{"--lr", "1e-5"};
    auto s = read("torchrun train.py \"$@\" ${1:-x} $#\n", o);
    EXPECT_EQ(words(s.commands[0]), (V{"torchrun", "train.py", "--lr", "1e-5", "--lr", "2"}));
    o.script_args = V{};
    s = read("torchrun train.py \"$@\" ${1:-x}\n", o);
    EXPECT_EQ(words(s.commands[0]), (V{"torchrun", "train.py", "x"}));
    s = read("torchrun train.py ${1:-x}\n");  // not known: unknown, not the default
    EXPECT_EQ(words(s.commands[0]), (V{"torchrun", "train.py", "?"}));
}

TEST(ShellScript, SourceReadsAFileRelativeToTheScript) {
    TempDir dir;
    dir.write("env/common.sh", "export HCCL_CONNECT_TIMEOUT=1200\nMODEL=Qwen/Qwen3-8B\n");
    dir.write("more.sh", "export MORE=$MODEL\n");
    auto path = dir.write("train.sh", "source env/common.sh\n. ./more.sh\nswift sft --model $MODEL\n");
    auto r = preflight::launch::read_script(path, {});
    ASSERT_TRUE(r) << r.error().message;
    ASSERT_EQ(r->commands.size(), 1u);
    const auto& c = r->commands[0];
    EXPECT_EQ(words(c), (V{"swift", "sft", "--model", "Qwen/Qwen3-8B"}));
    EXPECT_EQ(env(c, "HCCL_CONNECT_TIMEOUT"), "1200");
    EXPECT_EQ(env(c, "MORE"), "Qwen/Qwen3-8B");
    EXPECT_NE(c.env.at("HCCL_CONNECT_TIMEOUT").where.file.find("common.sh"), std::string::npos);
    EXPECT_EQ(r->lines.size(), 3u);
}

TEST(ShellScript, SourceOfAMissingFileIsListedNotGuessed) {
    auto s = read("TP=1\nsource /no/such/set_env.sh\ncmd $TP $UNSET_BEFORE\n");
    EXPECT_TRUE(skipped(s, "no such file", 2));
    ASSERT_EQ(s.commands.size(), 1u);
    // What the file would set is unknown, not unset.
    EXPECT_EQ(words(s.commands[0]), (V{"cmd", "?", "?"}));
}

TEST(ShellScript, SourceOfAPathThatIsNotKnownIsListed) {
    TempDir dir;
    dir.write("env.sh", "export FROM_ENV_SH=1\n");
    dir.write("args.sh", "export FIRST=$1\n");
    auto path = dir.write("train.sh",
                          "source $(dirname $0)/env.sh\n"
                          "source ./args.sh a1\n"
                          "cd \"$(dirname $0)\"\n"
                          "source ./env.sh\n"
                          "cmd\n");
    auto r = preflight::launch::read_script(path, {});
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_TRUE(skipped(*r, "source of a file whose name is not known", 1));
    // The working directory is not known after the cd: the file beside the script is read, and said.
    EXPECT_TRUE(skipped(*r, "read beside the script: source of './env.sh'", 4));
    EXPECT_EQ(env(r->commands.back(), "FIRST"), "a1");
    EXPECT_EQ(env(r->commands.back(), "FROM_ENV_SH"), "1");
}

TEST(ShellScript, SourceOfANameWithoutSlashSearchesAKnownPathFirst) {
    // bash reads `source NAME` from PATH before the working directory (sourcepath).
    TempDir dir;
    dir.write("bin/env.sh", "export FROM=path\n");
    dir.write("env.sh", "export FROM=cwd\n");
    auto bin = dir.path() + "/bin";
    auto r = preflight::launch::read_script(dir.write("train.sh", "PATH=" + bin + ":/usr/bin\nsource env.sh\ncmd\n"), {});
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(env(r->commands.back(), "FROM"), "path");
    // Not on PATH: the working directory, as before; a name with a slash never searches PATH.
    r = preflight::launch::read_script(dir.write("t2.sh", "PATH=" + bin + "\nsource ./env.sh\ncmd\n"), {});
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(env(r->commands.back(), "FROM"), "cwd");
    // An empty PATH entry is the working directory at its place: before bin/ here.
    r = preflight::launch::read_script(dir.write("t4.sh", "PATH=:" + bin + "\nsource env.sh\ncmd\n"), {});
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(env(r->commands.back(), "FROM"), "cwd");
    // PATH not known (the node's): the working directory, not a guess about the node.
    r = preflight::launch::read_script(dir.write("t3.sh", "source env.sh\ncmd\n"), {});
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(env(r->commands.back(), "FROM"), "cwd");
}

TEST(ShellScript, SourceCycleIsAnErrorWithFileAndLine) {
    TempDir dir;
    dir.write("a.sh", "X=1\nsource b.sh\n");
    dir.write("b.sh", "source a.sh\n");
    auto path = dir.write("train.sh", "source a.sh\n");
    auto r = preflight::launch::read_script(path, {});
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("source cycle"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().location.file.find("b.sh"), std::string::npos);
    EXPECT_EQ(r.error().location.line, 1);
}

TEST(ShellScript, SourceDepthIsBounded) {
    TempDir dir;
    for (int k = 0; k < 12; ++k) dir.write("f" + std::to_string(k) + ".sh", "source f" + std::to_string(k + 1) + ".sh\n");
    dir.write("f12.sh", "X=1\n");
    auto r = preflight::launch::read_script(dir.write("train.sh", "source f0.sh\n"), {});
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("more than 8 files deep"), std::string::npos) << r.error().message;
}

TEST(ShellScript, SourceOfADeviceIsRefused) {
    auto e = error_of("X=1\nsource /dev/zero\n");
    EXPECT_NE(e.find("train.sh:2: cannot source '/dev/zero'"), std::string::npos) << e;
    EXPECT_NE(e.find("regular file"), std::string::npos) << e;
}

TEST(ShellScript, ListsAndPipelinesGiveEveryCommand) {
    auto s = read("set -e; set -x\ncd /work && megatron sft --a 1 || echo failed\npython a.py | tee log.txt &\nwait\n");
    ASSERT_EQ(s.commands.size(), 8u);
    EXPECT_EQ(words(s.commands[0]), (V{"set", "-e"}));
    EXPECT_EQ(words(s.commands[1]), (V{"set", "-x"}));
    EXPECT_EQ(words(s.commands[3]), (V{"megatron", "sft", "--a", "1"}));
    EXPECT_EQ(s.commands[3].where.line, 2);
    EXPECT_EQ(s.commands[3].where.column, 13);
    EXPECT_EQ(words(s.commands[5]), (V{"python", "a.py"}));
    EXPECT_EQ(words(s.commands[6]), (V{"tee", "log.txt"}));
}

TEST(ShellScript, RedirectionsAreNotWords) {
    auto s = read("nohup swift sft --x 1 > train.log 2>&1 &\ncmd 2>/dev/null <in\n");
    EXPECT_EQ(words(s.commands[0]), (V{"nohup", "swift", "sft", "--x", "1"}));
    EXPECT_EQ(words(s.commands[1]), (V{"cmd"}));
}

TEST(ShellScript, ConditionalAssignmentsBecomeUnknown) {
    auto s = read("export A=1\n[ -n \"$X\" ] && export A=2\n[ -z \"$X\" ] || B=3\ncmd $B\n");
    const auto& c = s.commands.back();
    EXPECT_EQ(env(c, "A"), "?");
    EXPECT_NE(c.env.at("A").unknown_because.find("'&&'"), std::string::npos);
    EXPECT_EQ(words(c), (V{"cmd", "?"}));
}

TEST(ShellScript, SubshellsAndPipelinesKeepTheirAssignments) {
    auto s = read("A=1\n(A=2; export B=1; cmd1 $A)\nA=3 | cat\n{ C=4; }\ncmd2 $A $C\n");
    EXPECT_EQ(words(s.commands[0]), (V{"cmd1", "2"}));
    EXPECT_EQ(env(s.commands[0], "B"), "1");
    EXPECT_EQ(words(s.commands.back()), (V{"cmd2", "1", "4"}));
    EXPECT_EQ(env(s.commands.back(), "B"), "<absent>");
}

TEST(ShellScript, AllexportExportsEveryAssignment) {
    auto s = read("set -a\nA=1\nset +a\nB=2\nset -euo pipefail\nset -o allexport\nC=3\ncmd \"$@\"\n",
                  ReadOptions{{}, std::vector<std::string>{}});
    EXPECT_EQ(env(s.commands.back(), "A"), "1");
    EXPECT_EQ(env(s.commands.back(), "B"), "<absent>");
    EXPECT_EQ(env(s.commands.back(), "C"), "3");
    EXPECT_EQ(words(s.commands.back()), (V{"cmd"}));  // `pipefail` is an option name, not an argument
}

TEST(ShellScript, SubstitutionsAreUnknownAndListed) {
    auto s = read(
        "MASTER_ADDR=$(hostname -i)\n"
        "export MASTER_ADDR\n"
        "NOW=`date`\n"
        "PORT=$((29500 + 1))\n"
        "torchrun --master_addr $MASTER_ADDR --port $PORT --tag \"run-$NOW\" --ok yes\n");
    ASSERT_EQ(s.commands.size(), 1u);
    const auto& c = s.commands[0];
    EXPECT_EQ(words(c), (V{"torchrun", "--master_addr", "?", "--port", "?", "--tag", "?", "--ok", "yes"}));
    EXPECT_NE(c.argv[2].unknown_because.find("command substitution on line 1"), std::string::npos) << c.argv[2].unknown_because;
    EXPECT_EQ(env(c, "MASTER_ADDR"), "?");
    EXPECT_EQ(c.env.at("MASTER_ADDR").where.line, 1);
    EXPECT_TRUE(skipped(s, "not interpreted: command substitution", 1));
    EXPECT_TRUE(skipped(s, "not interpreted: command substitution", 3));
    EXPECT_TRUE(skipped(s, "not interpreted: arithmetic expansion", 4));
}

TEST(ShellScript, HeredocsAndEvalAreNotInterpreted) {
    auto s = read(
        "ARGS=(--a 1 --b 2)\n"
        "cat <<EOF > cfg.yaml\nkey: $UNTERMINATED \"quote\nEOF\n"
        "eval \"$CMD\"\n"
        "torchrun ${ARGS[@]} $ANYTHING\n");
    ASSERT_EQ(s.commands.size(), 2u);
    EXPECT_EQ(words(s.commands[0]), (V{"cat"}));
    EXPECT_EQ(words(s.commands[1]), (V{"torchrun", "?", "?"}));
    EXPECT_TRUE(skipped(s, "here-document (line 3)", 2));
    EXPECT_TRUE(skipped(s, "not interpreted: eval", 5));
}

TEST(ShellScript, BranchesAndLoopsAreReadAndWhatTheyChangeIsUnknown) {
    auto s = read(
        "A=1; B=1; C=1; D=1; E=1\n"
        "if [ -n \"$X\" ]; then\n"
        "  A=2\n"
        "  megatron sft --inside if\n"
        "fi\n"
        "for i in 1 2; do B=$i; done\n"
        "while false; do export C=3; done\n"
        "until true; do read D; done\n"
        "case $Y in a) E=5 ;; esac\n"
        "cmd $A $B $C $D $E $i\n");
    // [ … ], the launch in the if's arm, false, true and read are commands too; the
    // case's subject is known (Y is unset), so no arm runs and E stays 1.
    ASSERT_EQ(s.commands.size(), 6u);
    EXPECT_EQ(words(s.commands[1]), (V{"megatron", "sft", "--inside", "if"}));
    EXPECT_EQ(s.commands[1].context, "in the then-branch of the if on line 2");
    EXPECT_EQ(s.commands[4].context, "in the until loop on line 8");
    EXPECT_EQ(words(s.commands[5]), (V{"cmd", "?", "?", "?", "?", "1", "?"}));
    EXPECT_EQ(env(s.commands[5], "C"), "?");
}

TEST(ShellScript, ArmsThatAgreeLeaveTheValueKnown) {
    auto s = read(
        "if [ -d /x ]; then P=npu; else P=npu; fi\n"
        "case \"$1\" in a) Q=1 ;; *) Q=2 ;; esac\n"
        "MODE=rl; case $MODE in sft) R=1 ;; rl*) R=2 ;; esac\n"
        "cmd $P $Q $R\n");
    EXPECT_EQ(words(s.commands.back()), (V{"cmd", "npu", "?", "2"}));
}

TEST(ShellScript, FunctionsRunWhereCalledWithTheirArguments) {
    auto s = read(
        "setup() {\n  export TOKEN=secret\n}\n"
        "train() {\n  local tp=$1\n  shift\n  megatron sft --tp \"$tp\" \"$@\"\n}\n"
        "setup\n"
        "train 2 --a 'b c'\n"
        "cmd ${tp:-none} $TOKEN\n"
        "again() { again; }\n"
        "again\n");
    ASSERT_EQ(s.commands.size(), 3u);  // shift is a command too
    EXPECT_EQ(words(s.commands[1]), (V{"megatron", "sft", "--tp", "2", "--a", "b c"}));
    EXPECT_EQ(env(s.commands[1], "TOKEN"), "secret");
    EXPECT_EQ(s.commands[1].context, "in function 'train' called on line 10");
    EXPECT_EQ(words(s.commands[2]), (V{"cmd", "none", "secret"}));
    EXPECT_TRUE(skipped(s, "call of function 'again'", 12));
}

TEST(ShellScript, IndexedArraysExpandAsBashDoes) {
    ReadOptions o;
    o.calling_env = {{"HOME", "/h"}};
    auto s = read(
        "declare -a NONE\n"
        "A=(--x 'y z' \"$HOME\")\n"
        "A+=(--w)\n"
        "cmd \"${A[@]}\" \"${NONE[@]}\" ${#A[@]} \"${A[*]}\" ${A[1]} $A \"${A[9]:-d}\"\n",
        o);
    EXPECT_EQ(words(s.commands[0]), (V{"cmd", "--x", "y z", "/h", "--w", "4", "--x y z /h --w", "y", "z", "--x", "d"}));
    EXPECT_TRUE(s.skipped.empty());
    EXPECT_EQ(s.commands[0].env.count("A"), 0u) << "bash exports no array";
}

TEST(ShellScript, PlatformVariablesAreUnknownNotEmpty) {
    auto s = read("NNODES=$WORLD_SIZE NODE_RANK=$SLURM_NODEID cmd $MASTER_ADDR $PET_NNODES ${RANK:-0}\n");
    EXPECT_EQ(words(s.commands[0]), (V{"cmd", "?", "?", "?"}));
    EXPECT_EQ(env(s.commands[0], "NNODES"), "?");
}

TEST(ShellScript, OtherExpansionOperatorsAreUnknown) {
    auto s = read("P=/a/b.txt\ncmd ${P%.txt} ${P/a/b} ${P:1:2} ${!P} {1..3} a*.txt\n");
    EXPECT_EQ(words(s.commands[0]), (V{"cmd", "?", "?", "?", "?", "?", "a*.txt"}));
    EXPECT_TRUE(skipped(s, "pattern removal", 2));
    EXPECT_TRUE(skipped(s, "brace expansion", 2));
    EXPECT_TRUE(skipped(s, "pathname expansion of 'a*.txt'", 2));
}

TEST(ShellScript, ExitStopsTheScript) {
    auto s = read("cmd1\n[ -z \"$X\" ] && exit 1\ncmd2\nexit 0\ncmd3\n");
    ASSERT_EQ(s.commands.size(), 3u);
    EXPECT_EQ(words(s.commands[2]), (V{"cmd2"}));
}

TEST(ShellScript, ExecAndCommandRunTheirCommand) {
    auto s = read("command swift sft --a 1\ncommand -v swift\nexec megatron sft --b 2\nswift sft --never\n");
    ASSERT_EQ(s.commands.size(), 3u);
    EXPECT_EQ(words(s.commands[0]), (V{"swift", "sft", "--a", "1"}));
    EXPECT_EQ(words(s.commands[1]), (V{"command", "-v", "swift"}));
    EXPECT_EQ(words(s.commands[2]), (V{"megatron", "sft", "--b", "2"}));
    EXPECT_EQ(s.commands[2].argv[0].where.column, 6);
}

TEST(ShellScript, TildeUsesHome) {
    ReadOptions o;
    o.calling_env = {{"HOME", "/home/u"}};
    auto s = read("cmd ~/models '~/x' ~other/y\nC=~/cache\ncmd $C\n", o);
    EXPECT_EQ(words(s.commands[0]), (V{"cmd", "/home/u/models", "~/x", "?"}));
    EXPECT_EQ(words(s.commands[1]), (V{"cmd", "/home/u/cache"}));
}

TEST(ShellScript, EveryWordHasItsLocation) {
    auto s = read("# header\nswift sft \\\n    --model Qwen/Qwen3-8B \\\n    --lr 1e-5\n");
    const auto& c = s.commands[0];
    ASSERT_EQ(c.argv.size(), 6u);
    EXPECT_EQ(c.argv[2].where.file, "train.sh");
    EXPECT_EQ(c.argv[2].where.line, 3);
    EXPECT_EQ(c.argv[2].where.column, 5);
    EXPECT_EQ(c.argv[2].where.source_line, "    --model Qwen/Qwen3-8B \\");
    EXPECT_EQ(c.argv[5].where.line, 4);
    EXPECT_EQ(c.argv[5].where.column, 10);
    EXPECT_EQ(c.where.line, 2);
}

TEST(ShellScript, BadInputIsAnErrorWithFileAndLine) {
    EXPECT_EQ(error_of("A=1\ncmd --x 'open\n\n"), "train.sh:2: unterminated single quote");
    EXPECT_EQ(error_of("cmd \\\n  \"open $X\n"), "train.sh:2: unterminated double quote");
    EXPECT_EQ(error_of("X=$(date\n"), "train.sh:1: unterminated command substitution");
    EXPECT_EQ(error_of("echo ${X:-a\n"), "train.sh:1: unterminated ${");
    EXPECT_EQ(error_of("if true; then\n cmd\n"), "train.sh:1: unterminated if block (opened here): no matching end");
    EXPECT_EQ(error_of("cmd\nfi\n"), "train.sh:2: syntax error near unexpected 'fi'");
    EXPECT_EQ(error_of(std::string("cmd\nx\0y\n", 8)), "train.sh:2: the launch script is a binary file (a NUL byte on line 2)");
    std::string groups;
    for (int k = 0; k < 20000; ++k) groups += "{ (";
    EXPECT_NE(error_of(groups).find("nest more than 64"), std::string::npos) << error_of(groups);
    EXPECT_NE(error_of(std::string(100000, '(')), "no error");
    std::string params;
    for (int k = 0; k < 20000; ++k) params += "${X:-";
    EXPECT_NE(error_of(params).find("nest more than 64"), std::string::npos) << error_of(params);
}

TEST(ShellScript, WorkIsBoundedOnAHostileScript) {
    std::string text;
    for (int k = 0; k < 5000; ++k) text += "V" + std::to_string(k) + "=x\n";
    for (int k = 0; k < 250; ++k) text += "a|";
    text += "a\n";
    auto e = error_of(text);
    EXPECT_NE(e.find("train.sh:5001: the script is too large to read"), std::string::npos) << e;
}

TEST(ShellScript, AHugeScriptIsRefusedBeforeItIsRead) {
    TempDir dir;
    auto path = dir.write("huge.sh", std::string(10 * 1024 * 1024, '#'));
    auto r = preflight::launch::read_script(path, {});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().message, "the launch script is 10 MiB; the limit is 1 MiB");
    EXPECT_EQ(r.error().location.file, path);
    auto fifo = preflight::launch::read_script("/dev/zero", {});
    ASSERT_FALSE(fifo);
    EXPECT_NE(fifo.error().message.find("regular file"), std::string::npos);
}

TEST(ShellScript, CommandFromArgv) {
    auto c = preflight::launch::command_from_argv({"megatron", "sft", "--model", "m"}, {{"NPROC_PER_NODE", "8"}});
    EXPECT_EQ(words(c), (V{"megatron", "sft", "--model", "m"}));
    EXPECT_EQ(env(c, "NPROC_PER_NODE"), "8");
    EXPECT_TRUE(c.env.at("NPROC_PER_NODE").from_calling_env);
}

}  // namespace

namespace {

// set -u as bash ≥ 4.4 has it: the first plain expansion of an unset variable stops the
// script (the command it is in never runs); defaults, "$@" and empty arrays do not.
TEST(ShellScript, NounsetStopsAtTheFirstUnsetVariable) {
    auto s = read(
        "set -u\nA=()\nmegatron sft \"${X:-d}\" ${Y+y} \"$@\" \"${A[@]}\"\n( echo $IN_SUBSHELL )\n"
        "megatron sft --data \"$DATA\"\nmegatron sft --never\n",
        ReadOptions{{}, std::vector<std::string>{}, 8, std::nullopt});
    ASSERT_EQ(s.commands.size(), 4u);  // set, megatron, echo, the megatron it stops in
    EXPECT_EQ(words(s.commands[1]), (std::vector<std::string>{"megatron", "sft", "d"}));
    EXPECT_TRUE(s.commands[1].stops.empty());
    EXPECT_FALSE(s.commands[2].stops.empty());  // the subshell stops before its echo, not the script
    EXPECT_EQ(s.commands[3].where.line, 5);
    EXPECT_NE(s.commands[3].stops.find("DATA is unset and `set -u` (set on line 1) is on"), std::string::npos)
        << s.commands[3].stops;
    EXPECT_EQ(s.commands[3].stops_at.line, 5);
    ASSERT_TRUE(s.stop);
    EXPECT_EQ(s.stop->where.line, 5);
}

TEST(ShellScript, WithoutNounsetAnUnsetVariableIsEmpty) {
    auto s = read("set -u\nset +u\nmegatron sft x$DATA\n");
    ASSERT_EQ(s.commands.size(), 3u);
    EXPECT_EQ(words(s.commands[2]), (std::vector<std::string>{"megatron", "sft", "x"}));
    EXPECT_FALSE(s.stop);
}

// Where the arms leave set -u differently, an unset variable is unknown, not empty.
TEST(ShellScript, NounsetNotKnownLeavesUnsetVariablesUnknown) {
    auto s = read("if [ -n \"$S\" ]; then set -u; fi\nmegatron sft x$DATA\n");
    ASSERT_FALSE(s.commands.empty());
    EXPECT_EQ(words(s.commands.back()), (std::vector<std::string>{"megatron", "sft", "?"}));
    EXPECT_FALSE(s.stop);
}

// set -e: `false` stops the script, except where bash ignores its status.
TEST(ShellScript, ErrexitStopsAtFalseOutsideConditions) {
    auto s = read(
        "set -e\nfalse || true\n! false\nif false; then :; fi\nf() { false; }\nf && true\nmegatron sft --a\n"
        "false\nmegatron sft --never\n");
    ASSERT_TRUE(s.stop);
    EXPECT_EQ(s.stop->where.line, 8);
    EXPECT_EQ(words(s.commands.back()), (std::vector<std::string>{"false"}));
    auto off = read("false\nmegatron sft --runs\n");
    EXPECT_FALSE(off.stop);
    EXPECT_EQ(words(off.commands.back()), (std::vector<std::string>{"megatron", "sft", "--runs"}));
}

// A launch in a block the reader does not run is said with the commands it runs.
TEST(ShellScript, SkippedBlocksSayWhatTheyRun) {
    auto s = read("for ((i = 0; i < 2; i++)); do\n  torchrun x.py\ndone\neval \"$CMD\"\n");
    ASSERT_EQ(s.skipped.size(), 2u);
    const auto& runs = s.skipped[0].runs;
    EXPECT_NE(std::find(runs.begin(), runs.end(), "torchrun"), runs.end());
    EXPECT_TRUE(s.skipped[1].runs_unknown);
}

}  // namespace
