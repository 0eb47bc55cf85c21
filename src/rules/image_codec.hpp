// The byte form shared by preflight's images (pack images, pack_image.cpp; rule-set
// images, rule_set_image.cpp): one writer and one reader, each walking a struct's
// fields as its image's Layout lists them (`Layout::fields(codec, object)`), so that
// writing and reading cannot drift apart. Counts, lengths, lines and columns are 7-bit
// varints; a location repeating the file or line text of the one before says "same
// again". Not a format for exchange: an image is read only by the build that wrote it.
#pragma once

#include <bit>
#include <concepts>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/value.hpp"
#include "lang/ast.hpp"
#include "lang/parser.hpp"

namespace preflight::rules::image {

// The last valid value of each enum an image holds: the reader refuses a byte past it.
template <class E>
struct EnumLast;
template <>
struct EnumLast<lang::NodeKind> {
    static constexpr auto value = lang::NodeKind::list;
};

// Each Layout describes a struct once, for both directions: `fields(A& a, S& s)` with
// S constrained by Is<S, T>, which a const T (writing) and a T (reading) both meet.
template <class S, class T>
concept Is = std::same_as<std::remove_const_t<S>, T>;

enum class ValueTag : unsigned char { null, boolean, integer, floating, string, list };

template <class Layout>
class Writer {
public:
    std::string out;
    bool ok = true;

    template <class... T>
    void all(const T&... values) {
        ((*this)(values), ...);
    }

