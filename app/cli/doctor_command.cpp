// `cryptauditor doctor`: what on this machine makes timings vary, each with its fix (docs/REPORTS.md,
// "The machine check"), and the loaded libraries whose build leaves the CPU's crypto extensions unused.
// The writers (table and JSON) are plugins/doctor_report.hpp's.
#include <cxxopts.hpp>
#include <filesystem>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/locations.hpp"
#include "host/environment.hpp"
#include "host/machine_check.hpp"
#include "plugins/doctor_report.hpp"

namespace ca {

int doctor_main(int argc, char** argv, std::ostream& out, std::ostream& err) {
  cxxopts::Options o(
      "cryptauditor doctor",
      "Checks this machine for what makes timings vary (virtualised host, load above 0.5 per "
      "CPU, frequency governor, turbo, busy SMT siblings, no pinning) and says how to fix each; "
      "then names the loaded libraries built without the CPU's crypto extensions. Every report "
      "carries the same warnings in its header. A check whose files are absent says unknown.");
  o.custom_help(format_usage("doctor") + " [options]");
  o.add_options()("format", format_choices("doctor") + " (text is table)",
                  cxxopts::value<std::string>()->default_value(command_formats("doctor").front()))(
      "root",
      "read /proc and /sys under DIR instead of / (a copy of another machine's files, or a test's fake "
      "tree)",
      cxxopts::value<std::string>())("no-backends", "check the machine only, load no plugin")(
      "h,help", "print this help");
  add_plugin_options(o);
  auto args = o.parse(argc, argv);
  if (!args.unmatched().empty())
    throw UsageError("unexpected argument '" + args.unmatched().front() + "' for doctor (see doctor --help)");
  if (args.count("help")) {
    out << o.help() << '\n';
    return kExitOk;
  }
  const std::string format = checked_format("doctor", args["format"].as<std::string>());
  SystemFiles files;
  if (args.count("root")) {
    files.root = args["root"].as<std::string>();
    std::error_code ec;
    if (!std::filesystem::is_directory(files.root, ec))
      throw UsageError("--root '" + files.root +
                       "' is not a directory (expected a folder holding proc/ and sys/)");
  }

  DoctorReport report;
  report.checks = check_machine(files);
  if (!args.count("no-backends")) {
    const PluginScan scan = load_backends(plugin_request(args), err);
    const std::vector<std::string> features = read_cpu_features();
    for (const auto& b : scan.backends)
      if (std::string gap = acceleration_gap(b->name(), b->library(), b->acceleration(), features);
          !gap.empty())
        report.acceleration_gaps.push_back(gap);
  }
  format == "json" ? write_doctor_json(report, out) : write_doctor_table(report, out);
  return kExitOk;
}

}  // namespace ca
