/* The smallest useful preflight plugin: one fact and one rule-language function.
 * docs/plugin-abi.md is the specification; this file is its worked example.
 *
 * Fact: hardware fact "example.site" (a string), read from the file that the variable
 * EXAMPLE_SITE_FILE names (default /etc/example-site), through the host.
 * Function: example_gpu_hours(nodes: int, hours: float) -> float, the GPU-hours a job
 * of `nodes` 8-GPU nodes uses; an error for a negative count. */
#include <stdio.h>
#include <string.h>

#include "preflight/plugin_api.h"

static int collect(const preflight_host* host, const preflight_fact_sink* sink, char* error, size_t error_size) {
    (void)error;
    (void)error_size;
    const char* path = host->get_env(host->context, "EXAMPLE_SITE_FILE");
    if (!path) path = "/etc/example-site";
    const char* data = NULL;
    size_t size = 0;
    /* A missing file is not an error: the fact is simply not established. */
    if (host->read_file(host->context, path, &data, &size) != PREFLIGHT_OK) return PREFLIGHT_OK;
    char site[128];
    size_t n = size < sizeof site - 1 ? size : sizeof site - 1;
    memcpy(site, data, n); /* host-owned data: copied before this call returns */
    site[n] = '\0';
    while (n > 0 && (site[n - 1] == '\n' || site[n - 1] == ' ')) site[--n] = '\0';
    preflight_value value;
    memset(&value, 0, sizeof value);
    value.type = PREFLIGHT_TYPE_STRING;
    value.text = site;
    sink->emit(sink->context, PREFLIGHT_FACT_HARDWARE, "example.site", &value, path);
    return PREFLIGHT_OK;
}

static int gpu_hours(const preflight_value* args, size_t count, preflight_value* result, char* error, size_t error_size) {
    if (count != 2) return PREFLIGHT_ERROR;
    if (args[0].integer < 0) {
        snprintf(error, error_size, "nodes must not be negative, got %lld", (long long)args[0].integer);
        return PREFLIGHT_ERROR;
    }
    result->type = PREFLIGHT_TYPE_FLOAT;
    result->real = (double)args[0].integer * 8.0 * args[1].real;
    return PREFLIGHT_OK;
}

static const preflight_type gpu_hours_args[] = {PREFLIGHT_TYPE_INT, PREFLIGHT_TYPE_FLOAT};
static const preflight_function functions[] = {
    {"example_gpu_hours", "example_gpu_hours(nodes: int, hours: float) -> float",
     "GPU-hours of a job on `nodes` nodes of 8 GPUs running for `hours`.", 2, gpu_hours_args, PREFLIGHT_TYPE_FLOAT, gpu_hours},
};

static const preflight_plugin descriptor = {
    sizeof(preflight_plugin),
    PREFLIGHT_PLUGIN_API_MAJOR,
    PREFLIGHT_PLUGIN_API_MINOR,
    "example",
    "1.0.0",
    "Worked example: the site name as a fact, and a GPU-hours function",
    collect,
    NULL, /* establishes no package */
    functions,
    1,
    NULL, /* bundles no rule packs */
};

PREFLIGHT_PLUGIN_EXPORT const preflight_plugin* PREFLIGHT_PLUGIN_ENTRY(void) { return &descriptor; }
