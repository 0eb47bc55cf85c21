// What this machine charges for memory a process touches for the first time: a check's
// wall time is its instructions plus its page faults, and on virtual machines a fault
// can cost as much as thousands of instructions (bench/README.md, "What a page fault
// costs"). Prints, for FILE (the binary under test):
//   anonymous 4 KiB page, first write          (what a heap without huge pages pays)
//   anonymous 2 MiB huge page, first write     (the lasting region's pages)
//   FILE's pages read through a private map, one fault per 64 KiB (fault-around), as
//   an executable's text and read-only data are
// each the median of five rounds, in microseconds.
// Usage: fault_cost FILE
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

namespace {

constexpr std::size_t kSmall = std::size_t{4} << 10;
constexpr std::size_t kHuge = std::size_t{2} << 20;
constexpr std::size_t kAround = std::size_t{64} << 10;

double now_us() { return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

// A fresh anonymous mapping of `pages` pages of `page` bytes, aligned to `page`, each
// written once; the time per page.
double anonymous(std::size_t page, std::size_t pages, int advice) {
    std::size_t size = page * (pages + 1);
    void* p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) return -1;
    auto at = reinterpret_cast<std::uintptr_t>(p);
    auto* first = reinterpret_cast<volatile char*>((at + page - 1) / page * page);
    (void)madvise(p, size, advice);
    double start = now_us();
    for (std::size_t i = 0; i < pages; ++i) first[i * page] = 1;
    double per = (now_us() - start) / static_cast<double>(pages);
    munmap(p, size);
    return per;
}

double file_pages(int fd, std::size_t length) {
    void* p = mmap(nullptr, length, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED) return -1;
    const auto* bytes = static_cast<const volatile char*>(p);
    std::size_t faults = 0;
    double start = now_us();
    for (std::size_t o = 0; o < length; o += kAround, ++faults) (void)bytes[o];
    double per = (now_us() - start) / static_cast<double>(faults);
    munmap(p, length);
    return per;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: fault_cost FILE\n");
        return 2;
    }
    int fd = open(argv[1], O_RDONLY | O_CLOEXEC);
    struct stat st {};
    if (fd < 0 || fstat(fd, &st) != 0 || st.st_size < static_cast<off_t>(kAround)) {
        std::perror(argv[1]);
        return 2;
    }
    auto length = static_cast<std::size_t>(st.st_size);
    // Read once, so that the timed rounds find the file in the page cache, as a check
    // run more than once does.
    std::vector<char> buffer(1 << 16);
    while (read(fd, buffer.data(), buffer.size()) > 0) {}
    std::vector<double> small, huge, file;
    for (int round = 0; round < 5; ++round) {
        small.push_back(anonymous(kSmall, 1024, MADV_NOHUGEPAGE));
        huge.push_back(anonymous(kHuge, 4, MADV_HUGEPAGE));
        file.push_back(file_pages(fd, length));
    }
    close(fd);
    // Where huge pages are off the "huge page" figure is one 4 KiB fault: say which.
    char thp[128] = "unknown";
    if (FILE* f = std::fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r")) {
        if (!std::fgets(thp, sizeof thp, f)) thp[0] = 0;
        std::fclose(f);
        thp[std::strcspn(thp, "\n")] = 0;
    }
    std::printf("transparent huge pages: %s\n", thp);
    std::printf("anonymous 4 KiB page, first write      %9.2f us\n", median(small));
    std::printf("anonymous 2 MiB huge page, first write %9.2f us\n", median(huge));
    std::printf("file page read, one fault per 64 KiB   %9.2f us\n", median(file));
    return 0;
}
