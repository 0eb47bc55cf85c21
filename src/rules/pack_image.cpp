#include "rules/pack_image.hpp"

#include <bit>
#include <concepts>
#include <cstdint>
#include <type_traits>

#include "lang/parser.hpp"

namespace preflight::rules {
namespace {

// Bumped whenever PackSource (or a type it holds) changes shape: an image of another
// format is not read, only rebuilt. Cached images are also keyed by the executable's
// build ID (pack_cache.cpp), so this guards the embedded images of a build against
// themselves, and costs nothing to keep honest.
constexpr std::string_view kMagic = "preflight-pack-image";
constexpr std::uint32_t kFormat = 3;  // 2: expressions carry their parse trees; 3: varints, shared source lines

enum class ValueTag : unsigned char { null, boolean, integer, floating, string, list };

// One description of each struct's fields, read by both directions below, so that
// writing and reading cannot drift apart.
template <class S, class T>
concept Is = std::same_as<std::remove_const_t<S>, T>;

template <class A, Is<SourceText> S>
void fields(A& a, S& s) {
    a.all(s.text, s.where, s.content_line, s.content_column);
    a.tree(s);
}
// The parser's output only: what the checker fills in depends on every loaded pack,
// so it is done at load, as for a pack read from its file.
template <class A, Is<lang::Node> S>
void fields(A& a, S& s) {
    a.all(s.kind, s.offset, s.literal, s.name, s.op, s.children, s.height);
}
template <class A, Is<Reference> S>
void fields(A& a, S& s) {
    a.all(s.text, s.quote, s.where, s.quote_where, s.inline_table);
}
template <class A, Is<FixSource> S>
void fields(A& a, S& s) {
    a.all(s.target, s.key, s.literal, s.expr, s.unset, s.safe, s.where);
}
template <class A, Is<FixedInSource> S>
void fields(A& a, S& s) {
    a.all(s.package, s.range, s.where);
}
template <class A, Is<RuleSource> S>
void fields(A& a, S& s) {
    a.all(s.id, s.severity, s.summary, s.when, s.error_when, s.applies, s.message, s.explain, s.about, s.references, s.fixes,
          s.fixed_in, s.fallbacks, s.limitations, s.where);
}
template <class A, Is<DerivedFactSource> S>
void fields(A& a, S& s) {
    a.all(s.name, s.type, s.expr, s.doc, s.where);
}
template <class A, Is<DefaultSource> S>
void fields(A& a, S& s) {
    a.all(s.key, s.literal, s.expr, s.when, s.by, s.applied, s.references, s.where);
}
template <class A, Is<TableRow> S>
void fields(A& a, S& s) {
    a.all(s.cells, s.cell_where, s.where);
}
template <class A, Is<PackSource> S>
void fields(A& a, S& s) {
    a.all(s.file, s.dir, s.name, s.version, s.engine, s.engine_where, s.summary, s.checked_through, s.where, s.schemes, s.tables,
          s.facts, s.defaults, s.rules);
}

class ImageWriter {
public:
    std::string out;
    bool ok = true;

    template <class... T>
    void all(const T&... values) {
        ((*this)(values), ...);
    }

