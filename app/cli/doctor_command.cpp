// `cryptauditor doctor`: what on this machine makes timings vary, each with its fix (docs/REPORTS.md,
// "The machine check"), and the loaded libraries whose build leaves the CPU's crypto extensions unused.
#include <algorithm>
#include <cxxopts.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/locations.hpp"
#include "host/environment.hpp"
#include "host/machine_check.hpp"

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

  const std::vector<MachineCheck> checks = check_machine(files);
  std::vector<std::string> gaps;
  if (!args.count("no-backends")) {
    const PluginScan scan = load_backends(plugin_request(args), err);
    const std::vector<std::string> features = read_cpu_features();
    for (const auto& b : scan.backends)
      if (std::string gap = acceleration_gap(b->name(), b->library(), b->acceleration(), features);
          !gap.empty())
        gaps.push_back(gap);
  }

  if (format == "json") {
    nlohmann::json doc = {{"machine_checks", nlohmann::json::array()}, {"acceleration_gaps", gaps}};
    for (const MachineCheck& c : checks)
      doc["machine_checks"].push_back({{"check", c.name},
                                       {"status", status_name(c.status)},
                                       {"finding", c.finding},
                                       {"fix", c.fix},
                                       {"short_fix", c.short_fix}});
    out << doc.dump(2) << '\n';
    return kExitOk;
  }
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
  if (!gaps.empty()) {
    out << "Libraries built without this CPU's crypto extensions:\n";
    for (const auto& g : gaps) out << "  " << g << '\n';
  }
  return kExitOk;
}

}  // namespace ca
