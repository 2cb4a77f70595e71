// The reports of `cryptauditor verify`: a text table (verify_table.cpp) or a JSON document (verify_json.cpp,
// nlohmann_json, docs/VERIFY.md), for Wycheproof runs and for interop runs. Formats only; the data is
// core/verify/verify_report.hpp's and nothing here runs a backend.
#pragma once

#include <ostream>

#include "verify/verify_report.hpp"

namespace ca::verify {

void write_vector_table(const VectorReportInput& in, std::ostream& out);
void write_vector_json(const VectorReportInput& in, std::ostream& out);
void write_interop_table(const InteropReportInput& in, std::ostream& out);
void write_interop_json(const InteropReportInput& in, std::ostream& out);

}  // namespace ca::verify
