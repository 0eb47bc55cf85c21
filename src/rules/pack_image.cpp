#include "rules/pack_image.hpp"

#include "lang/parser.hpp"
#include "rules/image_codec.hpp"

namespace preflight::rules {
namespace {

// Bumped whenever PackSource (or a type it holds) changes shape: an image of another
// format is not read, only rebuilt. Cached images are also keyed by the executable's
// build ID (pack_cache.cpp), so this guards the embedded images of a build against
// themselves, and costs nothing to keep honest.
constexpr std::string_view kMagic = "preflight-pack-image";
constexpr int kFormat = 4;  // 2: expressions carry their parse trees; 3: varints, shared source lines; 4: operators by number

// The pack image's fields: exactly what the reader produced, each expression with its
// parse tree.
struct PackLayout {
    template <class A, image::Is<SourceText> S>
    static void fields(A& a, S& s) {
        a.all(s.text, s.where, s.content_line, s.content_column);
        tree(a, s);
    }
    // The parser's output only: what the checker fills in depends on every loaded pack,
    // so it is done at load, as for a pack read from its file.
    template <class A, image::Is<lang::Node> S>
    static void fields(A& a, S& s) {
        a.all(s.kind, s.offset, s.literal, s.name);
        image::operator_of(a, s);
        a.all(s.children, s.height);
    }
    template <class A, image::Is<Reference> S>
    static void fields(A& a, S& s) {
        a.all(s.text, s.quote, s.where, s.quote_where, s.inline_table);
    }
    template <class A, image::Is<FixSource> S>
    static void fields(A& a, S& s) {
        a.all(s.target, s.key, s.literal, s.expr, s.unset, s.safe, s.where);
    }
    template <class A, image::Is<FixedInSource> S>
    static void fields(A& a, S& s) {
        a.all(s.package, s.range, s.where);
    }
    template <class A, image::Is<RuleSource> S>
    static void fields(A& a, S& s) {
        a.all(s.id, s.severity, s.summary, s.when, s.error_when, s.applies, s.message, s.explain, s.about, s.references, s.fixes,
              s.fixed_in, s.fallbacks, s.limitations, s.where);
    }
    template <class A, image::Is<DerivedFactSource> S>
    static void fields(A& a, S& s) {
        a.all(s.name, s.type, s.expr, s.doc, s.where);
    }
    template <class A, image::Is<DefaultSource> S>
    static void fields(A& a, S& s) {
        a.all(s.key, s.literal, s.expr, s.when, s.by, s.applied, s.references, s.where);
    }
    template <class A, image::Is<TableRow> S>
    static void fields(A& a, S& s) {
        a.all(s.cells, s.cell_where, s.where);
    }
    template <class A, image::Is<PackSource> S>
    static void fields(A& a, S& s) {
        a.all(s.file, s.dir, s.name, s.version, s.engine, s.engine_where, s.summary, s.checked_through, s.where, s.schemes,
              s.tables, s.facts, s.defaults, s.rules);
    }

    // An expression's tree: the one it came with, else the parser's now. A text that
    // does not parse (a message, or an expression whose error the compile reports)
    // has none.
    static void tree(image::Writer<PackLayout>& w, const SourceText& s) {
        if (const lang::Node* n = s.parsed.get()) {
            w(true);
            w(*n);
            return;
        }
        auto parsed = lang::parse_expression(s.text);
        w(parsed.has_value());
        if (parsed) w(**parsed);
    }
    static void tree(image::Reader<PackLayout>& r, SourceText& s) {
        bool has = false;
        r(has);
        if (!has) return;
        lang::NodePtr root;
        r(root);
        s.parsed = lang::ParsedTree(std::move(root));
    }
};

}  // namespace

std::optional<std::string> encode_pack_image(const PackSource& pack) { return image::encode<PackLayout>(kMagic, kFormat, pack); }

std::optional<PackSource> decode_pack_image(std::string_view bytes) {
    return image::decode<PackLayout, PackSource>(kMagic, kFormat, bytes);
}

}  // namespace preflight::rules
