#include "output/style.hpp"

#include <unistd.h>
#include <cstdlib>
#include <cstring>

namespace preflight::output {

Style make_style(ColorMode mode, int fd) {
    Style s;
    if (mode == ColorMode::always) s.color = true;
    else if (mode == ColorMode::never) s.color = false;
    else {
        const char* term = std::getenv("TERM");
        s.color = isatty(fd) && !std::getenv("NO_COLOR") && !(term && std::strcmp(term, "dumb") == 0);
    }
    return s;
}

}  // namespace preflight::output
