// The command line: cryptauditor's flags, subcommands, and the one place that turns bad input into a
// one-line error with exit status 2.
#pragma once

#include <ostream>

namespace ca {

int run_command_line(int argc, char** argv, std::ostream& out, std::ostream& err);

}  // namespace ca
