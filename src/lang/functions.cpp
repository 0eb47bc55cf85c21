#include "lang/functions.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <unordered_map>

#include "util/digest.hpp"
#include "util/identifiers.hpp"
#include "util/kv_list.hpp"

namespace preflight::lang {
namespace {

const std::string* string_literal(const Node& n) { return n.kind == NodeKind::literal ? n.literal.get<std::string>() : nullptr; }

bool accepts(const Type& actual, TypeKind wanted) {
    return actual.kind == wanted || actual.kind == TypeKind::any || actual.kind == TypeKind::null ||
           (wanted == TypeKind::floating && actual.kind == TypeKind::integer);
}

Result<void> want(const Node& call, std::size_t i, TypeKind kind) {
    const Node& arg = *call.children[i];
    if (!accepts(arg.type, kind))
        return error_at(arg, std::string(call.name) + "(): argument " + std::to_string(i + 1) + " must be " + to_string(kind) +
                                 ", not " + to_string(arg.type));
    return {};
}

Result<std::string> want_literal(const Node& call, std::size_t i, const char* what) {
    const std::string* s = string_literal(*call.children[i]);
    if (!s) return error_at(*call.children[i], call.name + "(): " + what + " must be a string literal");
    return *s;
}

// ---- checks -------------------------------------------------------------------

// The result type of a function whose arguments need no check beyond what the
// compiler does for every call (count, and a named fact's literal).
template <TypeKind kind>
Result<Type> returns(Node&, const Schema&) {
    return Type{kind};
}

template <version::Scheme scheme>
Result<Type> check_version_literal(Node& call, const Schema&) {
    auto text = PREFLIGHT_TRY(want_literal(call, 0, "the version"));
    call.scheme = scheme;
    auto parsed = version::Version::parse(call.scheme, text);
    if (parsed) call.const_version = std::make_shared<const version::Version>(std::move(*parsed));
    if (!call.const_version)
        return error_at(*call.children[0], "'" + text + "' is not a valid " + std::string(to_string(call.scheme)) + " version");
    return Type{TypeKind::version};
}

Result<Type> check_satisfies(Node& call, const Schema&) {
    PREFLIGHT_TRY(want(call, 0, TypeKind::version));
    auto spec = PREFLIGHT_TRY(want_literal(call, 1, "the version range"));
    const Node& subject = *call.children[0];
    call.scheme = subject.scheme;
    call.range = version::VersionRange::parse(call.scheme, spec);
    if (!call.range)
        return error_at(*call.children[1],
                        "'" + spec + "' is not a valid " + std::string(to_string(call.scheme)) + " version range");
    return Type{TypeKind::boolean};
}

Result<Type> check_strings(Node& call, Type result) {
    for (std::size_t i = 0; i < call.children.size(); ++i) PREFLIGHT_TRY(want(call, i, TypeKind::string));
    return result;
}
Result<Type> check_string_fn(Node& call, const Schema&) { return check_strings(call, {TypeKind::string}); }
Result<Type> check_string_pred(Node& call, const Schema&) { return check_strings(call, {TypeKind::boolean}); }
Result<Type> check_split(Node& call, const Schema&) { return check_strings(call, {TypeKind::list, TypeKind::string}); }
Result<Type> check_to_int(Node& call, const Schema&) {
    PREFLIGHT_TRY(want(call, 0, TypeKind::string));
    return Type{TypeKind::integer};
}

Result<Type> check_to_float(Node& call, const Schema&) {
    PREFLIGHT_TRY(want(call, 0, TypeKind::string));
    return Type{TypeKind::floating};
}

Result<Type> check_contains(Node& call, const Schema&) {
    const Type& hay = call.children[0]->type;
    if (hay.kind == TypeKind::list || hay.kind == TypeKind::any || hay.kind == TypeKind::null) return Type{TypeKind::boolean};
    return check_strings(call, {TypeKind::boolean});
}

Result<Type> check_count_containing(Node& call, const Schema&) {
    const Type& list = call.children[0]->type;
    if (!(list.kind == TypeKind::list && (list.elem == TypeKind::string || list.elem == TypeKind::any)) &&
        list.kind != TypeKind::any && list.kind != TypeKind::null)
        return error_at(*call.children[0], "count_containing(): argument 1 must be list<string>, not " + to_string(list));
    PREFLIGHT_TRY(want(call, 1, TypeKind::string));
    return Type{TypeKind::integer};
}

Result<Type> check_len(Node& call, const Schema&) {
    const Type& t = call.children[0]->type;
    if (t.kind != TypeKind::list && t.kind != TypeKind::string && t.kind != TypeKind::any && t.kind != TypeKind::null)
        return error_at(*call.children[0], "len(): argument must be a list or string, not " + to_string(t));
    return Type{TypeKind::integer};
}

Result<Type> check_minmax(Node& call, const Schema&) {
    for (std::size_t i = 0; i < call.children.size(); ++i) PREFLIGHT_TRY(want(call, i, TypeKind::integer));
    return Type{TypeKind::integer};
}

Result<Type> check_lookup(Node& call, const Schema& schema) {
    auto table = PREFLIGHT_TRY(want_literal(call, 0, "the table name"));
    if (!schema.has_table(table)) return error_at(*call.children[0], "no table named '" + table + "' in the loaded packs");
    auto key_column = PREFLIGHT_TRY(want_literal(call, 1, "the key column"));
    auto key_type = schema.column_type(table, key_column);
    if (!key_type) return error_at(*call.children[1], "table '" + table + "' has no column '" + key_column + "'");
    const Type& given = call.children[2]->type;
    if (!(given == *key_type) && given.kind != TypeKind::any && given.kind != TypeKind::null &&
        !(key_type->kind == TypeKind::version && given.kind == TypeKind::string))
        return error_at(*call.children[2], "lookup(): key is " + to_string(given) + " but column '" + key_column + "' holds " +
                                               to_string(*key_type));
    auto value_column = PREFLIGHT_TRY(want_literal(call, 3, "the value column"));
    auto value_type = schema.column_type(table, value_column);
    if (!value_type) return error_at(*call.children[3], "table '" + table + "' has no column '" + value_column + "'");
    return *value_type;
}

Result<Type> check_given(Node& call, const Schema&) {
    if (call.children[0]->kind != NodeKind::name)
        return error_at(*call.children[0], "given(): the argument must be a fact name, such as parallel.dp");
    return Type{TypeKind::boolean};
}

Result<Type> check_version_to_string(Node& call, const Schema&) {
    PREFLIGHT_TRY(want(call, 0, TypeKind::version));
    if (call.children.size() > 1) PREFLIGHT_TRY(want(call, 1, TypeKind::integer));
    return Type{TypeKind::string};
}

Result<Type> check_in_range(Node& call, const Schema&) {
    PREFLIGHT_TRY(want(call, 0, TypeKind::version));
    PREFLIGHT_TRY(want(call, 1, TypeKind::string));
    call.scheme = call.children[0]->scheme;
    return Type{TypeKind::boolean};
}

Result<Type> check_alloc_conf_keys(Node& call, const Schema&) {
    PREFLIGHT_TRY(want(call, 0, TypeKind::string));
    return Type{TypeKind::list, TypeKind::string};
}

Result<Type> check_unknown_items(Node& call, const Schema&) {
    for (std::size_t i = 0; i < 2; ++i) {
        const Type& t = call.children[i]->type;
        if (!(t.kind == TypeKind::list && (t.elem == TypeKind::string || t.elem == TypeKind::any)) && t.kind != TypeKind::any &&
            t.kind != TypeKind::null)
            return error_at(*call.children[i], "unknown_items(): arguments must be list<string>, not " + to_string(t));
    }
    return Type{TypeKind::list, TypeKind::string};
}

// ---- evaluation ---------------------------------------------------------------

const std::string& str_arg(const std::vector<Value>& args, std::size_t i) { return *args[i].get<std::string>(); }

bool any_null(const std::vector<Value>& args) {
    return std::any_of(args.begin(), args.end(), [](const Value& v) { return v.is_null(); });
}

Value eval_pkg(const CallSite& call, const std::vector<Value>&, EvalContext& ctx) { return ctx.package(call.argument_name); }

Value eval_revision(const CallSite& call, const std::vector<Value>&, EvalContext& ctx) {
    return ctx.revision(call.argument_name);
}

Value eval_installed(const CallSite& call, const std::vector<Value>&, EvalContext& ctx) {
    Value v = ctx.package(call.argument_name);
    if (v.is_unknown()) return v;
    return Value(!v.is_null());
}

Value eval_env(const CallSite& call, const std::vector<Value>&, EvalContext& ctx) { return ctx.env(call.argument_name); }

Value eval_version_literal(const CallSite& call, const std::vector<Value>&, EvalContext&) { return Value(call.const_version); }

Value eval_satisfies(const CallSite& call, const std::vector<Value>& args, EvalContext&) {
    if (args[0].is_null()) return Value(false);
    const auto* v = args[0].get<version::Version>();
    // A package's version is the one installed (or declared so by the job), judged
    // as installed: 4.4.0.dev0 from a source checkout is inside `>=4.2.0`.
    const version::VersionRange* range = call.range;
    auto inside = range->contains(*v, version::Membership::installed);
    if (!inside)
        return Value::unknown_because(v->text() + " is a " + std::string(to_string(v->scheme())) + " version; the range is " +
                                      std::string(to_string(range->scheme())));
    return Value(*inside);
}

Value eval_alloc_conf(const CallSite&, const std::vector<Value>& args, EvalContext&) {
    if (any_null(args)) return Value(Null{});
    auto list = util::KvList::parse(str_arg(args, 0));
    if (!list) return Value(Null{});
    auto v = list->get(str_arg(args, 1));
    return v ? Value(*v) : Value(Null{});
}

Value eval_alloc_conf_set(const CallSite&, const std::vector<Value>& args, EvalContext&) {
    std::string conf = args[0].is_null() ? "" : str_arg(args, 0);
    if (args[1].is_null() || args[2].is_null()) return args[0];
    auto list = util::KvList::parse(conf);
    if (!list) return args[0];  // a malformed value is another rule's finding; leave it alone
    list->set(str_arg(args, 1), str_arg(args, 2));
    return Value(list->str());
}

Value eval_alloc_conf_valid(const CallSite&, const std::vector<Value>& args, EvalContext&) {
    if (args[0].is_null()) return Value(true);
    return Value(util::KvList::parse(str_arg(args, 0)).has_value());
}

Value eval_contains(const CallSite&, const std::vector<Value>& args, EvalContext&) {
    if (any_null(args)) return Value(false);
    if (const auto* list = args[0].get<List>()) return Value(std::find(list->begin(), list->end(), args[1]) != list->end());
    return Value(str_arg(args, 0).find(str_arg(args, 1)) != std::string::npos);
}

Value eval_starts_with(const CallSite&, const std::vector<Value>& args, EvalContext&) {
    if (any_null(args)) return Value(false);
    return Value(str_arg(args, 0).starts_with(str_arg(args, 1)));
}

Value eval_lower(const CallSite&, const std::vector<Value>& args, EvalContext&) {
    if (any_null(args)) return Value(Null{});
    std::string s = str_arg(args, 0);
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return Value(s);
}

Value eval_split(const CallSite&, const std::vector<Value>& args, EvalContext&) {
    if (any_null(args)) return Value(List{});
    const std::string& s = str_arg(args, 0);
    const std::string& sep = str_arg(args, 1);
    List out;
    if (s.empty()) return Value(out);
    if (sep.empty()) return Value(List{Value(s)});
    std::size_t start = 0;
    while (true) {
        std::size_t at = s.find(sep, start);
        out.push_back(Value(s.substr(start, at == std::string::npos ? std::string::npos : at - start)));
        if (at == std::string::npos) break;
        start = at + sep.size();
    }
    return Value(out);
}

Value eval_count_containing(const CallSite&, const std::vector<Value>& args, EvalContext&) {
    if (any_null(args)) return Value(std::int64_t{0});
    std::int64_t n = 0;
    for (const auto& item : *args[0].get<List>())
        if (const auto* s = item.get<std::string>(); s && s->find(str_arg(args, 1)) != std::string::npos) ++n;
    return Value(n);
}

Value eval_len(const CallSite&, const std::vector<Value>& args, EvalContext&) {
    if (args[0].is_null()) return Value(std::int64_t{0});
    if (const auto* l = args[0].get<List>()) return Value(static_cast<std::int64_t>(l->size()));
    return Value(static_cast<std::int64_t>(str_arg(args, 0).size()));
}

Value eval_to_int(const CallSite&, const std::vector<Value>& args, EvalContext&) {
    if (args[0].is_null()) return Value(Null{});
    const std::string& s = str_arg(args, 0);
    if (s.empty() || s.size() > 18) return Value(Null{});
    std::size_t i = s[0] == '-' ? 1 : 0;
    if (i == s.size() || !std::all_of(s.begin() + static_cast<long>(i), s.end(), [](unsigned char c) { return std::isdigit(c); }))
        return Value(Null{});
    return Value(static_cast<std::int64_t>(std::stoll(s)));
}

Value eval_known(const CallSite&, const std::vector<Value>& args, EvalContext&) { return Value(!args[0].is_unknown()); }

Value eval_min(const CallSite&, const std::vector<Value>& args, EvalContext&) {
    if (any_null(args)) return Value(Null{});
    return Value(std::min(*args[0].get<std::int64_t>(), *args[1].get<std::int64_t>()));
}
Value eval_max(const CallSite&, const std::vector<Value>& args, EvalContext&) {
    if (any_null(args)) return Value(Null{});
    return Value(std::max(*args[0].get<std::int64_t>(), *args[1].get<std::int64_t>()));
}

Value eval_given(const CallSite& call, const std::vector<Value>&, EvalContext& ctx) {
    return Value(ctx.given(call.argument_name));
}

Value eval_base_version(const CallSite&, const std::vector<Value>& args, EvalContext&) {
    if (args[0].is_null()) return Value(Null{});
    const auto& v = *args[0].get<version::Version>();
    if (const auto* p = std::get_if<version::Pep440>(&v.parsed())) return Value(p->base_version());
    const auto& c = std::get<version::Cann>(v.parsed());
    return Value(std::to_string(c.major) + "." + std::to_string(c.minor) + "." + (c.is_rc ? "RC" : "") + std::to_string(c.third));
}

Value eval_normalized(const CallSite&, const std::vector<Value>& args, EvalContext&) {
    if (args[0].is_null()) return Value(Null{});
    return Value(args[0].get<version::Version>()->normalized());
}

Value eval_release(const CallSite&, const std::vector<Value>& args, EvalContext&) {
    if (args[0].is_null() || args[1].is_null()) return Value(Null{});
    const auto& v = *args[0].get<version::Version>();
    std::int64_t n = *args[1].get<std::int64_t>();
    std::vector<std::string> parts;
    if (const auto* p = std::get_if<version::Pep440>(&v.parsed())) parts = p->release;
    else {
        const auto& c = std::get<version::Cann>(v.parsed());
        parts = {std::to_string(c.major), std::to_string(c.minor), (c.is_rc ? "RC" : "") + std::to_string(c.third)};
    }
    std::string out;
    for (std::int64_t i = 0; i < n; ++i)
        out += (i ? "." : "") +
               (i < static_cast<std::int64_t>(parts.size()) ? parts[static_cast<std::size_t>(i)] : std::string("0"));
    return Value(out);
}

// Read as std::stod reads it (the allocator parsers of torch and torch_npu call it): the
// number at the start of the text after blanks, whatever follows it.
Value eval_to_float(const CallSite&, const std::vector<Value>& args, EvalContext&) {
    if (args[0].is_null()) return Value(Null{});
    const std::string& s = str_arg(args, 0);
    const char* begin = s.c_str();
    char* end = nullptr;
    errno = 0;
    double d = std::strtod(begin, &end);
    if (end == begin || errno == ERANGE) return Value(Null{});
    return Value(d);
}

Value eval_in_range(const CallSite&, const std::vector<Value>& args, EvalContext&) {
    if (args[0].is_null() || args[1].is_null()) return Value(false);
    const auto& v = *args[0].get<version::Version>();
    auto range = version::VersionRange::parse(v.scheme(), str_arg(args, 1));
    if (!range)
        return Value::unknown_because("'" + str_arg(args, 1) + "' is not a valid " + std::string(to_string(v.scheme())) +
                                      " range");
    return Value(range->contains(v, version::Membership::installed).value_or(false));
}

Value eval_alloc_conf_keys(const CallSite&, const std::vector<Value>& args, EvalContext&) {
    List out;
    if (args[0].is_null()) return Value(out);
    auto list = util::KvList::parse(str_arg(args, 0));
    if (!list) return Value(out);
    for (const auto& e : list->entries()) out.push_back(Value(e.key));
    return Value(out);
}

Value eval_unknown_items(const CallSite&, const std::vector<Value>& args, EvalContext&) {
    List out;
    if (args[0].is_null()) return Value(out);
    const List* known = args[1].get<List>();
    for (const auto& item : *args[0].get<List>())
        if (!known || std::find(known->begin(), known->end(), item) == known->end()) out.push_back(item);
    return Value(out);
}

Value eval_div(const CallSite&, const std::vector<Value>& args, EvalContext&) {
    if (any_null(args)) return Value(Null{});
    std::int64_t a = *args[0].get<std::int64_t>(), b = *args[1].get<std::int64_t>();
    if (b == 0) return Value::unknown_because("division by zero");
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;  // floor, as Python's //
    return Value(q);
}

Value eval_lookup(const CallSite&, const std::vector<Value>& args, EvalContext& ctx) {
    if (args[2].is_null()) return Value(Null{});
    return ctx.lookup(str_arg(args, 0), str_arg(args, 1), args[2], str_arg(args, 3));
}

// ---- table rows a pack must have, and public versions ----------------------------

// Like lookup(), but a key with no row is unknown, not null: the pack's table does not
// know that key (a release newer than its data), so rules over it stay undetermined.
Value eval_lookup_required(const CallSite&, const std::vector<Value>& args, EvalContext& ctx) {
    if (args[2].is_null()) return Value(Null{});
    const std::string& table = str_arg(args, 0);
    const std::string& key_column = str_arg(args, 1);
    Value cell = ctx.lookup(table, key_column, args[2], str_arg(args, 3));
    if (!cell.is_null()) return cell;
    return Value::unknown_because("table '" + table + "' has no row with " + key_column + " = " + display(args[2]));
}

// The version without its local label: 2.9.0.post1 for 2.9.0.post1+git4c901a4. A
// source build's local label never names a published release, so tables key on this.
Value eval_public_version(const CallSite&, const std::vector<Value>& args, EvalContext&) {
    if (args[0].is_null()) return Value(Null{});
    const auto& v = *args[0].get<version::Version>();
    if (const auto* p = std::get_if<version::Pep440>(&v.parsed())) return Value(p->public_str());
    return Value(v.normalized());
}

}  // namespace

const std::vector<FunctionDef>& all_functions() {
    static const std::vector<FunctionDef> table = {
        {.name = "alloc_conf",
         .signature = "alloc_conf(conf: string, key: string) -> string",
         .doc = "The value of `key` in a `key:value,key:value` allocator config; null when absent or unset.",
         .min_args = 2,
         .max_args = 2,
         .check = check_string_fn,
         .eval = eval_alloc_conf},
        {.name = "alloc_conf_set",
         .signature = "alloc_conf_set(conf: string, key: string, value: string) -> string",
         .doc = "The allocator config with `key` set to `value`, every other entry kept in order.",
         .min_args = 3,
         .max_args = 3,
         .check = check_string_fn,
         .eval = eval_alloc_conf_set},
        {.name = "alloc_conf_keys",
         .signature = "alloc_conf_keys(conf: string) -> list<string>",
         .doc = "The keys of an allocator config, in order (empty when unset or malformed).",
         .min_args = 1,
         .max_args = 1,
         .check = check_alloc_conf_keys,
         .eval = eval_alloc_conf_keys},
        {.name = "alloc_conf_valid",
         .signature = "alloc_conf_valid(conf: string) -> bool",
         .doc = "Whether the allocator config parses as `key:value` entries (an unset config is valid).",
         .min_args = 1,
         .max_args = 1,
         .check = check_string_pred,
         .eval = eval_alloc_conf_valid},
        {.name = "base_version",
         .signature = "base_version(v: version) -> string",
         .doc = "The release part of a version as text: 2.7.1 for 2.7.1.post2+cpu, 8.5.RC1 for a CANN 8.5.RC1.alpha001.",
         .min_args = 1,
         .max_args = 1,
         .check = check_version_to_string,
         .eval = eval_base_version},
        {.name = "cann_version",
         .signature = "cann_version(text: string literal) -> version",
         .doc = "A CANN-scheme version constant.",
         .min_args = 1,
         .max_args = 1,
         .check = check_version_literal<version::Scheme::cann>,
         .eval = eval_version_literal},
        {.name = "contains",
         .signature = "contains(haystack: string | list, needle) -> bool",
         .doc = "Substring or list membership.",
         .min_args = 2,
         .max_args = 2,
         .check = check_contains,
         .eval = eval_contains},
        {.name = "count_containing",
         .signature = "count_containing(items: list<string>, needle: string) -> int",
         .doc = "How many items contain `needle`.",
         .min_args = 2,
         .max_args = 2,
         .check = check_count_containing,
         .eval = eval_count_containing},
        {.name = "div",
         .signature = "div(a: int, b: int) -> int",
         .doc = "Integer division rounding down, as Python's //.",
         .min_args = 2,
         .max_args = 2,
         .check = check_minmax,
         .eval = eval_div},
        {.name = "env",
         .signature = "env(name: string literal) -> string",
         .doc = "The launch environment's value of a variable: [env] of the job, else the probed environment; null when unset.",
         .min_args = 1,
         .max_args = 1,
         .reads = FactRef::Kind::env,
         .check = returns<TypeKind::string>,
         .eval = eval_env},
        {.name = "given",
         .signature = "given(fact) -> bool",
         .doc = "Whether the job (or a fix) sets the fact, rather than leaving its default.",
         .min_args = 1,
         .max_args = 1,
         .check = check_given,
         .eval = eval_given,
         .sees_unknown = true},
        {.name = "in_range",
         .signature = "in_range(v: version, range: string) -> bool",
         .doc = "Whether the installed version `v` lies in a range known only at run time (a table cell), as satisfies().",
         .min_args = 2,
         .max_args = 2,
         .check = check_in_range,
         .eval = eval_in_range},
        {.name = "installed",
         .signature = "installed(name: string literal) -> bool",
         .doc = "Whether the package is known to be installed.",
         .min_args = 1,
         .max_args = 1,
         .reads = FactRef::Kind::package,
         .check = returns<TypeKind::boolean>,
         .eval = eval_installed},
        {.name = "known",
         .signature = "known(x) -> bool",
         .doc = "True when `x` could be established; never unknown itself.",
         .min_args = 1,
         .max_args = 1,
         .check = returns<TypeKind::boolean>,
         .eval = eval_known,
         .sees_unknown = true},
        {.name = "len",
         .signature = "len(x: string | list) -> int",
         .doc = "Length of a string or list.",
         .min_args = 1,
         .max_args = 1,
         .check = check_len,
         .eval = eval_len},
        {.name = "lookup",
         .signature = "lookup(table, key_column, key, value_column) -> column type",
         .doc = "The `value_column` cell of the first row of a pack table whose `key_column` equals `key`; null when none does.",
         .min_args = 4,
         .max_args = 4,
         .check = check_lookup,
         .eval = eval_lookup},
        {.name = "lookup_required",
         .signature = "lookup_required(table, key_column, key, value_column) -> column type",
         .doc = "As lookup(), but unknown (not null) when no row matches: the table does not know the key, so a rule over it is "
                "undetermined.",
         .min_args = 4,
         .max_args = 4,
         .check = check_lookup,
         .eval = eval_lookup_required},
        {.name = "lower",
         .signature = "lower(s: string) -> string",
         .doc = "Lower-cased text.",
         .min_args = 1,
         .max_args = 1,
         .check = check_string_fn,
         .eval = eval_lower},
        {.name = "max",
         .signature = "max(a: int, b: int) -> int",
         .doc = "The larger integer.",
         .min_args = 2,
         .max_args = 2,
         .check = check_minmax,
         .eval = eval_max},
        {.name = "min",
         .signature = "min(a: int, b: int) -> int",
         .doc = "The smaller integer.",
         .min_args = 2,
         .max_args = 2,
         .check = check_minmax,
         .eval = eval_min},
        {.name = "normalized",
         .signature = "normalized(v: version) -> string",
         .doc = "The normalized text of a version (PEP 440: 1.0rc1 for 1.0-RC1).",
         .min_args = 1,
         .max_args = 1,
         .check = check_version_to_string,
         .eval = eval_normalized},
        {.name = "pkg",
         .signature = "pkg(name: string literal) -> version",
         .doc = "The version of a distribution (PEP 503 name) or of a reserved layer (cann, python …); null when known absent.",
         .min_args = 1,
         .max_args = 1,
         .reads = FactRef::Kind::package,
         .check = returns<TypeKind::version>,
         .eval = eval_pkg},
        {.name = "public_version",
         .signature = "public_version(v: version) -> string",
         .doc = "The normalized version without its local label: 2.9.0.post1 for 2.9.0.post1+git4c901a4.",
         .min_args = 1,
         .max_args = 1,
         .check = check_version_to_string,
         .eval = eval_public_version},
        {.name = "release",
         .signature = "release(v: version, n: int) -> string",
         .doc = "The first n release numbers as text: release('0.18.0rc1', 2) is 0.18.",
         .min_args = 2,
         .max_args = 2,
         .check = check_version_to_string,
         .eval = eval_release},
        {.name = "revision",
         .signature = "revision(name: string literal) -> string",
         .doc = "The git branch or tag a distribution was installed from ([revisions] of the job, else a source install's "
                "direct_url.json or .git/HEAD); null when the package is known absent, unknown when nobody recorded it.",
         .min_args = 1,
         .max_args = 1,
         .reads = FactRef::Kind::revision,
         .check = returns<TypeKind::string>,
         .eval = eval_revision},
        {.name = "satisfies",
         .signature = "satisfies(v: version, range: string literal) -> bool",
         .doc = "Whether the installed version `v` lies in the range, in its scheme (PEP 440 or CANN); a pre-release or dev "
                "build is judged by the clauses alone.",
         .min_args = 2,
         .max_args = 2,
         .check = check_satisfies,
         .eval = eval_satisfies},
        {.name = "split",
         .signature = "split(s: string, sep: string) -> list<string>",
         .doc = "Pieces of `s` between separators.",
         .min_args = 2,
         .max_args = 2,
         .check = check_split,
         .eval = eval_split},
        {.name = "starts_with",
         .signature = "starts_with(s: string, prefix: string) -> bool",
         .doc = "Prefix test.",
         .min_args = 2,
         .max_args = 2,
         .check = check_string_pred,
         .eval = eval_starts_with},
        {.name = "to_int",
         .signature = "to_int(s: string) -> int",
         .doc = "The integer a string spells; null when it spells none.",
         .min_args = 1,
         .max_args = 1,
         .check = check_to_int,
         .eval = eval_to_int},
        {.name = "to_float",
         .signature = "to_float(s: string) -> float",
         .doc = "The number at the start of a string, as C's strtod reads it (so do torch's allocator parsers); null "
                "when it starts with none.",
         .min_args = 1,
         .max_args = 1,
         .check = check_to_float,
         .eval = eval_to_float},
        {.name = "unknown_items",
         .signature = "unknown_items(items: list<string>, known: list<string>) -> list<string>",
         .doc = "The items not in `known`, in order.",
         .min_args = 2,
         .max_args = 2,
         .check = check_unknown_items,
         .eval = eval_unknown_items},
        {.name = "version",
         .signature = "version(text: string literal) -> version",
         .doc = "A PEP 440 version constant.",
         .min_args = 1,
         .max_args = 1,
         .check = check_version_literal<version::Scheme::pep440>,
         .eval = eval_version_literal},
    };
    return table;
}

namespace {

// Functions native plugins added: a deque keeps their addresses stable.
struct Added {
    std::mutex mutex;
    std::deque<FunctionDef> defs;
};
Added& added() {
    static Added a;
    return a;
}

}  // namespace

const FunctionDef* find_function(std::string_view name) {
    static const auto index = [] {
        std::unordered_map<std::string_view, const FunctionDef*, util::NameHash, std::equal_to<>> m;
        for (const auto& f : all_functions()) m.emplace(f.name, &f);
        return m;
    }();
    auto it = index.find(name);
    if (it != index.end()) return it->second;
    std::lock_guard lock(added().mutex);
    for (const auto& f : added().defs)
        if (name == f.name) return &f;
    return nullptr;
}

bool add_function(const FunctionDef& def) {
    if (find_function(def.name)) return false;
    std::lock_guard lock(added().mutex);
    added().defs.push_back(def);
    return true;
}

std::vector<FunctionDef> added_functions() {
    std::lock_guard lock(added().mutex);
    return {added().defs.begin(), added().defs.end()};
}

std::string unknown_function_message(std::string_view name) {
    std::string message = "unknown function '" + std::string(name) + "'";
    auto underscore = name.find('_');
    if (underscore == std::string_view::npos || underscore == 0) return message;
    // Built-ins such as starts_with share the spelling; name the plugin only when no
    // built-in begins the same way.
    std::string prefix(name.substr(0, underscore + 1));
    for (const auto& f : all_functions())
        if (std::string_view(f.name).starts_with(prefix)) return message;
    return message +
           ": no built-in and no loaded plugin provides it; a plugin's functions start with its name, so it "
           "would come from the plugin '" +
           prefix.substr(0, underscore) +
           "' (load it with --plugin-dir DIR or PREFLIGHT_PLUGIN_PATH; `preflight plugins list` shows what is loaded)";
}

}  // namespace preflight::lang