    void operator()(bool b) { out.push_back(b ? '\1' : '\0'); }
    void operator()(int v) { word(static_cast<std::uint32_t>(v)); }
    void operator()(lang::NodeKind k) { out.push_back(static_cast<char>(k)); }
    void operator()(const lang::NodePtr& n) { (*this)(*n); }
    // An expression's tree: the one it came with, else the parser's now. A text that
    // does not parse (a message, or an expression whose error the compile reports)
    // has none.
    void tree(const SourceText& s) {
        if (const lang::Node* n = s.parsed.get()) {
            (*this)(true);
            (*this)(*n);
            return;
        }
        auto parsed = lang::parse_expression(s.text);
        (*this)(parsed.has_value());
        if (parsed) (*this)(**parsed);
    }
    void operator()(const std::string& s) {
        word(static_cast<std::uint32_t>(s.size()));
        out.append(s);
    }
    void operator()(const Location& l) {
        // Every location of a pack names the same file: written once, then "same again".
        (*this)(l.file == last_file_);
        if (l.file != last_file_) {
            (*this)(l.file);
            last_file_ = l.file;
        }
        all(l.line, l.column, l.key);
        // Locations on one line (a table row's cells, a rule's keys written inline)
        // share its text: written once, then "same again".
        (*this)(l.source_line == last_line_);
        if (l.source_line != last_line_) {
            (*this)(l.source_line);
            last_line_ = l.source_line;
        }
        (*this)(l.end_column);
    }
    void operator()(const Value& v) {
        if (v.is_null()) {
            tag(ValueTag::null);
        } else if (const auto* b = v.get<bool>()) {
            tag(ValueTag::boolean);
            (*this)(*b);
        } else if (const auto* i = v.get<std::int64_t>()) {
            tag(ValueTag::integer);
            wide(static_cast<std::uint64_t>(*i));
        } else if (const auto* d = v.get<double>()) {
            tag(ValueTag::floating);
            wide(std::bit_cast<std::uint64_t>(*d));
        } else if (const auto* s = v.get<std::string>()) {
            tag(ValueTag::string);
            (*this)(*s);
        } else if (const auto* l = v.get<List>()) {
            tag(ValueTag::list);
            (*this)(*l);
        } else {
            ok = false;  // Unknown or a parsed version: not something a pack file holds
        }
    }
    template <class T>
    void operator()(const std::optional<T>& o) {
        (*this)(o.has_value());
        if (o) (*this)(*o);
    }
    template <class T>
    void operator()(const std::vector<T>& v) {
        word(static_cast<std::uint32_t>(v.size()));
        for (const auto& e : v) (*this)(e);
    }
    template <class K, class V>
    void operator()(const std::map<K, V>& m) {
        word(static_cast<std::uint32_t>(m.size()));
        for (const auto& [k, v] : m) all(k, v);
    }
    template <class F, class S>
    void operator()(const std::pair<F, S>& p) {
        all(p.first, p.second);
    }
    template <class T>
    requires std::is_class_v<T>
    void operator()(const T& s) { fields(*this, s); }

private:
    std::string last_file_, last_line_;

    void tag(ValueTag t) { out.push_back(static_cast<char>(t)); }
    // Seven bits a byte, low bits first, the top bit saying more follow: most counts,
    // lengths, lines and columns take one or two bytes instead of four.
    void word(std::uint32_t v) {
        while (v >= 0x80U) {
            out.push_back(static_cast<char>((v & 0x7fU) | 0x80U));
            v >>= 7;
        }
        out.push_back(static_cast<char>(v));
    }
    void wide(std::uint64_t v) {
        word(static_cast<std::uint32_t>(v));
        word(static_cast<std::uint32_t>(v >> 32));
    }
};

class ImageReader {
public:
    explicit ImageReader(std::string_view in) : in_(in) {}
    bool ok = true;
    bool at_end() const { return pos_ == in_.size(); }

    template <class... T>
    void all(T&... values) {
        ((*this)(values), ...);
    }

