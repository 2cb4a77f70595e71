// The reports of `cryptauditor doctor`: table (doctor_text.cpp) and JSON (doctor_json.cpp; docs/REPORTS.md,
// "The machine check"). app/cli/doctor_command.cpp runs the machine check and finds the loaded libraries'
// acceleration gaps; the writers only print them.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "host/machine_check.hpp"

namespace ca {

struct DoctorReport {
  std::vector<MachineCheck> checks;
  /// One line per loaded library built without the CPU's crypto extensions (host/environment.hpp).
  std::vector<std::string> acceleration_gaps;
};

/// `doctor`: the count line, one line per check with its fix below, then the acceleration gaps.
void write_doctor_table(const DoctorReport& report, std::ostream& out);
/// `doctor --format json`: {"machine_checks": [{check, status, finding, fix, short_fix}],
/// "acceleration_gaps"}.
void write_doctor_json(const DoctorReport& report, std::ostream& out);

}  // namespace ca
