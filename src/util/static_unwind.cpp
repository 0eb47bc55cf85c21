// Unwinding in the static executable (PREFLIGHT_STATIC) without the frame registry.
//
// A plain static executable starts through crtbeginT.o, which registers the whole
// .eh_frame with libgcc's frame registry (__register_frame_info). The first exception
// thrown then makes libgcc decode and sort every FDE of the executable, about 60 M
// instructions (an error on the command line, which CLI11 reports by throwing, cost
// 64 M against 3 M for the same error in a static PIE). The link gives the executable
// an .eh_frame_hdr (--eh-frame-hdr) and routes crtbeginT.o's two calls here (--wrap):
// nothing is registered, and libgcc finds each frame through dl_iterate_phdr and that
// header's sorted table, as it does in a dynamic or static-PIE executable.
//
// Why not a static PIE, which needs none of this: it relocates itself at start, about
// 27,000 relocations over 470 KB of pointer tables, so every one of those pages is
// written before main (124 page faults and 0.36 M instructions for `--version`, a third
// of its time). A position-dependent executable has them resolved at link time and
// reads only the pages it uses (src/CMakeLists.txt; bench/README.md, "Start-up").

extern "C" {

// The names are the linker's (--wrap=SYMBOL routes SYMBOL to __wrap_SYMBOL).
// Called by crtbeginT.o's frame_dummy before main; registers nothing.
// NOLINTNEXTLINE(bugprone-reserved-identifier)
void __wrap___register_frame_info(const void* /*begin*/, void* /*object*/) {}

// Called by crtbeginT.o's __do_global_dtors_aux at exit; nothing was registered.
// NOLINTNEXTLINE(bugprone-reserved-identifier)
void* __wrap___deregister_frame_info(const void* /*begin*/) { return nullptr; }
}
