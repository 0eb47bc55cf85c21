#include "rules/rule_set_image.hpp"

#include <stdexcept>

#include "rules/image_codec.hpp"
#include "util/digest.hpp"
#include "util/lasting_heap.hpp"

namespace preflight::rules::image {

template <>
struct EnumLast<Severity> {
    static constexpr auto value = Severity::error;
};
template <>
struct EnumLast<lang::TypeKind> {
    static constexpr auto value = lang::TypeKind::list;
};
template <>
struct EnumLast<version::Scheme> {
    static constexpr auto value = version::Scheme::cann;
};
template <>
struct EnumLast<FactRef::Kind> {
    static constexpr auto value = FactRef::Kind::revision;
};
template <>
struct EnumLast<Fix::Target> {
    static constexpr auto value = Fix::Target::config;
};

}  // namespace preflight::rules::image

namespace preflight::rules {
namespace {

// Bumped whenever RuleSet (or a type it holds) changes shape; cached images are also
// keyed by the executable's build ID (rule_set_cache.cpp).
constexpr std::string_view kSetMagic = "preflight-rule-set-image";
// 2: the right operand of && and || in a part of its own; 3: a rule's text; 4: an
// expression's text and reads, and what the whole set reads; 5: a node's fields only
// where it holds them, operators and built-in functions by number; 6: tables by column,
// no node offsets, a default's text apart; 7: expressions as programs, read in place.
constexpr int kSetFormat = 7;

using image::Is;

// The compiled set's fields: the checker's results included, so nothing is checked
// again when the image loads. Indexes are not stored: they are rebuilt from the lists.
struct SetLayout {
    using W = image::Writer<SetLayout>;
    using R = image::Reader<SetLayout>;

