// Snapshot bundles built in memory for the targets that read them.
#include <archive.h>
#include <archive_entry.h>

#include "fuzz_targets.hpp"

namespace preflight::fuzz {
namespace {

void add(archive* a, const char* name, std::string_view data) {
    archive_entry* e = archive_entry_new();
    archive_entry_set_pathname(e, name);
    archive_entry_set_size(e, static_cast<la_int64_t>(data.size()));
    archive_entry_set_filetype(e, AE_IFREG);
    archive_entry_set_perm(e, 0644);
    archive_write_header(a, e);
    archive_write_data(a, data.data(), data.size());
    archive_entry_free(e);
}

}  // namespace

std::string scratch_bundle(std::string_view text) {
    auto nul = text.find('\0');
    std::string_view manifest = text.substr(0, nul);
    std::string_view facts = nul == std::string_view::npos ? std::string_view("{}") : text.substr(nul + 1);
    std::string path = scratch_dir() + "/bundle.tar.gz";
    archive* a = archive_write_new();
    archive_write_set_format_pax_restricted(a);
    archive_write_add_filter_gzip(a);
    archive_write_open_filename(a, path.c_str());
    add(a, "manifest.json", manifest);
    add(a, "facts.json", facts);
    archive_write_close(a);
    archive_write_free(a);
    return path;
}

}  // namespace preflight::fuzz
