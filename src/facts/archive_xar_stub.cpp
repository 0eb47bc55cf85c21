// Linked into the static build only (src/CMakeLists.txt). Writing a snapshot bundle
// (facts/snapshot.cpp) pulls libarchive's archive_write_set_format.o, whose table names
// every writer, xar's among them, and xar's writer needs libxml2 and through it ICU's
// 31 MB of data. Defined here, this one symbol keeps that writer, and with it libxml2
// and ICU, out of the static executable. preflight never writes xar.
#include <archive.h>

extern "C" int archive_write_set_format_xar(struct archive* a) {
    archive_set_error(a, -1, "xar archives are not built into this static preflight");
    return ARCHIVE_FATAL;
}
