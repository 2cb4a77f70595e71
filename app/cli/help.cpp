#include "cli/help.hpp"

#include <algorithm>
#include <cxxopts.hpp>
#include <regex>
#include <sstream>
#include <vector>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "host/environment.hpp"
#include "plugins/report.hpp"
#include "record/record.hpp"
#include "settings/selection.hpp"
#include "util/suggest.hpp"

#ifndef CRYPTAUDITOR_VERSION
#define CRYPTAUDITOR_VERSION "0"
#endif

namespace ca {
namespace {

constexpr Subcommand kSubcommands[] = {
    {"list", "[--backends|--aliases] [--format json]",
     "the capability matrix, the backends and their acceleration, the aliases and groups", list_main},
    {"run", "CONFIG.json|NAME [--resume]", "a study described by a JSON file (NAME: a shipped config)",
     run_main},
    {"compare", "BASE.json NEW.json", "significant changes between two reports", compare_main},
    {"report", "REPORT.json --format html", "a saved JSON report in another format", report_main},
    {"merge", "A.json B.json -o FLEET.json", "reports of several machines (--label)", merge_main},
    {"verify", "[--interop]", "test vectors and cross-library interop", verify_main},
    {"leaks", "--mac HMAC-SHA2-256", "timing-leak screen of every backend (docs/LEAKS.md)", leaks_main},
    {"select", "CONFIG.json [--format html]",
     "choose a library: speed, Wycheproof and leaks as one scorecard", select_main},
    {"doctor", "[--format json]", "what on this machine makes timings vary, and how to fix it", doctor_main},
    {"help", "[COMMAND]", "this help, or a command's (cryptauditor help list)", help_main},
};

/// One flag as cxxopts' help shows it.
struct Flag {
  std::string short_name;  // "c" or ""
  std::string long_name;   // without "--"
  bool takes_value = false;
  std::string description;  // its help text, the wrapped lines joined
};

/// The help text of a command (the default command when `sub` is null), as `--help` prints it.
std::string help_of(const Subcommand* sub) {
  std::string program = "cryptauditor", flag = "--help";
  char* argv[] = {program.data(), flag.data(), nullptr};
  std::ostringstream out, err;
  (sub != nullptr ? sub->main : bench_main)(2, argv, out, err);
  return out.str();
}

/// The flags in a cxxopts help text: "  -c, --cipher arg   text" and "      --quiet   text".
std::vector<Flag> flags_of(const std::string& help) {
  // cxxopts starts a flag at column 2 ("  -c, --cipher") or 6 ("      --hash"); a wrapped description line
  // is indented further, so "--ci-target" inside a description is not taken for a flag.
  static const std::regex kLine(
      R"(^(?:  -([A-Za-z0-9]), |      )--([A-Za-z0-9][A-Za-z0-9_-]*)( arg)?(?: +(.*))?$)");
  std::vector<Flag> flags;
  std::istringstream lines(help);
  bool continues = false;  // the line before was a flag's or its description's
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_match(line, m, kLine)) {
      std::string description = m[4].str();
      description.erase(description.find_last_not_of(' ') + 1);
      flags.push_back({m[1].str(), m[2].str(), m[3].matched, description});
      continues = true;
    } else if (continues && line.size() > 10 && line.find_first_not_of(' ') >= 10) {
      // cxxopts wraps a long description onto lines indented to its column.
      std::string& d = flags.back().description;
      const size_t begin = line.find_first_not_of(' '), end = line.find_last_not_of(' ');
      d += (d.empty() ? "" : " ") + line.substr(begin, end + 1 - begin);
    } else {
      continues = false;
    }
  }
  return flags;
}

std::vector<std::string> family_names(Family family) {
  std::vector<std::string> names;
  for (const AlgorithmInfo& a : catalog())
    if (a.family == family) names.emplace_back(a.name);
  for (const Group& g : groups())
    if (g.family == family && std::find(names.begin(), names.end(), g.name) == names.end())
      names.emplace_back(g.name);
  names.emplace_back("ALL");
  return names;
}

