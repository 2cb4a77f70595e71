// What a backend does with one Wycheproof test, per kind of test (mapping.hpp's TestKind). The functions
// only observe; vector_runner.cpp turns an observation and the expected result into a verdict.
#pragma once

#include <optional>
#include <string>

#include "plugin/backend.hpp"
#include "verify/exchange.hpp"
#include "verify/mapping.hpp"
#include "verify/vector_file.hpp"

namespace ca::verify {

struct Observation {
  /// Set when the backend cannot take this test (CA_UNSUPPORTED, with its reason) or the test cannot be
  /// expressed in our catalog's terms (e.g. an OAEP label): the test is skipped.
  std::optional<std::string> skipped;
  /// The backend accepted the input: decrypt or verify returned CA_OK, or the computed tag is the
  /// vector's. An invalid test passes when this is false.
  bool accepted = false;
  /// Every output is the expected one (encrypt gives the vector's ciphertext, decrypt gives its message,
  /// verify accepts). A valid test passes when this is true.
  bool correct = false;
  /// What happened, for a failure line.
  std::string detail;
};

/// One backend running the tests of one group. Public-key groups share one key, imported once.
class GroupRunner {
 public:
  GroupRunner(const Backend& backend, const GroupPlan& plan, const VectorGroup& group)
      : backend_(backend), plan_(plan), group_(group) {}

  /// What a backend's refusal of a group outside the catalog's declared range (GroupPlan::outside_range)
  /// means: the test's sizes were rejected, which is what its invalid vectors ask for.
  static Observation refused(const std::string& why);

  Observation run(const VectorTest& test);

 private:
  Observation cipher(const VectorTest& test);
  Observation mac(const VectorTest& test);
  Observation signature(const VectorTest& test);
  Observation oaep(const VectorTest& test);
  /// A CA_UNSUPPORTED answer: skipped, or in a group outside the declared range, a refusal.
  Observation unsupported(const std::string& why) const;
  Observation agreement(const VectorTest& test);
  Observation derivation(const VectorTest& test);
  /// The group's keyed context (public-key kinds), created on first use.
  const KeyedContext& group_key();
  /// EcdsaP1363 groups: the group's public key in a context that takes P1363 signatures ("p1363=1");
  /// unsupported where the backend's library does not.
  const KeyedContext& p1363_key();

  const Backend& backend_;
  const GroupPlan& plan_;
  const VectorGroup& group_;
  std::optional<KeyedContext> group_key_;
  std::optional<KeyedContext> p1363_key_;
};

}  // namespace ca::verify
