# Writes a C++ source holding the bundled packs (pack.toml, explain pages and the test
# cases `rules test` runs) as raw string literals: util/embedded_files.hpp. Run at
# build time:
#   cmake -DRULES_DIR=… -DOUTPUT=… -P EmbedPacks.cmake
file(GLOB_RECURSE files RELATIVE ${RULES_DIR} ${RULES_DIR}/*/pack.toml ${RULES_DIR}/*/explain/*.md
     ${RULES_DIR}/*/tests/*/job.toml ${RULES_DIR}/*/tests/*/expect.toml)
list(SORT files)
set(out "// Generated from rules/ by cmake/EmbedPacks.cmake; do not edit.\n")
string(APPEND out "#include \"util/embedded_files.hpp\"\n\nnamespace preflight::util {\nnamespace {\n\n")
# Each text is its own array, its length taken by sizeof: a string_view built from a
# pointer would count the characters at compile time, past GCC's constexpr loop limit
# for a large pack (the generated launcher-flag-tables).
set(index 0)
set(entries "")
foreach(f IN LISTS files)
  file(READ ${RULES_DIR}/${f} text)
  string(FIND "${text}" ")pf_embed\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${f} holds the raw-string delimiter )pf_embed\"")
  endif()
  string(APPEND out "constexpr char kText${index}[] = R\"pf_embed(${text})pf_embed\";\n")
  string(APPEND entries "    {\"embedded:${f}\", {kText${index}, sizeof(kText${index}) - 1}},\n")
  math(EXPR index "${index} + 1")
endforeach()
string(APPEND out "\nconstexpr EmbeddedFile kFiles[] = {\n${entries}};\n\n}  // namespace\n\n")
string(APPEND out "std::span<const EmbeddedFile> embedded_files() { return kFiles; }\n\n")
string(APPEND out "std::optional<std::string_view> embedded_file(std::string_view path) { return find_embedded(kFiles, path); }\n\n")
string(APPEND out "}  // namespace preflight::util\n")
file(WRITE ${OUTPUT}.tmp "${out}")
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