/// The values a flag of a subcommand ("" for the default command) takes, for completion; empty: no list (a
/// file, a number, free text).
std::vector<std::string> values_of(const std::string& sub, const std::string& long_name) {
  const SelectionSetting* selection = selection_by_flag(long_name);
  if (selection != nullptr && selection->completion == Completion::Algorithms)
    return family_names(*selection->family);

  if (long_name == "format") {
    if (sub == "list" || sub == "doctor" || sub == "compare" || sub == "verify" || sub == "leaks" ||
        sub == "select")
      return command_formats(sub);
    std::vector<std::string> names;
    for (const auto& [name, description] : reporter_names()) names.push_back(name);
    return names;
  }
  if (const RunSetting* setting = setting_by_flag(long_name)) return setting->choices;
  if (selection != nullptr && selection->completion == Completion::Operations) {
    std::vector<std::string> ops;
    for (Family f :
         {Family::Cipher, Family::Hash, Family::Signature, Family::Mac, Family::Kdf, Family::KeyAgreement})
      for (const auto& op : all_operations_for(static_cast<int>(f)))
        if (std::find(ops.begin(), ops.end(), op) == ops.end()) ops.push_back(op);
    return ops;
  }
  return {};
}

/// How the selection table completes a flag (settings/selection.hpp); Completion::None for another flag.
Completion completion_of(const std::string& long_name) {
  const SelectionSetting* s = selection_by_flag(long_name);
  return s != nullptr ? s->completion : Completion::None;
}

/// Flags whose value is a comma-separated list of names (completed item by item).
bool comma_list(const std::string& long_name) {
  const Completion c = completion_of(long_name);
  return c == Completion::Algorithms || c == Completion::Operations || c == Completion::Backends;
}

bool takes_directory(const std::string& long_name) {
  return long_name == "plugin-dir" || long_name == "output-dir" || long_name == "root";
}

bool takes_file(const std::string& long_name) {
  return completion_of(long_name) == Completion::File || long_name == "output" || long_name == "vectors" ||
         long_name == "plugin" || long_name == "config" || long_name == "journal" ||
         long_name.rfind("export-", 0) == 0;
}

std::string join(const std::vector<std::string>& words, const char* separator = " ") {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : separator) + w;
  return out;
}

/// roff: a leading dot or quote would be a request, a backslash an escape, a '-' a hyphen.
std::string roff(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\')
      out += "\\e";
    else if (c == '-')
      out += "\\-";
    else
      out += c;
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out.insert(0, "\\&");
  return out;
}

/// The text of a zsh _arguments description: no brackets, colons or quotes.
std::string zsh_text(std::string text) {
  for (char& c : text)
    if (c == '[' || c == ']' || c == ':' || c == '\'' || c == '\\' || c == '`' || c == '$') c = ' ';
  if (text.size() > 70) text = text.substr(0, 67) + "...";
  return text;
}