    template <class A, Is<lang::Type> S>
    static void fields(A& a, S& s) {
        a.all(s.kind, s.elem);
    }
    template <class A, Is<FactRef> S>
    static void fields(A& a, S& s) {
        a.all(s.kind, s.name);
    }
    // An expression's program (lang/program.hpp) as it is, evaluated where it lies in
    // the image, and its text and reads in a part of their own, read when it is
    // described: a check evaluates every rule's condition but describes only the rules
    // that fire or are undetermined.
    static void fields(W& w, const lang::Expression& e) {
        w.span(e.program.bytes());
        part(w, [&e](W& description) { description.all(e.source(), e.reads()); });
    }
    static void fields(R& r, lang::Expression& e) {
        std::string_view program = r.span();
        if (!r.ok) return;
        e.program = lang::Program::view(program, r.owner);
        e.description = later<lang::Expression::Description>(
            r, "expression's text", [](R& text, lang::Expression::Description& d) { text.all(d.source, d.reads); });
    }
    template <class A, Is<Fix> S>
    static void fields(A& a, S& s) {
        a.all(s.target, s.key, s.literal, s.expr, s.unset, s.safe);
    }
    template <class A, Is<FixedIn> S>
    static void fields(A& a, S& s) {
        a.all(s.package, s.range);
    }
    template <class A, Is<Fallback> S>
    static void fields(A& a, S& s) {
        a.all(s.kernel, s.implementation, s.reason);
    }
    template <class A, Is<Limitation> S>
    static void fields(A& a, S& s) {
        a.all(s.feature, s.reason);
    }
    // A rule's text (its summary, message, references, where it is defined …) goes in
    // a part of its own, read for a rule that fires, is undetermined or is shown: a
    // check judges every rule but describes few, and the text was half a rule's bytes.
    template <class A, Is<RuleText> S>
    static void fields(A& a, S& s) {
        a.all(s.summary, s.explain, s.explain_file, s.message, s.about, s.references, s.fallbacks, s.limitations, s.where);
    }
    static void fields(W& w, const Rule& s) {
        judged_by(w, s);
        part(w, [&s](W& text) { text(s.text()); });
    }
    static void fields(R& r, Rule& s) {
        judged_by(r, s);
        s.deferred_text = later<RuleText>(r, "rule's text", [](R& in, RuleText& text) { in(text); });
    }
    // What a rule is judged by, written and read alike.
    template <class A, Is<Rule> S>
    static void judged_by(A& a, S& s) {
        a.all(s.id, s.pack, s.severity, s.when, s.error_when, s.applies, s.fixes, s.fixed_in);
    }
    template <class A, Is<DerivedFact> S>
    static void fields(A& a, S& s) {
        a.all(s.name, s.type, s.expr, s.doc, s.pack);
    }
    // A default's text in a part of its own, read when the default is described.
    template <class A, Is<DefaultText> S>
    static void fields(A& a, S& s) {
        a.all(s.by, s.references, s.pack, s.where);
    }
    static void fields(W& w, const Default& s) {
        w.all(s.target, s.literal, s.expr, s.when, s.applied);
        part(w, [&s](W& text) { text(s.text()); });
    }
    static void fields(R& r, Default& s) {
        r.all(s.target, s.literal, s.expr, s.when, s.applied);
        s.deferred_text = later<DefaultText>(r, "default's text", [](R& in, DefaultText& text) { in(text); });
    }
    template <class A, Is<PackInfo> S>
    static void fields(A& a, S& s) {
        a.all(s.name, s.version, s.engine, s.summary, s.file, s.dir, s.rule_count);
    }
    // A table by columns: each column's cells in a part of their own (what lookup()
    // reads), then every row's locations in one part. Its rows, when read, are made of
    // both.
    struct RowPlaces {
        std::map<std::string, Location> cell_where;
        Location where;
    };
    template <class A, Is<RowPlaces> S>
    static void fields(A& a, S& s) {
        a.all(s.cell_where, s.where);
    }
    static void fields(W& w, const Table& t) {
        w(t.columns);
        for (const auto& [name, type] : t.columns) {
            auto cells = t.cells.find(name);
            if (cells == t.cells.end()) w.ok = false;
            else part(w, [&](W& out) { out(cells->second.get()); });
        }
        part(w, [&t](W& out) {
            out(t.rows.get().size());
            for (const auto& row : t.rows.get()) {
                if (row.cells.size() != t.columns.size()) out.ok = false;  // the compiler checks every row has them
                out(RowPlaces{row.cell_where, row.where});
            }
        });
    }
    static void fields(R& r, Table& t) {
        r(t.columns);
        std::vector<std::pair<std::string, std::string_view>> columns;  // name, the bytes of its cells
        for (const auto& [name, type] : t.columns) {
            std::string_view bytes = r.span();
            columns.emplace_back(name, bytes);
            t.cells[name] =
                read_later<std::vector<Value>>(r, bytes, "table column", [](R& in, std::vector<Value>& out) { in(out); });
        }
        std::string_view places = r.span();
        t.rows = read_later<std::vector<TableRow>>(r, places, "table's rows", [columns](R& in, std::vector<TableRow>& rows) {
            std::size_t n = 0;
            in(n);
            if (n > in.left()) in.ok = false;
            rows.resize(in.ok ? n : 0);
            for (auto& row : rows) {
                RowPlaces p;
                in(p);
                row.cell_where = std::move(p.cell_where);
                row.where = std::move(p.where);
            }
            for (const auto& [name, bytes] : columns) {
                R column(bytes);
                column.owner = in.owner;
                std::vector<Value> cells;
                column(cells);
                if (!column.ok || !column.at_end() || cells.size() != rows.size()) in.ok = false;
                for (std::size_t i = 0; i < cells.size() && i < rows.size(); ++i)
                    rows[i].cells.emplace_hint(rows[i].cells.end(), name, std::move(cells[i]));
            }
        });
    }
    template <class A, Is<RuleSet> S>
    static void fields(A& a, S& s) {
        a.all(s.packs, s.rules, s.derived, s.defaults, s.tables, s.schemes, s.shadowed, s.reads, s.variables_read);
    }
    // What the set reads, each list in a part of its own: a check of a launch that sets
    // variables asks for those read, and nothing else here.
    template <class T>
    static void fields(W& w, const util::Deferred<std::vector<T>>& list) {
        part(w, [&list](W& out) { out(list.get()); });
    }
    template <class T>
    static void fields(R& r, util::Deferred<std::vector<T>>& list) {
        list = later<std::vector<T>>(r, "list of what the set reads", [](R& in, std::vector<T>& out) { in(out); });
    }

