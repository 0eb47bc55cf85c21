// Slurm hostlists: "n[1-3,7],gpu[01-02]" ⇄ n1 n2 n3 n7 gpu01 gpu02. Slurm hands a job
// its nodes in this form ($SLURM_JOB_NODELIST) and users read node names in it, so
// fleet reports print node sets the same way.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <tl/expected.hpp>  // the C++23 std::expected, for C++20

namespace preflight::util {

struct HostlistError {
    std::string message;
    int column = 0;  // 1-based, into the text given
};

// Every name the list spells, in order, duplicates kept. Brackets hold comma-separated
// numbers and lo-hi ranges; a range's zero padding is the width of its lower bound
// (Slurm's rule: [01-10] is 01 … 10); a name may have several bracket groups
// ("rack[1-2]-n[1-2]") and text after them. Refuses, with the column: unbalanced or
// nested brackets, an empty name or range, a non-number, lo > hi, and lists that
// would spell more than `limit` names.
tl::expected<std::vector<std::string>, HostlistError> expand_hostlist(std::string_view text, std::size_t limit = 1'000'000);

// The shortest usual spelling of a set of names: duplicates dropped, names grouped by
// the text before their trailing digits and by zero padding, consecutive numbers as
// ranges, a group of one written bare ("n[1-3,5],gpu07,login").
std::string compress_hostlist(std::vector<std::string> names);

}  // namespace preflight::util
