// The selection table itself: one entry per thing a study selects (settings/selection.hpp says what an
// entry holds). The algorithm flags are made from the catalog's families (catalog/catalog.hpp
// family_flag), so a new family is a new flag, config entry key and completion without an edit here.
#include <algorithm>
#include <cctype>
#include <iterator>
#include <stdexcept>
#include <vector>

#include "settings/selection.hpp"

namespace ca {
namespace {

constexpr size_t kBench = static_cast<size_t>(SelectionCommand::Bench);
constexpr size_t kLeaks = static_cast<size_t>(SelectionCommand::Leaks);
constexpr const char* kNamesExpected = "one or more names, comma-separated (see --help)";

// An algorithm flag: named by the catalog (family_flag), with a short letter for the two the original
// cryptauditor had; help lines for the default command and `leaks` (nullptr: not screened there).
SelectionSetting family_entry(Family family, const char* letter, const char* bench_help,
                              const char* leaks_help) {
  const std::string name(family_flag(family).substr(2));
  SelectionSetting s;
  s.flag = letter != nullptr ? std::string(letter) + "," + name : name;
  s.entry_key = name;
  s.family = family;
  s.list = true;
  s.completion = Completion::Algorithms;
  s.expected = kNamesExpected;
  s.help[kBench] = bench_help;
  s.help[kLeaks] = leaks_help;
  return s;
}

// NOLINTNEXTLINE(readability-function-size): a data table, one entry per setting.
std::vector<SelectionSetting> make_table() {
  std::vector<SelectionSetting> t;
  t.reserve(static_cast<size_t>(SelectionId::Count));  // add() hands out references into it
  t.push_back(family_entry(Family::Cipher, "c", "cipher(s), comma-separated: {names}",
                           "cipher(s), comma-separated (as the default command; see cryptauditor --help)"));
  t.push_back(family_entry(Family::Hash, nullptr, "hash(es): {names}", nullptr));
  t.push_back(
      family_entry(Family::Signature, "s", "signature(s): {names}",
                   "signature(s): RSA-PSS, RSA-PKCS1V15-SHA1, RSA-PKCS1V15-SHA256, ECDSA, EDDSA, ..."));
  t.push_back(family_entry(Family::Mac, nullptr, "MAC(s): {names}",
                           "MAC(s): HMAC-SHA2-256, CMAC-AES, POLY1305, ..."));
  t.push_back(family_entry(Family::Kdf, nullptr,
                           "KDF(s): {names}. -d is the password / input-keying-material length; 32 bytes are "
                           "derived",
                           nullptr));
  t.push_back(family_entry(Family::KeyAgreement, nullptr, "key agreement(s): {names}",
                           "key agreement(s): X25519, X448, ECDH-P256, ECDH-P384"));
  // Every other entry: its flag, top-level config key and "algorithms" entry key (empty: none).
  auto add = [&t](const char* flag, const char* config_key, const char* entry_key) -> SelectionSetting& {
    SelectionSetting& s = t.emplace_back();
    s.flag = flag;
    s.config_key = config_key;
    s.entry_key = entry_key;
    return s;
  };
  add("kdf-params", "", "").help[kBench] =
      "KDF cost parameters, name=value,... for every selected KDF, e.g. \"iterations=600000\" (PBKDF2), "
      "\"n=32768,r=8,p=1\" (SCRYPT), \"t=3,m=65536,p=1\" (ARGON2ID, m in KiB); default: docs/CATALOG.md";
  // A config entry's "params" is --param, or --kdf-params for a KDF entry.
  add("param", "", "params").help[kBench] =
      "parameters, name=value,... for every selected algorithm that takes them: tag=N (AEAD or KMAC tag "
      "bytes: AES-GCM 4..16, AES-CCM 4..16 even, AES-EAX 1..16, KMAC 4..128), nonce=N (nonce bytes: AES-GCM "
      "1..1024, AES-CCM 7..13, AES-EAX 0..1024, AES-SIV 0..1024, GMAC-AES 1..1024); KDF costs as "
      "--kdf-params. A MAC key length is -k (HMAC, KMAC: 8..8192 bits in steps of 8)";
  SelectionSetting& operations = add("operations", "operations", "");
  operations.list = true;
  operations.completion = Completion::Operations;
  operations.expected = "one or more operations, comma-separated, e.g. encrypt,decrypt";
  operations.help[kBench] =
      "only these operations, comma-separated: {operations} (keygen, of signatures and key agreement, runs "
      "only when named here)";
  SelectionSetting& key_bits = add("k,key_length", "key_bits", "key_bits");
  key_bits.help[kBench] =
      "key length in bits (AES 128/192/256, default 256; RSA >= 1024, default 2048; fixed for ChaCha20, "
      "Salsa20, ECDSA, EdDSA; `list` shows every rule)";
  key_bits.help[kLeaks] = "key length in bits (as the default command)";
  SelectionSetting& sizes = add("d,data_size", "data_sizes", "data_sizes");
  sizes.list = true;
  sizes.expected = "one or more sizes, comma-separated, e.g. 1KB,16KB";
  sizes.defaults[kBench] = "1KB";
  sizes.defaults[kLeaks] = "64B";
  sizes.help[kBench] = "message size(s), comma-separated, in B, KB or MB (KB = 1024 B)";
  sizes.help[kLeaks] = "message size(s), comma-separated, in B, KB or MB";
  SelectionSetting& backends = add("b,backend", "backends", "");
  backends.list = true;
  backends.completion = Completion::Backends;
  backends.expected = "one or more backend names, comma-separated (cryptauditor list --backends)";
  const char* backend_help[kSelectionCommands] = {
      "backend(s) to run, comma-separated (default: every loaded backend)",
      "backend(s), comma-separated, instead of the config's \"backends\"",
      "backend(s), comma-separated, instead of the config's",
      "backend(s) to screen, comma-separated (default: every loaded backend)",
      "backend(s), comma-separated (default: every loaded backend)",
      "only these backends, comma-separated, any case (default: every loaded backend)"};
  std::copy(std::begin(backend_help), std::end(backend_help), std::begin(backends.help));
  SelectionSetting& key_file = add("key-file", "key_file", "");
  key_file.completion = Completion::File;
  key_file.help[kBench] =
      "sign, verify, encrypt and agree with this private key in every library (PEM or DER: unencrypted "
      "PKCS#8, or PKCS#1 for RSA; RSA, EC P-256/P-384/P-521/secp256k1, Ed25519, Ed448, X25519, X448), as the "
      "RSA library benchmark loads one pk.pem; RSA jobs take its size. Without it every library of a job "
      "still shares one key, made by the first that starts";
  add("", "algorithms", "");  // its entries name an algorithm by a family flag's entry key
  if (t.size() != static_cast<size_t>(SelectionId::Count))
    throw std::logic_error("the selection table and SelectionId disagree");
  return t;
}

const std::vector<SelectionSetting>& table() {
  static const std::vector<SelectionSetting> kTable = make_table();
  return kTable;
}

}  // namespace

std::string SelectionSetting::long_flag() const { return flag.substr(flag.find(',') + 1); }

std::string SelectionSetting::dashed() const { return "--" + long_flag(); }

std::string SelectionSetting::usage() const {
  std::string metavar = long_flag();
  for (char& c : metavar) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const size_t comma = flag.find(',');
  return (comma == std::string::npos ? dashed() : "-" + flag.substr(0, comma)) + " " + metavar;
}

const SelectionSetting& selection_setting(SelectionId id) { return table().at(static_cast<size_t>(id)); }

std::span<const SelectionSetting> selection_settings() { return table(); }

const SelectionSetting& family_setting(Family family) {
  for (const SelectionSetting& s : table())
    if (s.family == family) return s;
  throw std::logic_error("no selection flag for a family");
}

const SelectionSetting* selection_by_flag(std::string_view long_flag) {
  for (const SelectionSetting& s : table())
    if (!s.flag.empty() && s.long_flag() == long_flag) return &s;
  return nullptr;
}

std::string config_pointer(SelectionId id) { return "/" + selection_setting(id).config_key; }

}  // namespace ca
