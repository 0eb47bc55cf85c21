// Errors are values: a message plus where it happened.
#pragma once

#include <string>
#include <vector>

#include <tl/expected.hpp>

namespace preflight {

// A point in an input file. `line`/`column` are 1-based; 0 means "the file as a whole".
struct Location {
    std::string file;
    int line = 0;
    int column = 0;
    std::string key;          // dotted config key or rule id the location is about
    std::string source_line;  // the text of `line`, for the caret excerpt
};

struct Error {
    std::string message;
    Location location;
};

template <class T>
using Result = tl::expected<T, Error>;

inline tl::unexpected<Error> fail(std::string message, Location location = {}) {
    return tl::unexpected<Error>(Error{std::move(message), std::move(location)});
}

}  // namespace preflight