    // A message: its text, then its pieces and compiled expressions in a part of their
    // own, read when the message is first rendered (a check renders few).
    static void fields(W& w, const lang::MessageTemplate& m) {
        w(m.source());
        part(w, [&m](W& parts) {
            parts(m.parts().size());
            for (const auto& p : m.parts()) {
                parts(p.index() == 1);
                if (const auto* text = std::get_if<std::string>(&p)) parts(*text);
                else parts(std::get<lang::Expression>(p));
            }
        });
    }
    static void fields(R& r, lang::MessageTemplate& m) {
        using Parts = std::vector<lang::MessageTemplate::Part>;
        std::string source;
        r(source);
        auto parts = later<Parts>(r, "message", [](R& in, Parts& out) {
            std::size_t n = 0;
            in(n);
            for (std::size_t i = 0; i < n && in.ok; ++i) {
                bool expression = false;
                in(expression);
                if (expression) in(std::get<lang::Expression>(out.emplace_back(std::in_place_type<lang::Expression>)));
                else in(std::get<std::string>(out.emplace_back(std::in_place_type<std::string>)));
            }
        });
        m = lang::MessageTemplate(std::move(source), std::move(parts));
    }

    // What `write` writes, as a part of its own: encoded apart (its locations share no
    // text with what surrounds it), so that the reader can leave it for later().
    template <class Write>
    static void part(W& w, Write write) {
        W own;
        write(own);
        w.ok = w.ok && own.ok;
        w.span(own.out);
    }
    // A part written by part(), read into a T by `read` when first used.
    template <class T, class Read>
    static util::Deferred<T> later(R& r, const char* what, Read read) {
        std::string_view bytes = r.span();
        return read_later<T>(r, bytes, what, std::move(read));
    }
    // The same for a part's `bytes` the caller has taken from `r` already.
    template <class T, class Read>
    static util::Deferred<T> read_later(R& r, std::string_view bytes, const char* what, Read read) {
        if (!r.ok || !r.owner) {
            r.ok = false;
            return {};
        }
        return util::Deferred<T>([owner = r.owner, bytes, what, read] {
            util::LastingScope lasting;  // read once, kept as long as the set
            R in(bytes);
            in.owner = owner;
            T value{};
            read(in, value);
            // The whole image's hash was checked when it loaded: this is a bug, not damage.
            if (!in.ok || !in.at_end()) throw std::runtime_error(std::string("a rule-set image's ") + what + " does not decode");
            return value;
        });
    }

    // Ranges travel as their scheme and text, parsed again when read (the same text
    // parses to the same value).
    static void fields(W& w, const version::VersionRange& v) { w.all(v.scheme(), v.text()); }
    static void fields(R& r, version::VersionRange& v) {
        version::Scheme scheme{};
        std::string text;
        r.all(scheme, text);
        auto parsed = version::VersionRange::parse(scheme, text);
        if (!parsed) r.ok = false;
        else v = std::move(*parsed);
    }
};

}  // namespace

// An image ends with the hash of what comes before it: parts read later (table rows)
// are read from bytes known to be the ones written.
constexpr std::size_t kHashSize = 32;

std::optional<std::string> encode_rule_set_image(const RuleSet& set) {
    auto out = image::encode<SetLayout>(kSetMagic, kSetFormat, set);
    if (out) out->append(util::content_hash_hex({*out}));
    return out;
}

namespace {

// `body` (the image without its hash), kept alive by `owner` for the parts read later.
// A set read from an image is kept until the command ends (a check never frees it):
// its objects come from the lasting heap.
std::optional<RuleSet> decode_body(std::string_view body, const std::shared_ptr<const void>& owner) {
    util::LastingScope lasting;
    auto set = image::decode<SetLayout, RuleSet>(kSetMagic, kSetFormat, body, owner);
    if (set) set->index_all();
    return set;
}

}  // namespace

std::optional<RuleSet> decode_rule_set_image(std::string bytes) {
    if (bytes.size() < kHashSize) return std::nullopt;
    std::string_view body = std::string_view(bytes).substr(0, bytes.size() - kHashSize);
    if (util::content_hash_hex({body}) != std::string_view(bytes).substr(body.size())) return std::nullopt;
    auto owner = std::make_shared<const std::string>(std::move(bytes));
    return decode_body(std::string_view(*owner).substr(0, owner->size() - kHashSize), owner);
}

std::optional<RuleSet> decode_static_rule_set_image(std::string_view bytes) {
    if (bytes.size() < kHashSize) return std::nullopt;
    // Owns nothing: the bytes outlive every set made from them.
    std::shared_ptr<const void> forever(std::shared_ptr<const void>(), bytes.data());
    return decode_body(bytes.substr(0, bytes.size() - kHashSize), forever);
}

}  // namespace preflight::rules
