// A value made on first use, once, whichever thread asks first: for what a command
// may never need (a rule-set image's table rows and expression trees:
// rules/rule_set_image.cpp). One that is given its value directly, or never given
// anything, allocates nothing until then. A copy holds its own value, made from the
// original's.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <type_traits>
#include <utility>

namespace preflight::util {

// Held while any Deferred makes its value. Recursive: making one value may read another
// (a message's parts read their expressions). One lock cannot deadlock with itself, and
// what is made under it is short (a part of a rule-set image read).
std::recursive_mutex& deferred_lock();

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

    // The value; T's default where nothing was ever given. Made under one lock for
    // every Deferred (deferred_lock()), not std::call_once: glibc's pthread_once makes
    // a futex call each time it runs an initializer, which was hundreds of system calls
    // a check; and not a mutex each, which was 40 of a state's bytes, thousands of times.
    const T& get() const {
        if (!state_) return empty();
        State& s = *state_;
        if (!s.done.load(std::memory_order_acquire)) {
            std::lock_guard lock(deferred_lock());
            if (!s.done.load(std::memory_order_relaxed)) {
                if (s.pending) s.value = s.make();
                s.pending = false;
                s.done.store(true, std::memory_order_release);
            }
        }
        return s.value;
    }
    T& get() {
        if (!state_) state_ = std::make_shared<State>();
        return const_cast<T&>(std::as_const(*this).get());
    }

private:
    struct State {
        std::atomic<bool> done{false};
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
