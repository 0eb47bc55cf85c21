// Rule messages that interpolate facts: "megatron-core {pkg('megatron-core')} lacks …".
// `{{` and `}}` stand for literal braces.
#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "lang/compiler.hpp"
#include "lang/schema.hpp"
#include "util/deferred.hpp"

namespace preflight::lang {

class MessageTemplate {
public:
    // Literal text, or an expression whose value is rendered in its place.
    using Part = std::variant<std::string, Expression>;

    MessageTemplate() = default;
    // A template compiled before, its parts made when first rendered (a rule-set image
    // holds them: a check renders the messages of the few rules that fire).
    MessageTemplate(std::string source, util::Deferred<std::vector<Part>> parts)
        : source_(std::move(source)), parts_(std::move(parts)) {}

    // On error, `location.column` is the byte offset into `text`.
    static Result<MessageTemplate> compile(std::string_view text, const Schema& schema);
    std::string render(EvalContext& ctx) const;
    const std::string& source() const { return source_; }
    const std::vector<Part>& parts() const { return parts_.get(); }

private:
    std::string source_;
    util::Deferred<std::vector<Part>> parts_;
};

}  // namespace preflight::lang