    void operator()(bool b) { out.push_back(b ? '\1' : '\0'); }
    void operator()(int v) { word(static_cast<std::uint32_t>(v)); }
    void operator()(std::size_t v) { wide(v); }
    template <class E>
    requires std::is_enum_v<E>
    void operator()(E e) { word(static_cast<std::uint32_t>(e)); }
    void operator()(const lang::NodePtr& n) { (*this)(*n); }
    void operator()(const std::string& s) { span(s); }
    // Bytes the reader takes as they are (span()): a part encoded on its own, for
    // reading later.
    void span(std::string_view s) {
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
    template <class T>
    void operator()(const std::set<T>& s) {
        word(static_cast<std::uint32_t>(s.size()));
        for (const auto& e : s) (*this)(e);
    }
    template <class K, class V, class C>
    void operator()(const std::map<K, V, C>& m) {
        word(static_cast<std::uint32_t>(m.size()));
        for (const auto& [k, v] : m) all(k, v);
    }
    template <class F, class S>
    void operator()(const std::pair<F, S>& p) {
        all(p.first, p.second);
    }
    template <class T>
    requires std::is_class_v<T>
    void operator()(const T& s) { Layout::fields(*this, s); }

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

template <class Layout>
class Reader {
public:
    explicit Reader(std::string_view in) : in_(in) {}
    bool ok = true;
    // What the bytes read are part of, for a Layout that reads part of them later.
    std::shared_ptr<const void> owner;
    bool at_end() const { return pos_ == in_.size(); }
    // Bytes not read yet.
    std::size_t left() const { return in_.size() - pos_; }

    template <class... T>
    void all(T&... values) {
        ((*this)(values), ...);
    }

    // Inline, as word() is: the compiler left these calls, 15,000 of them in a check.
    [[gnu::always_inline]] void operator()(bool& b) {
        unsigned char c = byte();
        if (c > 1) ok = false;
        b = c == 1;
    }
    [[gnu::always_inline]] void operator()(int& v) { v = static_cast<int>(word()); }
    void operator()(std::size_t& v) { v = static_cast<std::size_t>(wide()); }
    template <class E>
    requires std::is_enum_v<E>
    [[gnu::always_inline]] void operator()(E& e) {
        std::uint32_t v = word();
        if (v > static_cast<std::uint32_t>(EnumLast<E>::value)) ok = false;
        e = ok ? static_cast<E>(v) : E{};
    }
    // Trees are no deeper than the parser builds them: a damaged image cannot make
    // this recursion, or the checker's and evaluator's after it, run away.
    void operator()(lang::NodePtr& n) {
        if (++depth_ > lang::kMaxHeight) ok = false;
        n = std::make_unique<lang::Node>();
        if (ok) (*this)(*n);
        --depth_;
    }
    void operator()(std::string& s) {
        std::string_view v = span();
        // Most names and operators are empty. The rest go into a string made for them:
        // a read string is new, and constructing costs half of assign's general path.
        if (!v.empty() || !s.empty()) s = std::string(v);
    }
    // The bytes Writer::span wrote, where they lie in the input. Bounds checked here,
    // once (substr would check them again, out of line: 27,000 calls in a check).
    std::string_view span() {
        std::uint32_t n = word();
        if (!ok || n > in_.size() - pos_) {
            ok = false;
            return {};
        }
        std::string_view s(in_.data() + pos_, n);
        pos_ += n;
        return s;
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
    // Each kind made in place (a string from its bytes): made apart and moved in, a
    // literal cost three times as much.
    void operator()(Value& v) {
        switch (static_cast<ValueTag>(byte())) {
            case ValueTag::null:
                if (!v.is_null()) v = Value();
                return;
            case ValueTag::boolean: {
                bool b = false;
                (*this)(b);
                v.data.emplace<bool>(b);
                return;
            }
            case ValueTag::integer: v.data.emplace<std::int64_t>(static_cast<std::int64_t>(wide())); return;
            case ValueTag::floating: v.data.emplace<double>(std::bit_cast<double>(wide())); return;
            case ValueTag::string: v.data.emplace<std::string>(span()); return;
            case ValueTag::list: (*this)(v.data.emplace<List>()); return;
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
    template <class T>
    void operator()(std::set<T>& s) {
        std::uint32_t n = count();
        s.clear();
        for (std::uint32_t i = 0; i < n && ok; ++i) {
            T e{};
            (*this)(e);
            s.emplace_hint(s.end(), std::move(e));
        }
    }
    template <class K, class V, class C>
    void operator()(std::map<K, V, C>& m) {
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
    void operator()(T& s) { Layout::fields(*this, s); }

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
    // Most words are one byte: that case inline (the compiler left it a call, 135,000
    // of them in a check), the rest in long_word().
    [[gnu::always_inline]] std::uint32_t word() {
        if (pos_ < in_.size()) {
            auto b = static_cast<unsigned char>(in_[pos_]);
            if ((b & 0x80U) == 0) {
                ++pos_;
                return b;
            }
        }
        return long_word();
    }
    std::uint32_t long_word() {
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

// A node's operator: written as its place in lang::kOperators, plus one (0 for none),
// read back as that spelling. A number, not the spelling: finding a read spelling among
// the operators was thousands of string comparisons a check.
template <class Layout>
void operator_of(Writer<Layout>& w, const lang::Node& n) {
    w(static_cast<int>(lang::operator_number(n.op)));
}
template <class Layout>
void operator_of(Reader<Layout>& r, lang::Node& n) {
    int number = 0;
    r(number);
    if (number < 0 || static_cast<std::size_t>(number) > std::size(lang::kOperators)) r.ok = false;
    else n.op = number == 0 ? std::string_view() : lang::kOperators[number - 1];
}

// `object` in an image of `Layout`, behind `magic` and `format`.
template <class Layout, class T>
std::optional<std::string> encode(std::string_view magic, int format, const T& object) {
    Writer<Layout> w;
    w.out.append(magic);
    w(format);
    w(object);
    if (!w.ok) return std::nullopt;
    return std::move(w.out);
}

// The object an image holds; nullopt unless the bytes are a complete, well-formed
// image of this magic and format (truncated, another format version, trailing bytes).
// `owner`, when given, holds `image`, for a Layout that keeps parts to read later.
template <class Layout, class T>
std::optional<T> decode(std::string_view magic, int format, std::string_view image,
                        const std::shared_ptr<const void>& owner = nullptr) {
    if (!image.starts_with(magic)) return std::nullopt;
    Reader<Layout> r(image.substr(magic.size()));
    r.owner = owner;
    int found = 0;
    r(found);
    if (!r.ok || found != format) return std::nullopt;
    std::optional<T> object(std::in_place);
    r(*object);
    if (!r.ok || !r.at_end()) return std::nullopt;
    return object;
}

}  // namespace preflight::rules::image
