# `cpack -G DEB` in a build tree: a Debian package of what `cmake --install` puts in
# place, under /usr. Its Depends line is computed by dpkg-shlibdeps from the binary's
# and the plugins' shared libraries, never typed here.
set(CPACK_PACKAGE_NAME preflight)
set(CPACK_PACKAGE_VENDOR "preflight")
set(CPACK_PACKAGE_CONTACT "preflight maintainers <preflight@example.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "check a large-model training launch before it runs")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
       "preflight checks the run configuration or launch script of a\n"
       "large-model training job on Ascend NPU or CUDA clusters against\n"
       "versioned rule packs: what will break, which environment variables\n"
       "and arguments make the launch valid, and which kernel fallbacks the\n"
       "stack needs. It also probes a node's installed stack.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_COMPRESSION_TYPE gzip)  # fast to build in every test run
# The examples and the license-free docs go where Debian puts a package's documentation.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/share/examples/ DESTINATION share/doc/preflight/examples)
install(FILES ${PROJECT_SOURCE_DIR}/share/ci/github-actions.yml ${PROJECT_SOURCE_DIR}/share/ci/gitlab-ci.yml
        DESTINATION share/doc/preflight/ci)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/share/slurm/ DESTINATION share/doc/preflight/slurm)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/share/k8s/ DESTINATION share/doc/preflight/k8s)
# Debian wants the changelog and the man page compressed, reproducibly (-n: no name or
# time in the gzip header).
set(packaging_dir ${CMAKE_BINARY_DIR}/packaging)
add_custom_command(
  OUTPUT ${packaging_dir}/changelog.gz ${packaging_dir}/preflight.1.gz
  COMMAND ${CMAKE_COMMAND} -E make_directory ${packaging_dir}
  COMMAND gzip -9n -c ${PROJECT_SOURCE_DIR}/share/debian/changelog > ${packaging_dir}/changelog.gz
  COMMAND gzip -9n -c ${PROJECT_SOURCE_DIR}/share/man/man1/preflight.1 > ${packaging_dir}/preflight.1.gz
  DEPENDS ${PROJECT_SOURCE_DIR}/share/debian/changelog ${PROJECT_SOURCE_DIR}/share/man/man1/preflight.1
  VERBATIM)
add_custom_target(packaging_files ALL DEPENDS ${packaging_dir}/changelog.gz ${packaging_dir}/preflight.1.gz)
install(FILES ${packaging_dir}/changelog.gz DESTINATION share/doc/preflight)
install(FILES ${packaging_dir}/preflight.1.gz DESTINATION share/man/man1)
include(CPack)
