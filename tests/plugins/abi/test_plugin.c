/* A plugin for the loader's tests, compiled several times (tests/plugins/CMakeLists.txt):
 * TEST_API_MAJOR / TEST_API_MINOR override the API version it declares, TEST_NAME its
 * name, TEST_RULES_DIR the rule packs it bundles, TEST_NO_ENTRY leaves out the entry
 * point; TEST_HANG makes its collector emit one fact and never return, TEST_CRASH
 * emit one fact and die of SIGSEGV (plugin/isolated_collect.hpp). Plain C, so the
 * header is tested as C. */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "preflight/plugin_api.h"

#ifndef TEST_API_MAJOR
#define TEST_API_MAJOR PREFLIGHT_PLUGIN_API_MAJOR
#endif
#ifndef TEST_API_MINOR
#define TEST_API_MINOR PREFLIGHT_PLUGIN_API_MINOR
#endif
#ifndef TEST_NAME
#define TEST_NAME "abi"
#endif
#ifndef TEST_RULES_DIR
#define TEST_RULES_DIR NULL
#endif

static void emit_text(const preflight_fact_sink* sink, preflight_fact_kind kind, const char* name, preflight_type type,
                      const char* text, const char* origin) {
    preflight_value v;
    memset(&v, 0, sizeof v);
    v.type = type;
    v.text = text;
    sink->emit(sink->context, kind, name, &v, origin);
}

/* Reads through every host callback; "abi.fail" makes it return an error. */
static int collect(const preflight_host* host, const preflight_fact_sink* sink, char* error, size_t error_size) {
#if defined(TEST_HANG) || defined(TEST_CRASH)
    emit_text(sink, PREFLIGHT_FACT_HARDWARE, TEST_NAME ".before", PREFLIGHT_TYPE_STRING, "emitted", "here");
#endif
#ifdef TEST_HANG
    for (;;) pause();
#endif
#ifdef TEST_CRASH
    raise(SIGSEGV);
#endif
    const char* fail = host->setting(host->context, "abi.fail");
    if (fail) {
        snprintf(error, error_size, "asked to fail: %s", fail);
        return PREFLIGHT_ERROR;
    }
    const char* data = NULL;
    size_t size = 0;
    if (host->read_file(host->context, "/node/version.txt", &data, &size) == PREFLIGHT_OK) {
        char version[64];
        size_t n = size < sizeof version - 1 ? size : sizeof version - 1;
        memcpy(version, data, n);
        version[n] = '\0';
        if (n && version[n - 1] == '\n') version[n - 1] = '\0';
        emit_text(sink, PREFLIGHT_FACT_PACKAGE, "abi-layer", PREFLIGHT_TYPE_VERSION, version, "/node/version.txt");
    }
    const char* const* names = NULL;
    size_t count = 0;
    if (host->list_dir(host->context, "/node", &names, &count) == PREFLIGHT_OK) {
        preflight_value v;
        memset(&v, 0, sizeof v);
        v.type = PREFLIGHT_TYPE_INT;
        v.integer = (int64_t)count;
        sink->emit(sink->context, PREFLIGHT_FACT_HARDWARE, "abi.node_entries", &v, "/node");
    }
    const char* argv[] = {"abi-tool", "--flag", NULL};
    const char* out = NULL;
    int status = -1;
    if (host->run_tool(host->context, argv, 1000, &out, &size, &status) == PREFLIGHT_OK && status == 0) {
        char line[64];
        size_t n = size < sizeof line - 1 ? size : sizeof line - 1;
        memcpy(line, out, n);
        line[n] = '\0';
        emit_text(sink, PREFLIGHT_FACT_HARDWARE, "abi.tool", PREFLIGHT_TYPE_STRING, line, "abi-tool --flag");
    }
    const char* home = host->get_env(host->context, "ABI_HOME");
    if (home) emit_text(sink, PREFLIGHT_FACT_HARDWARE, "abi.home", PREFLIGHT_TYPE_STRING, home, "environment");
    emit_text(sink, PREFLIGHT_FACT_PACKAGE, "abi-broken", PREFLIGHT_TYPE_VERSION, "not a version!", "here");
    return PREFLIGHT_OK;
}

/* abi_twice(n: int) -> int; a negative n is an error. */
static int twice(const preflight_value* args, size_t count, preflight_value* result, char* error, size_t error_size) {
    if (count != 1) return PREFLIGHT_ERROR;
    if (args[0].integer < 0) {
        snprintf(error, error_size, "n must not be negative, got %lld", (long long)args[0].integer);
        return PREFLIGHT_ERROR;
    }
    result->type = PREFLIGHT_TYPE_INT;
    result->integer = args[0].integer * 2;
    return PREFLIGHT_OK;
}

/* abi_greet(who: string, v: version) -> string */
static _Thread_local char greeting[128];
static int greet(const preflight_value* args, size_t count, preflight_value* result, char* error, size_t error_size) {
    (void)error;
    (void)error_size;
    if (count != 2) return PREFLIGHT_ERROR;
    snprintf(greeting, sizeof greeting, "hello %s at %s", args[0].text, args[1].text);
    result->type = PREFLIGHT_TYPE_STRING;
    result->text = greeting;
    return PREFLIGHT_OK;
}

static const preflight_type twice_args[] = {PREFLIGHT_TYPE_INT};
static const preflight_type greet_args[] = {PREFLIGHT_TYPE_STRING, PREFLIGHT_TYPE_VERSION};
static const preflight_function functions[] = {
    {TEST_NAME "_twice", TEST_NAME "_twice(n: int) -> int", "Twice n; an error for a negative n.", 1, twice_args,
     PREFLIGHT_TYPE_INT, twice},
    {TEST_NAME "_greet", TEST_NAME "_greet(who: string, v: version) -> string", "A greeting.", 2, greet_args,
     PREFLIGHT_TYPE_STRING, greet},
};
static const char* const provides[] = {"abi-layer", NULL};

static const preflight_plugin descriptor = {
    sizeof(preflight_plugin),
    TEST_API_MAJOR,
    TEST_API_MINOR,
    TEST_NAME,
    "0.0.1",
    "the loader tests' plugin",
    collect,
    provides,
    functions,
    2,
    TEST_RULES_DIR,
};

#ifndef TEST_NO_ENTRY
PREFLIGHT_PLUGIN_EXPORT const preflight_plugin* PREFLIGHT_PLUGIN_ENTRY(void) { return &descriptor; }
#else
PREFLIGHT_PLUGIN_EXPORT const preflight_plugin* not_the_entry(void) { return &descriptor; }
#endif
