/* The native plugin interface of preflight, version 1.0 (docs/plugin-abi.md is the
 * specification). Plain C: a plugin built against any 1.x header loads into a
 * preflight whose header is 1.y with y >= x.
 *
 * A plugin is a shared library exporting one required symbol, PREFLIGHT_PLUGIN_ENTRY,
 * a function returning a pointer to its descriptor. Everything else is reached
 * through that descriptor. No C++ exception may cross this boundary in either
 * direction: every function here returns a status code instead.
 *
 * Memory: the descriptor and everything it points to are owned by the plugin and
 * must stay valid until the library is unloaded (a static const object is the usual
 * way). Text the host hands to a plugin is owned by the host; see each callback. */
#ifndef PREFLIGHT_PLUGIN_API_H
#define PREFLIGHT_PLUGIN_API_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A plugin is accepted when its major equals the host's and its minor is at most
 * the host's. A minor release only appends fields to the end of structs (read
 * through their `size`) and values to enums. */
#define PREFLIGHT_PLUGIN_API_MAJOR 1
#define PREFLIGHT_PLUGIN_API_MINOR 0

/* The one required exported symbol, and its type. A plugin linked into the preflight
 * executable itself (a built-in, docs/plugin-abi.md) is compiled with
 * PREFLIGHT_PLUGIN_ENTRY defined to a name of its own, so that several can share one
 * binary; a shared library keeps the default, the name the loader looks up. */
#ifndef PREFLIGHT_PLUGIN_ENTRY
#define PREFLIGHT_PLUGIN_ENTRY preflight_plugin_entry
#endif
#define PREFLIGHT_PLUGIN_ENTRY_NAME "preflight_plugin_entry"

#if defined(__GNUC__)
#define PREFLIGHT_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define PREFLIGHT_PLUGIN_EXPORT
#endif

/* Return codes of every call in either direction. */
typedef enum preflight_status {
    PREFLIGHT_OK = 0,
    PREFLIGHT_ERROR = 1,     /* failed; the message buffer says why */
    PREFLIGHT_NOT_FOUND = 2, /* the file, directory, tool or variable does not exist */
    PREFLIGHT_TIMEOUT = 3,   /* a tool ran past its time limit and was killed */
    PREFLIGHT_TOO_LARGE = 4  /* a file passed the host's read limit, or a tool's output its size limit (16 MiB each) */
} preflight_status;

/* Types of rule-language values. */
typedef enum preflight_type {
    PREFLIGHT_TYPE_BOOL = 1,
    PREFLIGHT_TYPE_INT = 2,
    PREFLIGHT_TYPE_FLOAT = 3,
    PREFLIGHT_TYPE_STRING = 4,
    PREFLIGHT_TYPE_VERSION = 5 /* text, parsed by the host in the fact's version scheme */
} preflight_type;

/* One value. `text` is used by STRING and VERSION; `integer` by BOOL (0 or 1) and
 * INT; `real` by FLOAT. `is_null` marks a value known to be absent (the other
 * fields are then ignored). */
typedef struct preflight_value {
    preflight_type type; /* required */
    int is_null;         /* required: 0, or 1 for a value known to be absent */
    int64_t integer;     /* required for BOOL and INT, else ignored */
    double real;         /* required for FLOAT, else ignored */
    const char* text;    /* required for STRING and VERSION (NUL-terminated), else ignored */
} preflight_value;

/* ---- what the host offers a plugin --------------------------------------------
 * The host fills every field of this struct; "required" below means a 1.0 host always
 * sets it, so a plugin built for 1.0 may call it without a NULL check (a field added
 * by a later minor is read only when `size` covers it).
 * Every pointer the host returns through an out-parameter (file contents, names,
 * tool output, variable values, settings) is owned by the host and stays valid until
 * the plugin call that received this host interface returns. Text is not
 * NUL-terminated where a size comes with it. The plugin owns the arguments it passes
 * (paths, argv, names); the host copies what it keeps. The callbacks may be called
 * only from the thread that made that call. */
