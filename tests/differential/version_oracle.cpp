// Reads questions, one a line, and prints one answer a line:
//   parse V        -> the normalized version, or "invalid"
//   cmp A B        -> -1 | 0 | 1
//   in V SPEC        -> true | false | invalid   (SPEC may contain spaces; the rest of the line):
//                       may an installer pick V (Membership::candidate)
//   installed V SPEC -> the same for an installed V (Membership::installed)
#include <iostream>
#include <sstream>
#include <string>

#include "version/pep440.hpp"
#include "version/specifier.hpp"

using namespace preflight::version;

int main() {
    std::ios::sync_with_stdio(false);
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string verb, a;
        in >> verb >> a;
        if (verb == "parse") {
            auto v = Pep440::parse(a);
            std::cout << (v ? v->str() : "invalid") << '\n';
        } else if (verb == "cmp") {
            std::string b;
            in >> b;
            auto va = Pep440::parse(a), vb = Pep440::parse(b);
            if (!va || !vb) std::cout << "invalid\n";
            else std::cout << compare(*va, *vb) << '\n';
        } else if (verb == "in" || verb == "installed") {
            std::string spec;
            std::getline(in, spec);
            auto v = Pep440::parse(a);
            auto s = SpecifierSet::parse(spec);
            if (!v || !s) std::cout << "invalid\n";
            else {
                auto who = verb == "in" ? Membership::candidate : Membership::installed;
                std::cout << (s->contains(*v, who) ? "true" : "false") << '\n';
            }
        } else {
            std::cout << "unknown-verb\n";
        }
    }
    return 0;
}
