// The CSV report: a header row, then one row per record, fields quoted as RFC 4180 says (a field holding a
// comma, a double quote or a line break is wrapped in double quotes, inner quotes doubled). Numbers are
// written in the shortest decimal form that reads back exactly; a figure that does not apply is empty.
#include <charconv>
#include <cmath>

#include "report.hpp"

namespace ca {
namespace {

constexpr const char* kColumns[] = {"backend",
                                    "algorithm",
                                    "key_bits",
                                    "operation",
                                    "data_bytes",
                                    "status",
                                    "error",
                                    "rounds",
                                    "samples",
                                    "median_ns",
                                    "ci_low_ns",
                                    "ci_high_ns",
                                    "ci_level",
                                    "mad_ns",
                                    "mdape",
                                    "ops_per_s",
                                    "throughput_mib_s",
                                    "throughput_mbit_s",
                                    "threads",
                                    "threads_ops_per_s",
                                    "threads_throughput_mib_s",
                                    "scaling_efficiency"};

std::string field(std::string_view text) {
  // Leading or trailing spaces are quoted too, so that readers which trim unquoted fields keep them.
  const bool quote = text.find_first_of(",\"\r\n") != std::string_view::npos ||
                     (!text.empty() && (text.front() == ' ' || text.back() == ' '));
  if (!quote) return std::string(text);
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + '"';
}

std::string number(double v) {
  if (!std::isfinite(v)) return "";
  char buf[400];  // fixed notation of a double can need over 300 digits
  // Shortest digits that read back to the same double, never in exponent form ("1000000", not "1e+06").
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed);
  return ec == std::errc() ? std::string(buf, end) : "";
}

class CsvReporter : public Reporter {
 public:
  void write(const ReportInput& in, std::ostream& out) const override {
    std::string header;
    for (const char* c : kColumns) header += (header.empty() ? "" : ",") + std::string(c);
    out << header << '\n';
    for (const auto& r : in.records) {
      std::vector<std::string> row{field(r.backend),
                                   field(r.algorithm),
                                   std::to_string(r.key_bits),
                                   field(r.operation),
                                   std::to_string(r.data_bytes),
                                   std::string(status_name(r.status)),
                                   field(r.error),
                                   std::to_string(r.measurement.timed_ops)};
      if (r.ok()) {
        const auto& s = r.summary;
        const bool data_op = is_data_operation(r.operation);
        row.insert(row.end(), {std::to_string(s.n), number(s.median), number(s.ci.low), number(s.ci.high),
                               number(s.ci_level), number(s.mad), number(s.mdape), number(r.ops_per_s()),
                               data_op ? number(r.throughput_mib_s()) : "",
                               data_op ? number(r.throughput_mib_s() * 1048576.0 * 8 / 1e6) : ""});
        // --threads N: the same operation on N threads at once; empty without it.
        if (r.has_parallel())
          row.insert(row.end(),
                     {std::to_string(r.parallel.threads), number(r.parallel_ops_per_s()),
                      data_op ? number(r.parallel_throughput_mib_s()) : "", number(r.scaling_efficiency())});
        row.resize(std::size(kColumns));
      } else {
        row.resize(std::size(kColumns));
      }
      std::string line;
      for (size_t i = 0; i < row.size(); ++i) line += (i ? "," : "") + row[i];
      out << line << '\n';
    }
  }
};

const bool registered = register_reporter("csv", "CSV, one row per measurement (docs/REPORTS.md)",
                                          [] { return std::make_unique<CsvReporter>(); });

}  // namespace
}  // namespace ca
