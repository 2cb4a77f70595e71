#include "cli/setting_flags.hpp"

#include <string>

#include "cli/help.hpp"

namespace ca {

void add_setting_flag(cxxopts::OptionAdder& add, SettingId id, SettingsCommand command) {
  const RunSetting& s = run_setting(id);
  const size_t c = static_cast<size_t>(command);
  if (s.help[c] == nullptr) throw std::logic_error("the setting --" + s.long_flag() + " is not a flag here");
  if (s.negative_flag != nullptr) {  // a switch: --isolate / --no-isolate
    add(s.flag, s.help[c]);
    add(s.negative_flag, s.negative_help[c]);
    return;
  }
  auto value = cxxopts::value<std::string>();
  if (command == SettingsCommand::Bench && s.bench_default != nullptr) value->default_value(s.bench_default);
  add(s.flag, s.help[c], value);
}

void read_setting_flags(const cxxopts::ParseResult& args, RunSettings& s) {
  bool drop_rounds = false;
  for (const RunSetting& setting : run_settings()) {
    const std::string name = setting.long_flag();
    const bool given = args.count(name) > 0;
    if (setting.negative_flag != nullptr) {
      const bool negative = args.count(setting.negative_flag) > 0;
      if (given && negative)
        throw UsageError("--" + name + " and --" + setting.negative_flag +
                         " cannot be given together: choose one");
      if (given || negative) setting.from_flag("--" + name, given ? "true" : "false", s);
      continue;
    }
    if (!given) continue;
    setting.from_flag("--" + name, args[name].as<std::string>(), s);
    drop_rounds = drop_rounds || setting.drops_rounds;
  }
  if (drop_rounds && args.count(run_setting(SettingId::Rounds).long_flag()) == 0) s.rounds.reset();
}

namespace {

// The help line of a selection flag: "{names}" and "{operations}" filled in from the catalog.
std::string selection_help(const SelectionSetting& s, SelectionCommand command) {
  std::string text = s.help[static_cast<size_t>(command)];
  auto fill = [&](const std::string& mark, const std::string& with) {
    if (const size_t at = text.find(mark); at != std::string::npos) text.replace(at, mark.size(), with);
  };
  if (s.family) fill("{names}", family_help(*s.family));
  fill("{operations}", operation_names());
  return text;
}

}  // namespace

void add_selection_flag(cxxopts::OptionAdder& add, SelectionId id, SelectionCommand command) {
  const SelectionSetting& s = selection_setting(id);
  if (!s.on(command)) throw std::logic_error("the selection flag " + s.dashed() + " is not a flag here");
  const char* default_value = s.defaults[static_cast<size_t>(command)];
  if (s.list) {
    auto value = cxxopts::value<std::vector<std::string>>();
    if (default_value != nullptr) value->default_value(default_value);
    add(s.flag, selection_help(s, command), value);
  } else {
    auto value = cxxopts::value<std::string>();
    if (default_value != nullptr) value->default_value(default_value);
    add(s.flag, selection_help(s, command), value);
  }
}

void add_family_flags(cxxopts::OptionAdder& add, SelectionCommand command, SelectionId first,
                      SelectionId last) {
  for (size_t i = static_cast<size_t>(first); i <= static_cast<size_t>(last); ++i)
    if (selection_settings()[i].family && selection_settings()[i].on(command))
      add_selection_flag(add, static_cast<SelectionId>(i), command);
}

std::string selection_usage(SelectionCommand command) {
  std::string usage;
  for (const SelectionSetting& s : selection_settings())
    if (s.family && s.on(command)) usage += "[" + s.usage() + "] ";
  return usage + "[options]";
}

std::string family_flag_choices(SelectionCommand command) {
  std::vector<std::string> flags;
  for (const SelectionSetting& s : selection_settings())
    if (s.family && s.on(command)) flags.push_back(s.usage().substr(0, s.usage().find(' ')));
  std::string text;
  for (size_t i = 0; i < flags.size(); ++i)
    text += (i == 0 ? "" : i + 1 == flags.size() ? " or " : ", ") + flags[i];
  return text;
}

bool selection_given(const cxxopts::ParseResult& args, SelectionId id) {
  return args.count(selection_setting(id).long_flag()) > 0;
}

std::string selection_value(const cxxopts::ParseResult& args, SelectionId id) {
  return args[selection_setting(id).long_flag()].as<std::string>();
}

std::vector<std::string> selection_list(const cxxopts::ParseResult& args, SelectionId id) {
  const std::string name = selection_setting(id).long_flag();
  return args.count(name) ? args[name].as<std::vector<std::string>>() : std::vector<std::string>{};
}

std::vector<std::string> selection_items(const cxxopts::ParseResult& args, SelectionId id,
                                         const std::string& expected) {
  const SelectionSetting& s = selection_setting(id);
  // The values as typed: cxxopts splits a list at its commas itself and drops an empty last item, so
  // "-b openssl," would look like "-b openssl".
  std::vector<std::string> typed;
  for (const cxxopts::KeyValue& kv : args.arguments())
    if (kv.key() == s.long_flag()) typed.push_back(kv.value());
  if (typed.empty()) typed = args[s.long_flag()].as<std::vector<std::string>>();
  return split_given_list(typed, s.dashed(), expected.empty() ? s.expected : expected);
}

std::vector<AlgorithmRequest> algorithm_requests(const cxxopts::ParseResult& args, SelectionCommand command) {
  std::vector<AlgorithmRequest> requests;
  for (size_t i = 0; i < selection_settings().size(); ++i) {
    const SelectionSetting& s = selection_settings()[i];
    if (!s.family || !s.on(command) || args.count(s.long_flag()) == 0) continue;
    for (const auto& typed : selection_items(args, static_cast<SelectionId>(i)))
      requests.push_back({*s.family, typed, ""});
  }
  return requests;
}

}  // namespace ca
