#include "partial_text.hpp"

#include <tuple>

#include "library_grid.hpp"
#include "util/units.hpp"

namespace ca {

std::string partial_banner(const ReportInput& in) {
  if (in.partial == nullptr) return "";
  const PartialRun& p = *in.partial;
  const size_t missing = p.not_measured.size();
  return "PARTIAL REPORT: " + p.stopped_by + "; " + std::to_string(p.planned - missing) + " of " +
         std::to_string(p.planned) + " planned records measured, " + std::to_string(missing) +
         " not measured (the run stopped before them: \"not measured\" is not \"not offered\")";
}

bool cell_not_measured(const ReportInput& in, const std::string& backend, const std::string& algorithm,
                       uint32_t key_bits, const std::string& operation, size_t data_bytes) {
  return in.partial != nullptr && in.partial->missing({backend, algorithm, key_bits, operation, data_bytes});
}

std::vector<std::string> not_measured_lines(const ReportInput& in) {
  std::vector<std::string> lines;
  if (in.partial == nullptr) return lines;
  // (algorithm, key, operation, size) -> backends, in plan order.
  std::vector<std::pair<std::tuple<std::string, uint32_t, std::string, size_t>, std::string>> rows;
  for (const auto& [backend, algorithm, key_bits, operation, data_bytes] : in.partial->not_measured) {
    const auto row = std::make_tuple(algorithm, key_bits, operation, data_bytes);
    auto it = rows.begin();
    while (it != rows.end() && it->first != row) ++it;
    if (it == rows.end())
      rows.push_back({row, backend});
    else
      it->second += ", " + backend;
  }
  for (const auto& [row, backends] : rows) {
    const auto& [algorithm, key_bits, operation, data_bytes] = row;
    lines.push_back(algorithm_title(algorithm, key_bits) + " " + operation +
                    (data_bytes > 0 ? ", " + format_size(data_bytes) : "") + ": " + backends);
  }
  return lines;
}

}  // namespace ca
