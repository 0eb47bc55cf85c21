#include "util/build_id.hpp"

#include <elf.h>
#include <link.h>

#include <cstring>
#include <string_view>

namespace preflight::util {
namespace {

// The first object dl_iterate_phdr reports is the executable itself, in a static
// binary as in a dynamic one; its PT_NOTE segments hold the build ID note.
int find_build_id(dl_phdr_info* info, std::size_t, void* data) {
    auto& out = *static_cast<std::string*>(data);
    for (ElfW(Half) i = 0; i < info->dlpi_phnum; ++i) {
        const ElfW(Phdr)& ph = info->dlpi_phdr[i];
        if (ph.p_type != PT_NOTE) continue;
        const auto* p = reinterpret_cast<const unsigned char*>(info->dlpi_addr + ph.p_vaddr);
        const unsigned char* end = p + ph.p_memsz;
        while (p + sizeof(ElfW(Nhdr)) <= end) {
            ElfW(Nhdr) note;
            std::memcpy(&note, p, sizeof note);
            const unsigned char* name = p + sizeof note;
            const unsigned char* desc = name + ((note.n_namesz + 3) & ~3U);
            const unsigned char* next = desc + ((note.n_descsz + 3) & ~3U);
            if (next > end) break;
            if (note.n_type == NT_GNU_BUILD_ID && note.n_namesz == 4 && std::memcmp(name, "GNU", 4) == 0) {
                static constexpr char hex[] = "0123456789abcdef";
                for (ElfW(Word) k = 0; k < note.n_descsz; ++k) {
                    out.push_back(hex[desc[k] >> 4]);
                    out.push_back(hex[desc[k] & 15]);
                }
                return 1;
            }
            p = next;
        }
    }
    return 1;  // only the executable counts, not the libraries after it
}

}  // namespace

const std::string& executable_build_id() {
    static const std::string id = [] {
        std::string out;
        dl_iterate_phdr(find_build_id, &out);
        return out;
    }();
    return id;
}

}  // namespace preflight::util
