// Correct where it is measured (issue #13): before a comparison is timed, every backend of it computes the
// comparison's forward operation (encrypt for decrypt, sign for verify, else the operation itself) under the
// job's one shared key on the same nonce and messages: one of the measured size and, where the algorithm
// takes it, one a byte shorter. Deterministic outputs must be equal byte for byte; randomised ones (ECDSA,
// RSA-PSS, RSA encryption) and every output of a comparison that times the inverse (decrypt, verify) must
// also verify or decrypt in each other backend. A backend that disagrees with a majority of the others is
// failed, naming the size and what differs; when no majority agrees, the backends that disagree are
// disputed. Neither is timed or ranked. This file holds the inputs and the decision; exec/job_pipeline.cpp
// asks the lanes.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "plugin/call.hpp"
#include "record/record.hpp"
#include "util/bytes.hpp"

namespace ca {

/// What every backend is given: one message of the measured size and one nonce, made from a seed, and the
/// lengths it is checked at (the measured size first, then one byte less where the algorithm takes it): the
/// shorter message is the longer one's prefix, so the inputs are held once (issue #26).
struct AgreementInputs {
  Bytes message;
  std::vector<size_t> lengths;
  Bytes nonce;

  /// Message k: the first lengths[k] bytes of `message`.
  ByteView at(size_t k) const { return ByteView(message.data(), lengths.at(k)); }
};
/// `params` is the job's: its "nonce=N" sets the nonce's length.
AgreementInputs agreement_inputs(const AlgorithmInfo& a, uint32_t bits, size_t size, uint64_t seed,
                                 const std::string& params = {});

/// The CA_OP_* whose outputs are compared for a comparison timing `op`; -1 when `op` is not checked this
/// way (encrypt-stream: the self-test's stream check; agree and keygen: no shared input).
int agreement_forward(int op);

/// Whether outputs are also checked by the other backends' inverse operation (verify, decrypt): for a
/// randomised algorithm, and whenever the comparison times the inverse.
bool agreement_needs_inverse(const AlgorithmInfo& a, int op);

/// One backend's verdict.
struct AgreementVerdict {
  Status status = Status::Ok;  // Ok, Failed, Disputed (or Unsupported: the backend does not take the inputs)
  std::string error;           // why
};

/// The decision, pure: `consistent(i, j)` says whether backends i and j agree (symmetric). The largest set of
/// backends that all agree with each other is found; if it holds more than half of them, every backend
/// outside it is failed. Otherwise every backend that disagrees with any other is disputed. `why(i, j)`
/// words what i does that j does not accept; `names` are used in the messages.
std::vector<AgreementVerdict> decide_agreement(const std::vector<std::string>& names,
                                               const std::function<bool(size_t, size_t)>& consistent,
                                               const std::function<std::string(size_t, size_t)>& why);

/// "the 16384-byte message" and "from byte 12 on": the words of a disagreement.
std::string first_difference(const Bytes& a, const Bytes& b);

}  // namespace ca
