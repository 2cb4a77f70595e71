// The default command, with the original cryptauditor's flags.
#include <cxxopts.hpp>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/exports.hpp"
#include "cli/help.hpp"
#include "cli/locations.hpp"
#include "cli/setting_flags.hpp"
#include "cli/study.hpp"

namespace ca {
namespace {

cxxopts::Options bench_options() {
  cxxopts::Options o("cryptauditor", program_description());
  o.custom_help("[-c CIPHER] [--hash HASH] [-s SIGNATURE] [--mac MAC] [--kdf KDF] [--kex KEX] [options]");
  using Strings = std::vector<std::string>;
  // One add() per flag: a single chained add_options()(...)(...) call is unreadable once formatted.
  cxxopts::OptionAdder add = o.add_options();
  add("c,cipher", "cipher(s), comma-separated: " + family_help(Family::Cipher), cxxopts::value<Strings>());
  add("hash", "hash(es): " + family_help(Family::Hash), cxxopts::value<Strings>());
  add("s,signature", "signature(s): " + family_help(Family::Signature), cxxopts::value<Strings>());
  add("mac", "MAC(s): " + family_help(Family::Mac), cxxopts::value<Strings>());
  add("kdf",
      "KDF(s): " + family_help(Family::Kdf) +
          ". -d is the password / input-keying-material length; 32 bytes are derived",
      cxxopts::value<Strings>());
  add("kdf-params",
      "KDF cost parameters, name=value,... for every selected KDF, e.g. \"iterations=600000\" (PBKDF2), "
      "\"n=32768,r=8,p=1\" (SCRYPT), \"t=3,m=65536,p=1\" (ARGON2ID, m in KiB); default: docs/CATALOG.md",
      cxxopts::value<std::string>());
  add("param",
      "parameters, name=value,... for every selected algorithm that takes them: tag=N (AEAD or KMAC tag "
      "bytes: AES-GCM 4..16, AES-CCM 4..16 even, AES-EAX 1..16, KMAC 4..128), nonce=N (nonce bytes: AES-GCM "
      "1..1024, AES-CCM 7..13, AES-EAX 0..1024, AES-SIV 0..1024, GMAC-AES 1..1024); KDF costs as "
      "--kdf-params. A MAC key "
      "length is -k (HMAC, KMAC: 8..8192 bits in steps of 8)",
      cxxopts::value<std::string>());
  add("kex", "key agreement(s): " + family_help(Family::KeyAgreement), cxxopts::value<Strings>());
  add("operations",
      "only these operations, comma-separated: " + operation_names() +
          " (keygen, of signatures and key agreement, runs only when named here)",
      cxxopts::value<Strings>());
  add("k,key_length",
      "key length in bits (AES 128/192/256, default 256; RSA >= 1024, default 2048; fixed for ChaCha20, "
      "Salsa20, ECDSA, EdDSA; `list` shows every rule)",
      cxxopts::value<std::string>());
  add("d,data_size", "message size(s), comma-separated, in B, KB or MB (KB = 1024 B)",
      cxxopts::value<Strings>()->default_value("1KB"));
  add_setting_flag(add, SettingId::Rounds, SettingsCommand::Bench);
  add_setting_flag(add, SettingId::Unit, SettingsCommand::Bench);
  add("b,backend", "backend(s) to run, comma-separated (default: every loaded backend)",
      cxxopts::value<Strings>());
  add_setting_flag(add, SettingId::Layout, SettingsCommand::Bench);
  add("format", "output format: " + report_format_names(),
      cxxopts::value<std::string>()->default_value("table"));
  add("o,output", "write the report to FILE instead of standard output", cxxopts::value<std::string>());
  for (SettingId id : {SettingId::Budget, SettingId::CiTarget, SettingId::Warmup, SettingId::Repetitions,
                       SettingId::Processes, SettingId::Pin, SettingId::Threads, SettingId::CipherMode})
    add_setting_flag(add, id, SettingsCommand::Bench);
  add("key-file",
      "sign, verify, encrypt and agree with this private key in every library (PEM or DER: unencrypted "
      "PKCS#8, or PKCS#1 for RSA; RSA, EC P-256/P-384/P-521/secp256k1, Ed25519, Ed448, X25519, X448), as the "
      "RSA library benchmark loads one pk.pem; RSA jobs take its size. Without it every library of a job "
      "still shares one key, made by the first that starts",
      cxxopts::value<std::string>());
  for (SettingId id : {SettingId::Order, SettingId::Isolate, SettingId::JobTimeout, SettingId::StopAfter})
    add_setting_flag(add, id, SettingsCommand::Bench);
  add("quiet", "no progress line and no \"wrote FILE\" or journal line on stderr");
  add("version", "print the version and the commit it was built from");
  add("print-man", "print the man page cryptauditor(1) (roff) and exit; the build installs it");
  add("print-completion",
      "print the completion script for SHELL (bash or zsh) and exit; the build installs both",
      cxxopts::value<std::string>());
  add("h,help", "print this help");
  add_plugin_options(o);
  add_export_options(o);
  return o;
}

}  // namespace

int bench_main(int argc, char** argv, std::ostream& out, std::ostream& err) {
  auto options = bench_options();
  auto args = options.parse(argc, argv);
  if (!args.unmatched().empty())
    throw UsageError("unexpected argument '" + args.unmatched().front() + "' (see --help)");
  if (args.count("help")) {
    out << options.help() << '\n';
    return kExitOk;
  }
  if (args.count("version")) {
    out << version_text() << '\n';
    return kExitOk;
  }
  if (args.count("print-man")) {
    print_man(out);
    return kExitOk;
  }
  if (args.count("print-completion")) {
    const std::string shell = args["print-completion"].as<std::string>();
    if (!print_completion(shell, out))
      throw UsageError("--print-completion '" + shell + "' is not valid: expected bash or zsh");
    return kExitOk;
  }

  std::vector<AlgorithmRequest> requests;
  for (auto [flag, family] : {std::pair{"cipher", Family::Cipher}, std::pair{"hash", Family::Hash},
                              std::pair{"signature", Family::Signature}, std::pair{"mac", Family::Mac},
                              std::pair{"kdf", Family::Kdf}, std::pair{"kex", Family::KeyAgreement}})
    if (args.count(flag))
      for (const auto& typed :
           split_given_list(args[flag].as<std::vector<std::string>>(), "--" + std::string(flag),
                            "one or more names, comma-separated (see --help)"))
        requests.push_back({family, typed, ""});
  std::optional<uint32_t> key_bits;
  if (args.count("key_length"))
    key_bits = parse_key_bits("--key_length", args["key_length"].as<std::string>());
  Selection sel = requests.empty() ? default_selection() : select_jobs(requests, key_bits, "--key_length");
  if (args.count("kdf-params")) apply_kdf_params(sel, args["kdf-params"].as<std::string>(), "--kdf-params");
  if (args.count("param")) apply_params(sel, args["param"].as<std::string>(), "--param");

  std::vector<SizeRequest> sizes;
  for (const auto& typed : split_given_list(args["data_size"].as<std::vector<std::string>>(), "--data_size",
                                            "one or more sizes, comma-separated, e.g. 1KB,16KB"))
    sizes.push_back({typed, "--data_size"});

  Study study;
  study.name = "command line";
  study.notes = sel.notes;
  study.plan.jobs = sel.jobs;
  if (args.count("key-file"))
    apply_key_file(study.plan, args["key-file"].as<std::string>(), key_bits.has_value(), "--key-file");
  sel.jobs = study.plan.jobs;
  if (args.count("operations"))
    study.plan.operations =
        parse_operations(split_given_list(args["operations"].as<std::vector<std::string>>(), "--operations",
                                          "one or more operations, comma-separated, e.g. encrypt,decrypt"),
                         "--operations");
  study.plan.data_sizes = select_sizes(sizes, sel.jobs);

  read_setting_flags(args, study.settings);
  study.outputs = {
      {args["format"].as<std::string>(), args.count("output") ? args["output"].as<std::string>() : ""}};
  check_outputs(study.outputs, "--format");
  for (OutputSpec& spec : export_outputs(args, study.outputs)) study.outputs.push_back(spec);
  study.anonymize = args.count("anonymize") > 0;
  if (args.count("label")) study.label = parse_label(args["label"].as<std::string>());
  check_distinct_files(study, "");

  apply_to_plan(study.settings, study.plan);
  check_plan_measures_something(study.plan, "--operations");
  for (int i = 0; i < argc; ++i) study.settings.command_line.push_back(argv[i]);

  const PluginRequest plugins = plugin_request(args);
  PluginScan scan = load_backends(plugins, err);
  std::vector<std::string> wanted;
  if (args.count("backend"))
    wanted = split_given_list(args["backend"].as<std::vector<std::string>>(), "--backend",
                              "one or more backend names, comma-separated (cryptauditor list --backends)");
  study.plan.backends = select_backends(wanted, "--backend", scan);
  if (study.plan.backends.empty()) {
    err << "cryptauditor: no backend plugins could be loaded from " << plugins.describe() << '\n';
    return kExitFailure;
  }
  study.quiet = args.count("quiet") > 0;
  return execute_study(study, out, err);
}

}  // namespace ca