/// A name usable in a shell function: "cipher-mode" -> "cipher_mode".
std::string shell_word(std::string name) {
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

void bash_completion(std::ostream& out) {
  std::vector<std::string> names;
  for (const Subcommand& s : subcommands()) names.emplace_back(s.name);
  out << "# bash completion for cryptauditor, generated by `cryptauditor --print-completion bash` from the\n"
         "# algorithm catalog and the subcommand table. Install as\n"
         "# /usr/share/bash-completion/completions/cryptauditor.\n"
         "_cryptauditor() {\n"
         "  local cur prev sub i\n"
         "  cur=${COMP_WORDS[COMP_CWORD]}\n"
         "  prev=${COMP_WORDS[COMP_CWORD-1]}\n"
         "  sub=\n"
         "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
         "    case ${COMP_WORDS[i]} in\n"
         "      "
      << join(names, "|")
      << ") sub=${COMP_WORDS[i]}; break ;;\n"
         "    esac\n"
         "  done\n"
         "  local flags values=\"\" list=0 kind=\"\"\n"
         "  case $sub in\n";
  auto emit = [&](const std::string& label, const std::string& sub, const std::string& help) {
    const std::vector<Flag> flags = flags_of(help);
    std::vector<std::string> words;
    for (const Flag& f : flags) {
      if (!f.short_name.empty()) words.push_back("-" + f.short_name);
      words.push_back("--" + f.long_name);
    }
    out << "    " << label << ")\n      flags='" << join(words) << "'\n      case $prev in\n";
    for (const Flag& f : flags) {
      if (!f.takes_value) continue;
      const std::string pattern = (f.short_name.empty() ? "" : "-" + f.short_name + "|") + "--" + f.long_name;
      const auto values = values_of(sub, f.long_name);
      out << "        " << pattern << ") ";
      if (!values.empty())
        out << "values='" << join(values) << "'";
      else if (completion_of(f.long_name) == Completion::Backends)
        out << "values=$(\"${COMP_WORDS[0]}\" list --backends --format json 2>/dev/null | "
               "sed -n 's/.*\"name\": *\"\\([^\"]*\\)\".*/\\1/p')";
      else
        out << "kind=" << (takes_directory(f.long_name) ? "dir" : takes_file(f.long_name) ? "file" : "none");
      if (comma_list(f.long_name)) out << "; list=1";
      out << " ;;\n";
    }
    out << "      esac ;;\n";
  };
  for (const Subcommand& s : subcommands()) emit(s.name, s.name, help_of(&s));
  emit("*", "", help_of(nullptr));
  out << "  esac\n"
         "  if [[ -n $values ]]; then\n"
         "    local prefix=\"\"\n"
         "    if ((list)) && [[ $cur == *,* ]]; then prefix=${cur%,*},; cur=${cur##*,}; fi\n"
         "    COMPREPLY=($(compgen -P \"$prefix\" -W \"$values\" -- \"$cur\"))\n"
         "    ((list)) && compopt -o nospace 2>/dev/null\n"
         "    return\n"
         "  fi\n"
         "  case $kind in\n"
         "    dir) COMPREPLY=($(compgen -d -- \"$cur\")); return ;;\n"
         "    file) COMPREPLY=($(compgen -f -- \"$cur\")); compopt -o filenames 2>/dev/null; return ;;\n"
         "    none) COMPREPLY=(); return ;;  # a number or free text\n"
         "  esac\n"
         "  if [[ -z $sub && $cur != -* ]] && ((COMP_CWORD == 1)); then\n"
         "    COMPREPLY=($(compgen -W '"
      << join(names)
      << "' -- \"$cur\"))\n"
         "    return\n"
         "  fi\n"
         "  if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \"$flags\" -- \"$cur\")); return; fi\n"
         "  COMPREPLY=($(compgen -f -- \"$cur\")); compopt -o filenames 2>/dev/null\n"
         "}\n"
         "complete -F _cryptauditor cryptauditor\n";
}

void zsh_arguments(std::ostream& out, const std::string& sub, const std::string& help,
                   const std::string& indent) {
  out << indent << "_arguments -s \\\n";
  for (const Flag& f : flags_of(help)) {
    std::string spec;
    if (!f.short_name.empty())
      spec = "'(-" + f.short_name + " --" + f.long_name + ")'{-" + f.short_name + ",--" + f.long_name + "}'";
    else
      spec = "'--" + f.long_name;
    spec += "[" + zsh_text(f.description) + "]";
    if (f.takes_value) {
      const auto values = values_of(sub, f.long_name);
      spec += ":" + f.long_name + ":";
      if (!values.empty())
        spec += comma_list(f.long_name) ? "_sequence compadd - " + join(values) : "(" + join(values) + ")";
      else if (completion_of(f.long_name) == Completion::Backends)
        spec += "_sequence _cryptauditor_backends";
      else if (takes_directory(f.long_name))
        spec += "_files -/";
      else if (takes_file(f.long_name))
        spec += "_files";
      else
        spec += " ";  // a number or free text: the message only
    }
    out << indent << "  " << spec << "' \\\n";
  }
  out << indent << "  '*:file:_files'\n";
}

void zsh_completion(std::ostream& out) {
  out << "#compdef cryptauditor\n"
         "# zsh completion for cryptauditor, generated by `cryptauditor --print-completion zsh` from the\n"
         "# algorithm catalog and the subcommand table. Install as _cryptauditor in a folder of $fpath\n"
         "# (/usr/share/zsh/vendor-completions on Debian).\n\n"
         "_cryptauditor_backends() {\n"
         "  local -a names\n"
         "  names=(${(f)\"$(${words[1]} list --backends --format json 2>/dev/null | "
         "sed -n 's/.*\"name\": *\"\\([^\"]*\\)\".*/\\1/p')\"})\n"
         "  compadd -a names\n"
         "}\n\n";
  for (const Subcommand& s : subcommands()) {
    out << "_cryptauditor_" << shell_word(s.name) << "() {\n";
    zsh_arguments(out, s.name, help_of(&s), "  ");
    out << "}\n\n";
  }
  out << "_cryptauditor_default() {\n";
  zsh_arguments(out, "", help_of(nullptr), "  ");
  out << "}\n\n"
         "_cryptauditor() {\n"
         "  local -a subcommands\n"
         "  subcommands=(\n";
  for (const Subcommand& s : subcommands()) out << "    '" << s.name << ":" << zsh_text(s.summary) << "'\n";
  out << "  )\n"
         "  if (( CURRENT == 2 )) && [[ ${words[2]} != -* ]]; then\n"
         "    _describe -t subcommands 'cryptauditor subcommand' subcommands\n"
         "    _cryptauditor_default\n"
         "    return\n"
         "  fi\n"
         "  case ${words[2]} in\n";
  for (const Subcommand& s : subcommands())
    out << "    " << s.name << ") shift words; (( CURRENT-- )); _cryptauditor_" << shell_word(s.name)
        << " ;;\n";
  out << "    *) _cryptauditor_default ;;\n"
         "  esac\n"
         "}\n\n"
         "_cryptauditor \"$@\"\n";
}

}  // namespace

