#include "cli/study.hpp"

#include <unistd.h>

#include <algorithm>
#include <fstream>

#include "cli/common.hpp"
#include "measure/measure.hpp"
#include "run/environment.hpp"

namespace ca {

void check_outputs(const std::vector<OutputSpec>& outputs, const std::string& where) {
  for (const auto& o : outputs) {
    if (!make_reporter(o.format)) {
      std::string allowed;
      for (const auto& [name, _] : reporter_names()) allowed += (allowed.empty() ? "" : ", ") + name;
      throw UsageError(where + " '" + o.format + "' is not valid: expected one of " + allowed);
    }
    if (!o.path.empty()) {
      std::ofstream probe(o.path, std::ios::app);
      if (!probe) throw UsageError(where + " output file '" + o.path + "' cannot be written");
    }
  }
}

int execute_study(const Study& study, std::ostream& out, std::ostream& err) {
  Environment env = read_environment();
  for (const Backend* b : study.plan.backends)
    env.backends.push_back({b->name(), b->library(), b->library_version(), b->acceleration(), b->path()});
  env.clock_overhead_ns = clock_overhead_ns();
  MeasureConfig empty_cfg;
  empty_cfg.budget_s = 0.02;
  env.empty_operation_ns = stats::median(measure_empty_operation(empty_cfg).sample_ns);
  for (const auto& n : study.notes) err << "note: " << n << '\n';

  const bool progress = ::isatty(STDERR_FILENO) == 1;
  auto records = run(study.plan, [&](const Record& r, size_t i, size_t total) {
    if (progress)
      err << "\r[" << i << "/" << total << "] " << r.backend << ' ' << r.algorithm << ' ' << r.operation
          << ' ' << format_size(r.data_bytes) << "\033[K" << std::flush;
  });
  if (progress) err << "\r\033[K" << std::flush;

  int status = kExitOk;
  for (const auto& o : study.outputs) {
    auto reporter = make_reporter(o.format);
    std::ofstream file;
    std::ostream* dest = &out;
    if (!o.path.empty()) {
      file.open(o.path);
      dest = &file;
    }
    if (*dest) reporter->write({records, env, study.settings}, *dest);
    dest->flush();
    if (!*dest) {
      err << "cryptauditor: writing the " << o.format << " report to " << (o.path.empty() ? "stdout" : o.path)
          << " failed\n";
      status = kExitFailure;
    }
  }
  if (std::any_of(records.begin(), records.end(),
                  [](const Record& r) { return r.status == Status::Failed; })) {
    err << "cryptauditor: some measurements failed (see the report)\n";
    status = kExitFailure;
  }
  return status;
}

}  // namespace ca
