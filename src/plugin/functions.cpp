#include "plugin/functions.hpp"

#include <deque>
#include <mutex>
#include <optional>

#include "lang/functions.hpp"

namespace preflight::plugin {
namespace {

// What a registered function's checker and evaluator need; kept for the process's life.
struct Registered {
    std::string plugin;
    FunctionInfo info;
};

std::deque<Registered>& registered() {
    static std::deque<Registered> r;
    return r;
}

lang::TypeKind kind_of(preflight_type t) {
    switch (t) {
        case PREFLIGHT_TYPE_BOOL: return lang::TypeKind::boolean;
        case PREFLIGHT_TYPE_INT: return lang::TypeKind::integer;
        case PREFLIGHT_TYPE_FLOAT: return lang::TypeKind::floating;
        case PREFLIGHT_TYPE_STRING: return lang::TypeKind::string;
        case PREFLIGHT_TYPE_VERSION: return lang::TypeKind::version;
    }
    return lang::TypeKind::any;
}

const Registered& of(const lang::FunctionDef& f) { return *static_cast<const Registered*>(f.extension); }

Result<lang::Type> check(lang::Node& call, const lang::Schema&) {
    const Registered& r = of(*call.function);
    for (std::size_t i = 0; i < call.children.size(); ++i) {
        const lang::Type& actual = call.children[i]->type;
        lang::TypeKind wanted = kind_of(r.info.arg_types[i]);
        bool ok = actual.kind == wanted || actual.kind == lang::TypeKind::any || actual.kind == lang::TypeKind::null ||
                  (wanted == lang::TypeKind::floating && actual.kind == lang::TypeKind::integer);
        if (!ok)
            return lang::error_at(*call.children[i], call.name + "(): argument " + std::to_string(i + 1) + " must be " +
                                                         lang::to_string(wanted) + ", not " + lang::to_string(actual) +
                                                         " (plugin " + r.plugin + ")");
    }
    return lang::Type{kind_of(r.info.result_type)};
}

// A value in C form, or nullopt when it does not hold the declared type (an
// argument typed `any` when the pack loaded); `texts` keeps the strings it points at.
std::optional<preflight_value> to_c(const Value& v, preflight_type type, std::deque<std::string>& texts) {
    preflight_value out{};
    out.type = type;
    if (v.is_null()) {
        out.is_null = 1;
        return out;
    }
    switch (type) {
        case PREFLIGHT_TYPE_BOOL:
            if (!v.get<bool>()) return std::nullopt;
            out.integer = *v.get<bool>() ? 1 : 0;
            return out;
        case PREFLIGHT_TYPE_INT:
            if (!v.get<std::int64_t>()) return std::nullopt;
            out.integer = *v.get<std::int64_t>();
            return out;
        case PREFLIGHT_TYPE_FLOAT:
            if (v.get<double>()) out.real = *v.get<double>();
            else if (v.get<std::int64_t>()) out.real = static_cast<double>(*v.get<std::int64_t>());
            else return std::nullopt;
            return out;
        case PREFLIGHT_TYPE_STRING:
            if (!v.get<std::string>()) return std::nullopt;
            out.text = texts.emplace_back(*v.get<std::string>()).c_str();
            return out;
        case PREFLIGHT_TYPE_VERSION:
            if (!v.get<version::Version>()) return std::nullopt;
            out.text = texts.emplace_back(v.get<version::Version>()->text()).c_str();
            return out;
    }
    return std::nullopt;
}

Value eval(const lang::CallSite& call, const std::vector<Value>& args, lang::EvalContext&) {
    const Registered& r = of(*call.function);
    auto fail = [&](const std::string& why) {
        return Value::unknown_because(std::string(call.function->name) + "() of plugin " + r.plugin + ": " + why);
    };
    std::deque<std::string> texts;
    std::vector<preflight_value> c_args;
    for (std::size_t i = 0; i < args.size(); ++i) {
        auto c = to_c(args[i], r.info.arg_types[i], texts);
        if (!c) return fail("argument " + std::to_string(i + 1) + " is not " + lang::to_string(kind_of(r.info.arg_types[i])));
        c_args.push_back(*c);
    }
    preflight_value result{};
    char error[1024] = "";
    int rc = r.info.call(c_args.data(), c_args.size(), &result, error, sizeof error);
    error[sizeof error - 1] = '\0';
    if (rc != PREFLIGHT_OK) return fail(*error ? error : "failed with code " + std::to_string(rc));
    if (result.is_null) return Value();
    if (result.type != r.info.result_type) return fail("returned another type than it declares");
    switch (result.type) {
        case PREFLIGHT_TYPE_BOOL: return Value(result.integer != 0);
        case PREFLIGHT_TYPE_INT: return Value(static_cast<std::int64_t>(result.integer));
        case PREFLIGHT_TYPE_FLOAT: return Value(result.real);
        case PREFLIGHT_TYPE_STRING:
            if (!result.text) return fail("returned no text");
            return Value(std::string(result.text));
        case PREFLIGHT_TYPE_VERSION: {
            if (!result.text) return fail("returned no text");
            auto v = version::Version::parse(version::Scheme::pep440, result.text);
            if (!v) return fail(std::string("'") + result.text + "' is not a PEP 440 version");
            return Value(std::move(*v));
        }
    }
    return fail("returned an unknown type");
}

}  // namespace

std::vector<std::string> register_functions(const Plugin& plugin) {
    static std::mutex mutex;
    std::lock_guard lock(mutex);
    std::vector<std::string> refused;
    for (const auto& f : plugin.functions) {
        if (lang::find_function(f.name)) {
            refused.push_back(f.name);
            continue;
        }
        const Registered& r = registered().emplace_back(Registered{plugin.name, f});
        lang::FunctionDef def{.name = r.info.name.c_str(),
                              .signature = r.info.signature.c_str(),
                              .doc = r.info.doc.c_str(),
                              .min_args = r.info.arg_types.size(),
                              .max_args = r.info.arg_types.size(),
                              .check = check,
                              .eval = eval,
                              .extension = &r};
        if (!lang::add_function(def)) refused.push_back(f.name);
    }
    return refused;
}

}  // namespace preflight::plugin
