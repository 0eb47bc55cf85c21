// Rule messages that interpolate facts: "megatron-core {pkg('megatron-core')} lacks …".
// `{{` and `}}` stand for literal braces.
#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "lang/compiler.hpp"
#include "lang/schema.hpp"

namespace preflight::lang {

class MessageTemplate {
public:
    // On error, `location.column` is the byte offset into `text`.
    static Result<MessageTemplate> compile(std::string_view text, const Schema& schema);
    std::string render(EvalContext& ctx) const;
    const std::string& source() const { return source_; }

private:
    std::string source_;
    std::vector<std::variant<std::string, Expression>> parts_;
};

}  // namespace preflight::lang