std::span<const Subcommand> subcommands() { return kSubcommands; }

std::vector<std::string> long_flag_names(const Subcommand* sub) {
  std::vector<std::string> names;
  for (const Flag& f : flags_of(help_of(sub))) names.push_back(f.long_name);
  return names;
}

std::string unknown_command(const std::string& typed) {
  std::vector<std::string> names;
  for (const Subcommand& s : subcommands()) names.emplace_back(s.name);
  const std::string near = did_you_mean(closest_names(typed, names));
  if (!near.empty())
    return "unknown command '" + typed + "': " + near + " (every command: cryptauditor help)";
  return "unknown command '" + typed + "' (commands: " + join(names, ", ") +
         "; the default command's options: cryptauditor --help)";
}

int help_main(int argc, char** argv, std::ostream& out, std::ostream&) {
  cxxopts::Options o("cryptauditor help", "Prints the help of cryptauditor, or of one of its commands.");
  o.custom_help("[COMMAND]");
  o.add_options()("h,help", "print this help");
  // In a group of its own, so that the help (printed for the "" group only) does not list it as a flag.
  o.add_options("positional")("command", "", cxxopts::value<std::vector<std::string>>());
  o.parse_positional({"command"});
  auto args = o.parse(argc, argv);
  if (args.count("help")) {
    out << o.help({""}) << '\n';
    return kExitOk;
  }
  const auto words =
      args.count("command") ? args["command"].as<std::vector<std::string>>() : std::vector<std::string>{};
  if (words.size() > 1)
    throw UsageError("help takes one command, got '" + words[1] + "' after '" + words[0] + "'");
  if (words.empty()) {
    out << help_of(nullptr);
    return kExitOk;
  }
  for (const Subcommand& s : subcommands())
    if (words[0] == s.name) {
      out << help_of(&s);
      return kExitOk;
    }
  throw UsageError(unknown_command(words[0]));
}

std::string family_help(Family family) {
  std::string names;
  for (const AlgorithmInfo& a : catalog()) {
    if (a.family != family) continue;
    names += (names.empty() ? "" : ", ") + std::string(a.name);
    std::string own;  // aliases that mean this algorithm only for this flag ("RSA")
    for (const Alias& al : aliases())
      if (al.canonical == a.name && al.only_for == family)
        own += (own.empty() ? "" : ", ") + std::string(al.alias);
    if (!own.empty()) names += " (" + own + ")";
  }
  std::string group_names;
  for (const Group& g : groups())
    if (g.family == family) group_names += std::string(g.name) + ", ";
  return names + "; groups " + group_names + "ALL; other spellings: cryptauditor list --aliases";
}

