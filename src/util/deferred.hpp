// A value made on first use, once, whichever thread asks first: for what a command
// may never need (a rule-set image's table rows and expression trees:
// rules/rule_set_image.cpp). One that is given its value directly, or never given
// anything, allocates nothing until then. A copy holds its own value, made from the
// original's.
#pragma once

#include <memory>
#include <mutex>
#include <type_traits>
#include <utility>

namespace preflight::util {

template <class T>
class Deferred {
public:
    Deferred() = default;
    // `make` is called once, on first use; it lives in the same allocation as the value.
    template <class F>
    requires std::is_invocable_r_v<T, F&>
    explicit Deferred(F make) : state_(std::make_shared<Maker<F>>(std::move(make))) {}
    Deferred(const Deferred& other) requires std::is_copy_constructible_v<T> {
        if (other.state_) get() = other.get();
    }
    Deferred& operator=(const Deferred& other) requires std::is_copy_constructible_v<T> {
        if (this != &other) *this = Deferred(other);
        return *this;
    }
    Deferred(Deferred&&) noexcept = default;
    Deferred& operator=(Deferred&&) noexcept = default;

    // The value; T's default where nothing was ever given.
    const T& get() const {
        if (!state_) return empty();
        std::call_once(state_->once, [s = state_.get()] {
            if (s->pending) s->value = s->make();
            s->pending = false;
        });
        return state_->value;
    }
    T& get() {
        if (!state_) state_ = std::make_shared<State>();
        return const_cast<T&>(std::as_const(*this).get());
    }

private:
    struct State {
        std::once_flag once;
        bool pending = false;
        T value{};
        virtual ~State() = default;
        virtual T make() { return T{}; }
    };
    template <class F>
    struct Maker final : State {
        F f;
        explicit Maker(F fn) : f(std::move(fn)) { this->pending = true; }
        T make() override { return f(); }
    };
    std::shared_ptr<State> state_;

    static const T& empty() {
        static const T none{};
        return none;
    }
};

}  // namespace preflight::util
