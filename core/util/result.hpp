// Core's one way to report a failure (docs/ARCHITECTURE.md, "Errors"): a function that can fail for a reason
// the user must hear returns Result<T>, either its value or an Error whose message is one line naming the
// value and what is allowed (or what went wrong). Result<void> is for actions that return nothing.
//
//   Result<std::string> read_text(const std::string& path) {
//     if (...) return Error{path + ": cannot be read (it is a folder)"};
//     return text;
//   }
//   auto text = read_text(path);
//   if (!text) return text.error();      // passes the same Error up (any Result<U> takes it)
//   use(*text);
//
// A std::expected stand-in (C++23; g++ 12 has none): no exceptions cross a core function for an expected
// failure. `unsupported` marks the failures that mean "this backend or library does not take this", which
// reports show as `unsupported`, not `failed`.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace ca {

struct Error {
  std::string message;
  bool unsupported = false;
};

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit on purpose
  Result(Error e) : v_(std::in_place_index<1>, std::move(e)) {}      // NOLINT

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & {
    assert(ok());
    return std::get<0>(v_);
  }
  const T& value() const& {
    assert(ok());
    return std::get<0>(v_);
  }
  T&& value() && {
    assert(ok());
    return std::get<0>(std::move(v_));
  }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T&& operator*() && { return std::move(*this).value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const Error& error() const& {
    assert(!ok());
    return std::get<1>(v_);
  }
  Error&& error() && {
    assert(!ok());
    return std::get<1>(std::move(v_));
  }

 private:
  std::variant<T, Error> v_;
};

template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;
  Result(Error e) : error_(std::move(e)), ok_(false) {}  // NOLINT: implicit on purpose

  bool ok() const { return ok_; }
  explicit operator bool() const { return ok_; }
  const Error& error() const& {
    assert(!ok_);
    return error_;
  }
  Error&& error() && {
    assert(!ok_);
    return std::move(error_);
  }

 private:
  Error error_;
  bool ok_ = true;
};

}  // namespace ca
