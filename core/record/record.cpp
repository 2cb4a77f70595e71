#include "record/record.hpp"

#include <utility>

#include "catalog/catalog.hpp"

namespace ca {

std::string_view status_name(Status s) {
  switch (s) {
    case Status::Ok:
      return "ok";
    case Status::Unsupported:
      return "unsupported";
    case Status::Failed:
      return "failed";
    case Status::Disputed:
      return "disputed";
  }
  return "";
}

double Record::throughput_mib_s() const {
  if (!ok() || !(summary.median > 0) || data_bytes == 0) return 0;
  return static_cast<double>(data_bytes) / (summary.median * 1e-9) / (1024.0 * 1024.0);
}

double Record::ops_per_s() const { return ok() && summary.median > 0 ? 1e9 / summary.median : 0; }

double Record::parallel_throughput_mib_s() const {
  if (!has_parallel() || data_bytes == 0) return 0;
  return static_cast<double>(data_bytes) * parallel_ops_per_s() / (1024.0 * 1024.0);
}

double Record::scaling_efficiency() const {
  if (!has_parallel() || !(parallel_one_summary.median > 0)) return 0;
  const double one_thread_ops_per_s = 1e9 / parallel_one_summary.median;
  return parallel_ops_per_s() / (static_cast<double>(parallel.threads) * one_thread_ops_per_s);
}

std::vector<std::string> operations_for(int family) {
  switch (static_cast<Family>(family)) {
    case Family::Cipher:
      return {"encrypt", "decrypt"};
    case Family::Hash:
      return {"hash"};
    case Family::Signature:
      return {"sign", "verify"};
    case Family::Mac:
      return {"mac"};
    case Family::Kdf:
      return {"derive"};
    case Family::KeyAgreement:
      return {"agree"};
  }
  return {};
}

std::vector<std::string> all_operations_for(int family) {
  std::vector<std::string> ops = operations_for(family);
  const auto f = static_cast<Family>(family);
  if (f == Family::Signature || f == Family::KeyAgreement) ops.push_back("keygen");
  // The stream form of encryption (plugin_abi.h CA_OP_ENCRYPT_STREAM, `--cipher-mode stream`), what
  // `openssl speed -evp` times; per-message encryption is the default because applications do that.
  if (f == Family::Cipher) ops.push_back("encrypt-stream");
  return ops;
}

void summarize_record(Record& r) {
  r.summary = stats::summarize_processes(r.measurement.sample_ns, r.process_samples,
                                         r.measurement.repetition_samples);
}

bool is_data_operation(std::string_view op) {
  return op == "encrypt" || op == "decrypt" || op == "encrypt-stream" || op == "hash" || op == "mac";
}

bool size_independent(std::string_view operation) { return operation == "agree" || operation == "keygen"; }

}  // namespace ca
