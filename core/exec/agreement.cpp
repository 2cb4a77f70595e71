#include "exec/agreement.hpp"

#include <algorithm>
#include <bit>
#include <random>

#include "cryptauditor/plugin_abi.h"

namespace ca {

AgreementInputs agreement_inputs(const AlgorithmInfo& a, uint32_t bits, size_t size, uint64_t seed,
                                 const std::string& params) {
  std::mt19937_64 rng(seed);
  // Eight bytes of each draw: a 1 GB message is made in about a second (one byte a draw took eight).
  auto bytes = [&](size_t n) {
    Bytes b(n);
    for (size_t i = 0; i < n; i += 8) {
      const uint64_t r = rng();
      for (size_t j = 0; j < 8 && i + j < n; ++j) b[i + j] = static_cast<uint8_t>(r >> (8 * j));
    }
    return b;
  };
  AgreementInputs in;
  in.nonce = bytes(chosen_nonce_bytes(a, params));
  if (size < a.min_message || size > a.message_limit(bits)) return in;  // the pool refuses it as well
  in.message = bytes(size);
  in.lengths.push_back(size);
  // One odd length next to the measured one: a different tail block, padding or counter position. A KDF's
  // message is its password, whose length costs nothing; one derivation each is enough there.
  if (a.family != Family::Kdf && size >= 2 && size - 1 >= a.min_message) in.lengths.push_back(size - 1);
  return in;
}

int agreement_forward(int op) {
  switch (op) {
    case CA_OP_DECRYPT:
      return CA_OP_ENCRYPT;
    case CA_OP_VERIFY:
      return CA_OP_SIGN;
    case CA_OP_ENCRYPT:
    case CA_OP_HASH:
    case CA_OP_SIGN:
    case CA_OP_MAC:
    case CA_OP_DERIVE:
      return op;
    default:
      return -1;
  }
}

bool agreement_needs_inverse(const AlgorithmInfo& a, int op) {
  return a.randomized || op == CA_OP_DECRYPT || op == CA_OP_VERIFY;
}

std::vector<AgreementVerdict> decide_agreement(const std::vector<std::string>& names,
                                               const std::function<bool(size_t, size_t)>& consistent,
                                               const std::function<std::string(size_t, size_t)>& why) {
  const size_t n = names.size();
  std::vector<AgreementVerdict> out(n);
  std::vector<std::vector<bool>> ok(n, std::vector<bool>(n, true));
  bool all = true;
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j) {
      ok[i][j] = ok[j][i] = consistent(i, j);
      all = all && ok[i][j];
    }
  if (all) return out;

  // The largest set of backends that all agree with each other (exhaustive up to 16 backends; beyond that,
  // drop the one with the most disagreements until the rest agree).
  std::vector<bool> in_best(n, false);
  if (n <= 16) {
    uint32_t best = 0;
    for (uint32_t set = 1; set < (uint32_t{1} << n); ++set) {
      if (std::popcount(set) <= std::popcount(best)) continue;
      bool clique = true;
      for (size_t i = 0; i < n && clique; ++i)
        for (size_t j = i + 1; j < n && clique; ++j)
          if ((set >> i & 1) && (set >> j & 1) && !ok[i][j]) clique = false;
      if (clique) best = set;
    }
    for (size_t i = 0; i < n; ++i) in_best[i] = best >> i & 1;
  } else {
    std::fill(in_best.begin(), in_best.end(), true);
    for (;;) {
      size_t worst = n, worst_count = 0;
      for (size_t i = 0; i < n; ++i) {
        if (!in_best[i]) continue;
        size_t c = 0;
        for (size_t j = 0; j < n; ++j) c += in_best[j] && !ok[i][j];
        if (c > worst_count) worst = i, worst_count = c;
      }
      if (worst == n) break;
      in_best[worst] = false;
    }
  }
  const size_t agreeing = static_cast<size_t>(std::count(in_best.begin(), in_best.end(), true));
  auto list = [&](const std::vector<size_t>& who) {
    std::string s;
    for (size_t k = 0; k < who.size(); ++k)
      s += (k == 0 ? "" : k + 1 == who.size() ? " and " : ", ") + names[who[k]];
    return s;
  };
  if (2 * agreeing > n) {
    std::vector<size_t> majority;
    for (size_t j = 0; j < n; ++j)
      if (in_best[j]) majority.push_back(j);
    for (size_t i = 0; i < n; ++i) {
      if (in_best[i]) continue;
      size_t j = majority.front();
      for (size_t m : majority)
        if (!ok[i][m]) {
          j = m;
          break;
        }
      out[i].status = Status::Failed;
      out[i].error = "disagrees with " + list(majority) + ": " + why(i, j);
    }
    return out;
  }
  for (size_t i = 0; i < n; ++i) {
    std::vector<size_t> against;
    for (size_t j = 0; j < n; ++j)
      if (j != i && !ok[i][j]) against.push_back(j);
    if (against.empty()) continue;
    out[i].status = Status::Disputed;
    out[i].error = "disagrees with " + list(against) + " and no majority of the " + std::to_string(n) +
                   " libraries agrees: " + why(i, against.front());
  }
  return out;
}

std::string first_difference(const Bytes& a, const Bytes& b) {
  size_t at = 0;
  while (at < a.size() && at < b.size() && a[at] == b[at]) ++at;
  if (at == a.size() && at == b.size()) return "equal";
  if (at == a.size() || at == b.size())
    return "one is " + std::to_string(a.size()) + " bytes, the other " + std::to_string(b.size());
  return "from byte " + std::to_string(at) + " on";
}

}  // namespace ca
