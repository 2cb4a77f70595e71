// `cryptauditor doctor --format json` (docs/REPORTS.md, "The machine check"): the checks and the
// acceleration gaps, through nlohmann_json.
#include <nlohmann/json.hpp>

#include "doctor_report.hpp"

namespace ca {

void write_doctor_json(const DoctorReport& report, std::ostream& out) {
  nlohmann::json doc = {{"machine_checks", nlohmann::json::array()},
                        {"acceleration_gaps", report.acceleration_gaps}};
  for (const MachineCheck& c : report.checks)
    doc["machine_checks"].push_back({{"check", c.name},
                                     {"status", status_name(c.status)},
                                     {"finding", c.finding},
                                     {"fix", c.fix},
                                     {"short_fix", c.short_fix}});
  out << doc.dump(2) << '\n';
}

}  // namespace ca
