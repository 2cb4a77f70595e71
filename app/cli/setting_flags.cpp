#include "cli/setting_flags.hpp"

#include <string>

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

}  // namespace ca
