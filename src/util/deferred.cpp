#include "util/deferred.hpp"

namespace preflight::util {

std::recursive_mutex& deferred_lock() {
    static std::recursive_mutex lock;
    return lock;
}

}  // namespace preflight::util