typedef struct preflight_host {
    uint32_t size; /* required: sizeof(preflight_host) as the host was built: read later fields only below it */
    void* context; /* required: pass back as the first argument of every callback */

    /* required: the whole file at `path`, at most 16 MiB. PREFLIGHT_NOT_FOUND when it
     * is missing, unreadable or not a regular file (a device or FIFO is never read);
     * PREFLIGHT_TOO_LARGE past 16 MiB, with nothing in `data`. */
    int (*read_file)(void* context, const char* path, const char** data, size_t* size);

    /* required: the entry names of a directory (no "." or ".."), sorted, each
     * NUL-terminated. PREFLIGHT_NOT_FOUND when it is not a directory. */
    int (*list_dir)(void* context, const char* path, const char* const** names, size_t* count);

    /* required: runs a program found on PATH, argv[0] first, argv NULL-terminated,
     * with no shell and no stdin, in its own process group; stderr is discarded.
     * PREFLIGHT_NOT_FOUND when the program does not exist. Otherwise `output` holds
     * its stdout and `exit_status` its exit status, also with PREFLIGHT_TIMEOUT (the
     * whole run, not only its output, passed `timeout_ms`: its process group is
     * killed) and PREFLIGHT_TOO_LARGE (its stdout passed 16 MiB: cut there, and it is
     * killed). */
    int (*run_tool)(void* context, const char* const* argv, uint32_t timeout_ms, const char** output, size_t* size,
                    int* exit_status);

    /* required: a variable of the environment preflight checks (NUL-terminated);
     * NULL when unset. */
    const char* (*get_env)(void* context, const char* name);

    /* required: a setting the host passes to plugins (docs/plugin-abi.md lists them,
     * e.g. "ascend.root"), NUL-terminated; NULL when the host has none of that name. */
    const char* (*setting)(void* context, const char* name);
} preflight_host;

/* What kind of fact a collector emits. */
typedef enum preflight_fact_kind {
    PREFLIGHT_FACT_PACKAGE = 1, /* a non-Python layer or package: `name` is its name, the value a VERSION */
    PREFLIGHT_FACT_HARDWARE = 2 /* a node fact such as "hardware.chip" or "nvidia.gpu.0.name" */
} preflight_fact_kind;

/* Where collected facts go; the host fills both fields (required: never NULL).
 * `emit` copies everything it is given before it returns: name, value and origin
 * stay the plugin's. `origin` says where the value was read ("/etc/ascend_install.info",
 * "nvml", "npu-smi info"). When two plugins emit a fact of one name, the first stands. */
typedef struct preflight_fact_sink {
    void* context; /* required: pass back as emit's first argument */
    void (*emit)(void* context, preflight_fact_kind kind, const char* name, const preflight_value* value, const char* origin);
} preflight_fact_sink;

/* A fact collector: reads the node through `host` only and emits facts. Returns
 * PREFLIGHT_OK, or an error code with a NUL-terminated message written into
 * `error` (host-owned, `error_size` bytes, at least 256). */
typedef int (*preflight_collect_fn)(const preflight_host* host, const preflight_fact_sink* sink, char* error, size_t error_size);

/* A rule-language function. It is pure and may be called from several threads at
 * once. `args` hold `arg_count` known values of the declared types (maybe NULL for 0);
 * they and the text of STRING and VERSION arguments (NUL-terminated) belong to the
 * host and stay valid only until the call returns: copy what must outlive it. The
 * result's text belongs to the plugin and must stay valid until that thread's next
 * call into the plugin (thread-local storage does it); the host copies it at once. */
typedef int (*preflight_function_fn)(const preflight_value* args, size_t arg_count, preflight_value* result, char* error,
                                     size_t error_size);

typedef struct preflight_function {
    const char* name;                /* required: starts with the plugin's name and '_' */
    const char* signature;           /* required: as the docs show it, "example_answer(s: string) -> int" */
    const char* doc;                 /* required: one sentence */
    size_t arg_count;                /* required: number of arguments, 0 to 8 */
    const preflight_type* arg_types; /* required when arg_count > 0: arg_count entries; may be NULL when 0 */
    preflight_type result_type;      /* required: one of preflight_type */
    preflight_function_fn call;      /* required */
} preflight_function;

/* The descriptor. The first three fields keep their place in every major version,
 * so that any host can read which version a plugin was built for. */
typedef struct preflight_plugin {
    uint32_t size;      /* required: sizeof(preflight_plugin) as the plugin was built */
    uint32_t api_major; /* required: PREFLIGHT_PLUGIN_API_MAJOR */
    uint32_t api_minor; /* required: PREFLIGHT_PLUGIN_API_MINOR */

    const char* name;        /* required: [a-z0-9_]+, unique among loaded plugins */
    const char* version;     /* required: the plugin's own version, free text */
    const char* description; /* required: one line */

    preflight_collect_fn collect; /* optional (NULL): a fact collector */
    /* optional (NULL): NULL-terminated package names the collector establishes:
     * when it ran and emitted none of one, that package is known to be absent. */
    const char* const* provides;

    const preflight_function* functions; /* optional (NULL when function_count is 0) */
    size_t function_count;

    /* optional (NULL): a directory of rule packs the plugin bundles, relative to the
     * plugin file's directory. */
    const char* rules_dir;
} preflight_plugin;

typedef const preflight_plugin* (*preflight_plugin_entry_fn)(void);

/* Declares the entry point; define it in exactly one file of the plugin. */
PREFLIGHT_PLUGIN_EXPORT const preflight_plugin* PREFLIGHT_PLUGIN_ENTRY(void);

#ifdef __cplusplus
}
#endif

#endif /* PREFLIGHT_PLUGIN_API_H */