std::string report_format_names() { return join(values_of("", "format"), ", "); }
std::string operation_names() {
  return join(values_of("", selection_setting(SelectionId::Operations).long_flag()), ", ");
}

std::string program_description() {
  std::string text =
      "Times the same cryptographic algorithm across libraries and ranks algorithms and libraries.\n"
      "Subcommands:\n";
  for (const Subcommand& s : subcommands())
    text += "  cryptauditor " + std::string(s.name) + " " + s.example + ": " + s.summary + "\n";
  return text +
         "The plugin flags (--plugin-dir, --no-default-plugins, --plugin) may also come before the "
         "subcommand: cryptauditor --plugin-dir DIR list.\n";
}

std::string version_text() {
  return std::string("cryptauditor ") + CRYPTAUDITOR_VERSION + " (commit " + build_commit() + ")";
}

void print_man(std::ostream& out) {
  out << ".\\\" cryptauditor(1), generated by `cryptauditor --print-man` from the catalog and the\n"
         ".\\\" subcommand table: edit those, not this file.\n"
      << ".TH CRYPTAUDITOR 1 \"\" \"cryptauditor " << CRYPTAUDITOR_VERSION << "\" \"User Commands\"\n"
      << ".SH NAME\ncryptauditor \\- time cryptographic algorithms across libraries and rank them\n"
      << ".SH SYNOPSIS\n.B cryptauditor\n[\\fIoptions\\fR]\n";
  for (const Subcommand& s : subcommands())
    out << ".br\n.B cryptauditor " << s.name << "\n" << roff(s.example) << "\n";
  out << ".SH DESCRIPTION\n"
         "cryptauditor runs the same algorithm in every loaded library (one plugin per library), checks the "
         "results against known answers and against each other, times them with one measurement loop, and "
         "ranks algorithms and libraries.\n"
         ".SH OPTIONS\n";
  for (const Flag& f : flags_of(help_of(nullptr))) {
    out << ".TP\n.B ";
    if (!f.short_name.empty()) out << "\\-" << f.short_name << ", ";
    out << "\\-\\-" << roff(f.long_name) << (f.takes_value ? " \\fIvalue\\fR" : "") << "\n";
    out << roff(f.description) << "\n";
  }
  out << ".PP\nThe full text of every option is in \\fBcryptauditor \\-\\-help\\fR.\n"
         ".SH ALGORITHMS\n";
  for (Family f :
       {Family::Cipher, Family::Hash, Family::Signature, Family::Mac, Family::Kdf, Family::KeyAgreement})
    out << ".TP\n.B " << roff(std::string(family_flag(f))) << "\n" << roff(family_help(f)) << "\n";
  out << ".SH COMMANDS\n";
  for (const Subcommand& s : subcommands()) {
    out << ".SS cryptauditor " << s.name << "\n" << roff(s.summary) << ".\n.PP\n.nf\n";
    std::istringstream lines(help_of(&s));
    for (std::string line; std::getline(lines, line);) out << roff(line) << "\n";
    out << ".fi\n";
  }
  out << ".SH FILES\n"
         "Plugins: \\fI$CRYPTAUDITOR_PLUGIN_DIR\\fR, else \\fIbackends/\\fR next to the program, else the "
         "installed \\fIlib/.../cryptauditor/backends\\fR. Study configs: "
         "\\fIshare/cryptauditor/configs\\fR.\n"
         ".SH EXIT STATUS\n0 on success, 1 when the run itself fails, 2 for a usage error (one line naming "
         "the "
         "value and what is allowed), 128 + N when stopped by signal N.\n"
         ".SH SEE ALSO\nThe documentation in \\fIshare/doc/cryptauditor\\fR (README.md, docs/).\n";
}

bool print_completion(const std::string& shell, std::ostream& out) {
  if (shell == "bash")
    bash_completion(out);
  else if (shell == "zsh")
    zsh_completion(out);
  else
    return false;
  return true;
}

}  // namespace ca
