// A failed read or write of a file a user named: what went wrong, and which file.
// util sits below core and knows nothing of its Error; core/error.hpp turns a
// FileError into an Error about the whole file, so callers propagate one unchanged.
#pragma once

#include <string>
#include <utility>

#include <tl/expected.hpp>  // the C++23 std::expected, for C++20

namespace preflight::util {

struct FileError {
    std::string message;
    std::string path;  // empty for standard output
};

template <class T>
using FileResult = tl::expected<T, FileError>;

inline tl::unexpected<FileError> file_error(std::string message, std::string path = {}) {
    return tl::unexpected<FileError>(FileError{std::move(message), std::move(path)});
}

}  // namespace preflight::util
