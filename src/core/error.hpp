// Errors are values: a message plus where it happened.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <tl/expected.hpp>

#include "util/file_error.hpp"

namespace preflight {

// A point in an input file. `line`/`column` are 1-based; 0 means "the file as a whole".
struct Location {
    std::string file;
    int line = 0;
    int column = 0;
    std::string key;          // dotted config key or rule id the location is about
    std::string source_line;  // the text of `line`, for the caret excerpt
    int end_column = 0;       // one past the last character when it lies on `line`; 0: not known
};

struct Error {
    std::string message;
    Location location;

    Error() = default;
    Error(std::string message, Location location = {}) : message(std::move(message)), location(std::move(location)) {}
    // A file that could not be read or written (util/file_error.hpp): an error about
    // the whole file, so a FileResult's failure propagates into a Result unchanged.
    Error(util::FileError e) : message(std::move(e.message)), location{std::move(e.path)} {}
};

template <class T>
using Result = tl::expected<T, Error>;

namespace detail {
template <class T, class E>
T take_value(tl::expected<T, E>&& r) {
    return std::move(*r);
}
template <class E>
void take_value(tl::expected<void, E>&&) {}
}  // namespace detail

inline tl::unexpected<Error> fail(std::string message, Location location = {}) {
    return tl::unexpected<Error>(Error{std::move(message), std::move(location)});
}

}  // namespace preflight

// Propagates a failure: `auto v = PREFLIGHT_TRY(read(path));` returns the error of a
// failed Result from the enclosing function (which returns a Result too), else yields
// the value; `PREFLIGHT_TRY(check(x));` does the same for a Result<void>. A GNU
// statement expression (g++ and clang); `__extension__` keeps -Wpedantic quiet.
#define PREFLIGHT_TRY(...)                                                                           \
    __extension__({                                                                                  \
        auto preflight_try_result_ = (__VA_ARGS__);                                                  \
        if (!preflight_try_result_) return tl::unexpected(std::move(preflight_try_result_).error()); \
        ::preflight::detail::take_value(std::move(preflight_try_result_));                           \
    })
