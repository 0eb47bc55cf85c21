#include "lang/message_template.hpp"

#include "lang/evaluator.hpp"

namespace preflight::lang {

Result<MessageTemplate> MessageTemplate::compile(std::string_view text, const Schema& schema) {
    MessageTemplate t;
    t.source_ = std::string(text);
    std::string literal;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if ((c == '{' || c == '}') && i + 1 < text.size() && text[i + 1] == c) {
            literal += c;
            ++i;
            continue;
        }
        if (c == '}') {
            Location l;
            l.column = static_cast<int>(i);
            return fail("unmatched '}' in message (write '}}' for a brace)", l);
        }
        if (c != '{') {
            literal += c;
            continue;
        }
        std::size_t close = text.find('}', i);
        if (close == std::string_view::npos) {
            Location l;
            l.column = static_cast<int>(i);
            return fail("unclosed '{' in message (write '{{' for a brace)", l);
        }
        auto e = lang::compile(text.substr(i + 1, close - i - 1), schema);
        if (!e) {
            Error err = e.error();
            err.location.column += static_cast<int>(i + 1);
            return tl::unexpected(err);
        }
        if (!literal.empty()) t.parts_.get().emplace_back(std::move(literal));
        literal.clear();
        t.parts_.get().emplace_back(std::move(*e));
        i = close;
    }
    if (!literal.empty()) t.parts_.get().emplace_back(std::move(literal));
    return t;
}

namespace {

// A value in a sentence. A package or revision that is absent reads "not installed",
// never "unset" ("ms-swift unset … upgrade to ms-swift >= 4.2.0" tells a user with 4.2.0
// nothing); an unknown one reads "unknown".
std::string shown(const Expression& e, const Value& v) {
    if (v.is_null() && e.reads().size() == 1) {
        auto kind = e.reads().begin()->kind;
        if (kind == FactRef::Kind::package || kind == FactRef::Kind::revision) return "not installed";
    }
    return display(v);
}

}  // namespace

std::string MessageTemplate::render(EvalContext& ctx) const {
    std::string out;
    for (const auto& part : parts()) {
        if (const auto* s = std::get_if<std::string>(&part)) out += *s;
        else out += shown(std::get<Expression>(part), evaluate(std::get<Expression>(part), ctx));
    }
    return out;
}

}  // namespace preflight::lang
