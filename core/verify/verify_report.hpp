// Output of `cryptauditor verify`: a text table (verify_table.cpp) or a JSON document (verify_json.cpp,
// nlohmann_json), for Wycheproof runs and for interop runs. Formats only; nothing here runs a backend.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "verify/interop.hpp"
#include "verify/vector_runner.hpp"

namespace ca::verify {

/// The backends a run used, for the report header.
struct BackendInfo {
  std::string name, library, version;
};

struct VectorReportInput {
  std::string vectors;  // the --vectors path as given
  std::vector<BackendInfo> backends;
  const VectorRun& run;
};

struct InteropReportInput {
  std::vector<BackendInfo> backends;
  const InteropRun& run;
};

void write_vector_table(const VectorReportInput& in, std::ostream& out);
void write_vector_json(const VectorReportInput& in, std::ostream& out);
void write_interop_table(const InteropReportInput& in, std::ostream& out);
void write_interop_json(const InteropReportInput& in, std::ostream& out);

/// Version of the JSON documents above (docs/VERIFY.md), independent of the program's version.
inline constexpr int kVerifySchemaVersion = 1;

}  // namespace ca::verify
