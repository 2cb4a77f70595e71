// Subcommands. Each parses its own arguments (argv[0] is the program name, the subcommand word removed)
// and may throw UsageError or cxxopts exceptions; run_command_line turns those into one line and exit 2.
#pragma once

#include <ostream>
#include <string>

#include "plugin/backend.hpp"
#include "plugins/leaks_report.hpp"

namespace ca {

/// The default command: cryptauditor's flags (-c, --hash, -s, -k, -d, -r, -u) plus -b, --format, -o.
int bench_main(int argc, char** argv, std::ostream& out, std::ostream& err);
/// `cryptauditor list [--backends | --aliases] [--format table|json]` (docs/REPORTS.md: the JSON schema)
int list_main(int argc, char** argv, std::ostream& out, std::ostream& err);
/// `cryptauditor run CONFIG.json [overrides] [--resume] [--quiet]` (docs/CONFIG.md)
int run_main(int argc, char** argv, std::ostream& out, std::ostream& err);
/// `cryptauditor compare BASE.json NEW.json [--threshold 5%]` (docs/COMPARE.md)
int compare_main(int argc, char** argv, std::ostream& out, std::ostream& err);
/// `cryptauditor verify [--vectors DIR-or-FILE] [-b ...] [--format table|json] [--interop]` (docs/VERIFY.md)
int verify_main(int argc, char** argv, std::ostream& out, std::ostream& err);

/// `cryptauditor report REPORT.json --format FORMAT [-o OUT]`: a saved JSON report in another format
int report_main(int argc, char** argv, std::ostream& out, std::ostream& err);

/// `cryptauditor merge A.json B.json ... [-o FLEET.json]` (docs/FLEET.md)
int merge_main(int argc, char** argv, std::ostream& out, std::ostream& err);

/// `cryptauditor doctor [--format table|json] [--root DIR]`: the machine check (host/machine_check.hpp)
int doctor_main(int argc, char** argv, std::ostream& out, std::ostream& err);

/// `cryptauditor leaks [-c ...] [-s ...] [--mac ...] [--kex ...]`: the timing-leak screen (docs/LEAKS.md)
int leaks_main(int argc, char** argv, std::ostream& out, std::ostream& err);
/// The leak screen of a plan and its report (table, json or html) to `path` (empty: standard output; with a
/// file and another format, the table also goes to standard output). `leaks` and `run` with "leaks" use it.
int run_leak_screen(const leaks::Plan& plan, leaks::ReportContext ctx, const std::string& format,
                    const std::string& path, bool quiet, std::ostream& out, std::ostream& err);
/// The CPU `leaks` pins to unless told: the last one this process may use (empty when unknown).
std::vector<int> default_leak_pin();

/// `cryptauditor select CONFIG.json [--vectors DIR] [--format table|markdown|json|html] [-o FILE]`: speed,
/// Wycheproof and leak evidence as one scorecard per algorithm (docs/SELECT.md)
int select_main(int argc, char** argv, std::ostream& out, std::ostream& err);

}  // namespace ca
