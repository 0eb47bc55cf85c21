// Launch scripts: any bytes are read or refused with a located error, never a crash
// or a hang; every word carries its line; the words of each command whose words are
// all known, written back single-quoted, read back as the same words.
#include "launch/shell_script.hpp"
#include "fuzz_targets.hpp"

namespace preflight::fuzz {
namespace {

std::string single_quoted(const std::string& word) {
    std::string out = "'";
    for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

}  // namespace

int shell_script(const std::uint8_t* data, std::size_t size) {
    launch::ReadOptions options;
    options.calling_env = {{"HOME", "/home/fuzz"}, {"CALLER", "a b"}};
    options.max_source_depth = 0;  // `source` of this machine's files is not the parser under test
    auto script = launch::read_script_text(as_text(data, size), "fuzz.sh", options);
    if (!script) {
        check(script.error().location.file == "fuzz.sh", "a refusal names the file");
        return 0;
    }
    for (const auto& command : script->commands) {
        std::string again;
        std::vector<std::string> known;
        for (const auto& word : command.argv) {
            check(word.where.line >= 1 && word.where.column >= 1, "every word has a line and a column");
            if (!word.text) {  // an unknown word may stand for any words: nothing to compare
                known.clear();
                break;
            }
            known.push_back(*word.text);
            again += single_quoted(*word.text) + " ";
        }
        if (known.empty()) continue;
        auto back = launch::read_script_text(again + "\n", "again.sh", {});
        check(back && back->commands.size() == 1, "quoted words read back as one command");
        std::vector<std::string> words;
        for (const auto& word : back->commands[0].argv) words.push_back(word.text.value_or("<unknown>"));
        check(words == known, "quoted words read back unchanged");
    }
    return 0;
}

}  // namespace preflight::fuzz
