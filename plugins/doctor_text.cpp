// `cryptauditor doctor`'s table: a count line, each check on one line (name, status, finding) with its fix
// indented below, then the libraries built without the CPU's crypto extensions.
#include <algorithm>

#include "doctor_report.hpp"

namespace ca {

void write_doctor_table(const DoctorReport& report, std::ostream& out) {
  const std::vector<MachineCheck>& checks = report.checks;
  size_t counts[3] = {0, 0, 0};
  for (const MachineCheck& c : checks) ++counts[static_cast<int>(c.status)];
  out << "Machine check: " << counts[1] << (counts[1] == 1 ? " warning, " : " warnings, ") << counts[2]
      << " unknown, " << counts[0] << " ok\n";
  size_t width = 0;
  for (const MachineCheck& c : checks) width = std::max(width, c.name.size());
  for (const MachineCheck& c : checks) {
    const std::string status = status_name(c.status);
    out << c.name << std::string(width + 2 - c.name.size(), ' ') << status
        << std::string(9 - status.size(), ' ') << c.finding << '\n';
    if (!c.fix.empty()) out << std::string(width + 11, ' ') << "fix: " << c.fix << '\n';
  }
  if (!report.acceleration_gaps.empty()) {
    out << "Libraries built without this CPU's crypto extensions:\n";
    for (const auto& g : report.acceleration_gaps) out << "  " << g << '\n';
  }
}

}  // namespace ca
