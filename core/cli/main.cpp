#include <iostream>

#include "cli/cli.hpp"

int main(int argc, char** argv) { return ca::run_command_line(argc, argv, std::cout, std::cerr); }
