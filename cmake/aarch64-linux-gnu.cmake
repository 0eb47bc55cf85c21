# Cross-compiles preflight for aarch64 (Kunpeng and other Arm training nodes) on a
# Debian amd64 build machine, with Debian's cross compiler (g++-aarch64-linux-gnu) and
# the arm64 multiarch -dev packages (`dpkg --add-architecture arm64`;
# scripts/install-deps.sh installs both). Meant for the static build:
#   scripts/build-static.sh   (or: cmake -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake -DPREFLIGHT_STATIC=ON …)
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
# Multiarch: arm64's libraries and CMake packages live in /usr/lib/aarch64-linux-gnu,
# its configuration headers in /usr/include/aarch64-linux-gnu (both searched by the
# cross compiler and by CMake through this triplet); header-only packages in /usr/include
# and /usr/share serve every architecture.
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
# pkg-config (FindOpenSSL and friends) must not answer with the build machine's libraries.
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)
# CMake runs nothing it builds at configure time; tests that do go through qemu.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64-static)