    void operator()(bool& b) {
        unsigned char c = byte();
        if (c > 1) ok = false;
        b = c == 1;
    }
    void operator()(int& v) { v = static_cast<int>(word()); }
    void operator()(lang::NodeKind& k) {
        unsigned char c = byte();
        if (c > static_cast<unsigned char>(lang::NodeKind::list)) ok = false;
        k = static_cast<lang::NodeKind>(c);
    }
    // Trees are no deeper than the parser builds them: a damaged image cannot make
    // this recursion, or the checker's and evaluator's after it, run away.
    void operator()(lang::NodePtr& n) {
        if (++depth_ > lang::kMaxHeight) ok = false;
        n = std::make_unique<lang::Node>();
        if (ok) (*this)(*n);
        --depth_;
    }
    void tree(SourceText& s) {
        bool has = false;
        (*this)(has);
        if (!has) return;
        lang::NodePtr root;
        (*this)(root);
        s.parsed = lang::ParsedTree(std::move(root));
    }
    void operator()(std::string& s) {
        std::uint32_t n = word();
        if (!ok || n > in_.size() - pos_) {
            ok = false;
            return;
        }
        s.assign(in_.substr(pos_, n));
        pos_ += n;
    }
    void operator()(Location& l) {
        bool same = false;
        (*this)(same);
        if (same) {
            l.file = last_file_;
        } else {
            (*this)(l.file);
            last_file_ = l.file;
        }
        all(l.line, l.column, l.key);
        bool same_line = false;
        (*this)(same_line);
        if (same_line) {
            l.source_line = last_line_;
        } else {
            (*this)(l.source_line);
            last_line_ = l.source_line;
        }
        (*this)(l.end_column);
    }
    void operator()(Value& v) {
        switch (static_cast<ValueTag>(byte())) {
            case ValueTag::null: v = Value(); return;
            case ValueTag::boolean: {
                bool b = false;
                (*this)(b);
                v = Value(b);
                return;
            }
            case ValueTag::integer: v = Value(static_cast<std::int64_t>(wide())); return;
            case ValueTag::floating: v = Value(std::bit_cast<double>(wide())); return;
            case ValueTag::string: {
                std::string s;
                (*this)(s);
                v = Value(std::move(s));
                return;
            }
            case ValueTag::list: {
                List l;
                (*this)(l);
                v = Value(std::move(l));
                return;
            }
        }
        ok = false;
    }
    template <class T>
    void operator()(std::optional<T>& o) {
        bool has = false;
        (*this)(has);
        if (!has) {
            o.reset();
            return;
        }
        o.emplace();
        (*this)(*o);
    }
    template <class T>
    void operator()(std::vector<T>& v) {
        std::uint32_t n = count();
        v.clear();
        v.reserve(n);
        for (std::uint32_t i = 0; i < n && ok; ++i) (*this)(v.emplace_back());
    }
    template <class K, class V>
    void operator()(std::map<K, V>& m) {
        std::uint32_t n = count();
        m.clear();
        for (std::uint32_t i = 0; i < n && ok; ++i) {
            K k{};
            V v{};
            all(k, v);
            m.emplace_hint(m.end(), std::move(k), std::move(v));
        }
    }
    template <class F, class S>
    void operator()(std::pair<F, S>& p) {
        all(p.first, p.second);
    }
    template <class T>
    requires std::is_class_v<T>
    void operator()(T& s) { fields(*this, s); }

private:
    std::string_view in_;
    std::size_t pos_ = 0;
    int depth_ = 0;
    std::string last_file_, last_line_;

    unsigned char byte() {
        if (pos_ >= in_.size()) {
            ok = false;
            return 0;
        }
        return static_cast<unsigned char>(in_[pos_++]);
    }
    std::uint32_t word() {
        std::uint32_t v = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            if (pos_ >= in_.size()) break;
            auto b = static_cast<unsigned char>(in_[pos_++]);
            if (shift == 28 && b > 0x0fU) break;  // more than 32 bits
            v |= static_cast<std::uint32_t>(b & 0x7fU) << shift;
            if ((b & 0x80U) == 0) return v;
        }
        ok = false;
        pos_ = in_.size();
        return 0;
    }
    std::uint64_t wide() {
        std::uint64_t low = word();
        return low | (static_cast<std::uint64_t>(word()) << 32);
    }
    // An element count: each element takes at least a byte, so a count past what is
    // left is a damaged image, refused before anything is allocated for it.
    std::uint32_t count() {
        std::uint32_t n = word();
        if (n > in_.size() - pos_) {
            ok = false;
            return 0;
        }
        return n;
    }
};

}  // namespace

std::optional<std::string> encode_pack_image(const PackSource& pack) {
    ImageWriter w;
    w.out.append(kMagic);
    w(static_cast<int>(kFormat));
    w(pack);
    if (!w.ok) return std::nullopt;
    return std::move(w.out);
}

std::optional<PackSource> decode_pack_image(std::string_view image) {
    if (!image.starts_with(kMagic)) return std::nullopt;
    ImageReader r(image.substr(kMagic.size()));
    int format = 0;
    r(format);
    if (!r.ok || format != static_cast<int>(kFormat)) return std::nullopt;
    PackSource pack;
    r(pack);
    if (!r.ok || !r.at_end()) return std::nullopt;
    return pack;
}

}  // namespace preflight::rules
