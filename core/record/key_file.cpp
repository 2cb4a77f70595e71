#include "record/key_file.hpp"

#include <fstream>
#include <sstream>
#include <string_view>

#include "catalog/curves.hpp"

namespace ca {
namespace {

// One DER element: tag, and the span of its contents within `der`.
struct Tlv {
  uint8_t tag = 0;
  size_t start = 0, len = 0;
  size_t end() const { return start + len; }
};

std::optional<Tlv> read_tlv(const Bytes& der, size_t pos, size_t limit) {
  if (pos + 2 > limit) return std::nullopt;
  Tlv t;
  t.tag = der[pos];
  size_t len = der[pos + 1];
  pos += 2;
  if (len & 0x80) {
    const size_t n = len & 0x7f;
    if (n == 0 || n > 4 || pos + n > limit) return std::nullopt;
    len = 0;
    for (size_t i = 0; i < n; ++i) len = len << 8 | der[pos + i];
    pos += n;
  }
  if (pos + len > limit) return std::nullopt;
  t.start = pos;
  t.len = len;
  return t;
}

bool equal(const Bytes& der, const Tlv& t, std::initializer_list<uint8_t> want) {
  return t.len == want.size() &&
         std::equal(want.begin(), want.end(), der.begin() + static_cast<long>(t.start));
}

// Bits of a DER INTEGER's value (a positive one: a leading 0x00 is padding).
uint32_t integer_bits(const Bytes& der, const Tlv& t) {
  size_t i = t.start;
  while (i < t.end() && der[i] == 0) ++i;
  if (i == t.end()) return 0;
  uint32_t bits = static_cast<uint32_t>(t.end() - i - 1) * 8;
  for (uint8_t top = der[i]; top != 0; top >>= 1) ++bits;
  return bits;
}

Bytes der_element(uint8_t tag, const Bytes& contents) {
  Bytes out{tag};
  const size_t n = contents.size();
  if (n < 0x80) {
    out.push_back(static_cast<uint8_t>(n));
  } else {
    Bytes len;
    for (size_t v = n; v != 0; v >>= 8) len.insert(len.begin(), static_cast<uint8_t>(v));
    out.push_back(static_cast<uint8_t>(0x80 | len.size()));
    out.insert(out.end(), len.begin(), len.end());
  }
  out.insert(out.end(), contents.begin(), contents.end());
  return out;
}

// RSAPrivateKey (PKCS#1) -> its modulus's bits, or 0.
uint32_t rsa_bits(const Bytes& der, size_t start, size_t end) {
  const auto seq = read_tlv(der, start, end);
  if (!seq || seq->tag != 0x30) return 0;
  const auto version = read_tlv(der, seq->start, seq->end());
  if (!version || version->tag != 0x02) return 0;
  const auto modulus = read_tlv(der, version->end(), seq->end());
  if (!modulus || modulus->tag != 0x02) return 0;
  return integer_bits(der, *modulus);
}

std::optional<Bytes> base64_decode(std::string_view text) {
  Bytes out;
  uint32_t acc = 0;
  int have = 0;
  for (char c : text) {
    int v;
    if (c >= 'A' && c <= 'Z')
      v = c - 'A';
    else if (c >= 'a' && c <= 'z')
      v = c - 'a' + 26;
    else if (c >= '0' && c <= '9')
      v = c - '0' + 52;
    else if (c == '+')
      v = 62;
    else if (c == '/')
      v = 63;
    else if (c == '=' || c == '\n' || c == '\r' || c == ' ' || c == '\t')
      continue;
    else
      return std::nullopt;
    acc = acc << 6 | static_cast<uint32_t>(v);
    have += 6;
    if (have >= 8) {
      have -= 8;
      out.push_back(static_cast<uint8_t>(acc >> have));
    }
  }
  return out;
}

const char* kAccepted =
    "an unencrypted PKCS#8 private key (PEM \"BEGIN PRIVATE KEY\" or DER) or a PKCS#1 RSA key";

}  // namespace

bool KeyFile::fits(const AlgorithmInfo& a) const {
  // The catalog's key-pair algorithms by the key they take: RSA, or the kind of key on its curve
  // (docs/CATALOG.md, catalog/curves.hpp).
  if (kind == "RSA") return a.primitive == "RSA";
  const CurveInfo* curve = curve_of(a);
  return curve != nullptr && curve->key_kind == kind;
}

static std::optional<KeyFile> parse_key(const std::string& path, const std::string& contents,
                                        std::string& error) {
  KeyFile key;
  key.path = path;
  Bytes der(contents.begin(), contents.end());
  bool pkcs1 = false;
  if (const size_t begin = contents.find("-----BEGIN "); begin != std::string::npos) {
    const size_t label_end = contents.find("-----", begin + 11);
    const std::string label =
        label_end == std::string::npos ? "" : contents.substr(begin + 11, label_end - begin - 11);
    const size_t body = label_end == std::string::npos ? std::string::npos : contents.find('\n', label_end);
    const size_t end = contents.find("-----END " + label + "-----");
    if (label == "ENCRYPTED PRIVATE KEY") {
      error = path + ": the key is encrypted; cryptauditor takes " + std::string(kAccepted) +
              " (decrypt it with: openssl pkey -in " + path + " -out plain.pem)";
      return std::nullopt;
    }
    if (label == "EC PRIVATE KEY") {
      error = path + ": an SEC1 EC key; cryptauditor takes " + std::string(kAccepted) +
              " (convert it with: openssl pkcs8 -topk8 -nocrypt -in " + path + " -out key.pem)";
      return std::nullopt;
    }
    if ((label != "PRIVATE KEY" && label != "RSA PRIVATE KEY") || body == std::string::npos ||
        end == std::string::npos || end < body) {
      error = path + ": a PEM \"" + label + "\" block; cryptauditor takes " + kAccepted;
      return std::nullopt;
    }
    auto decoded = base64_decode(std::string_view(contents).substr(body, end - body));
    if (!decoded) {
      error = path + ": the PEM block is not valid base64";
      return std::nullopt;
    }
    der = std::move(*decoded);
    pkcs1 = label == "RSA PRIVATE KEY";
  }
  const auto outer = read_tlv(der, 0, der.size());
  if (!outer || outer->tag != 0x30) {
    error = path + ": not a DER key; cryptauditor takes " + std::string(kAccepted);
    return std::nullopt;
  }
  auto wrong = [&](const std::string& what) {
    error = path + ": " + what + "; cryptauditor takes " + kAccepted;
    return std::nullopt;
  };
  if (pkcs1) {
    key.kind = "RSA";
    key.bits = rsa_bits(der, 0, der.size());
    if (key.bits == 0) return wrong("not a PKCS#1 RSA private key");
    // Wrapped as PKCS#8: SEQUENCE { 0, SEQUENCE { rsaEncryption, NULL }, OCTET STRING { the PKCS#1 key } }.
    Bytes body = {0x02, 0x01, 0x00};
    const Bytes alg =
        der_element(0x30, {0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00});
    body.insert(body.end(), alg.begin(), alg.end());
    const Bytes octets = der_element(0x04, Bytes(der.begin(), der.begin() + static_cast<long>(outer->end())));
    body.insert(body.end(), octets.begin(), octets.end());
    key.private_key = der_element(0x30, body);
    return key;
  }
  // PKCS#8: SEQUENCE { INTEGER version, SEQUENCE { OID algorithm, parameters }, OCTET STRING key, ... }
  const auto version = read_tlv(der, outer->start, outer->end());
  const auto alg = version ? read_tlv(der, version->end(), outer->end()) : std::nullopt;
  const auto octets = alg ? read_tlv(der, alg->end(), outer->end()) : std::nullopt;
  if (!version || version->tag != 0x02 || !alg || alg->tag != 0x30 || !octets || octets->tag != 0x04)
    return wrong("not a PKCS#8 private key");
  const auto oid = read_tlv(der, alg->start, alg->end());
  if (!oid || oid->tag != 0x06) return wrong("not a PKCS#8 private key");
  if (equal(der, *oid, {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01})) {
    key.kind = "RSA";
    key.bits = rsa_bits(der, octets->start, octets->end());
    if (key.bits == 0) return wrong("an RSA key whose modulus cannot be read");
    key.private_key = Bytes(der.begin(), der.begin() + static_cast<long>(outer->end()));
    return key;
  }
  if (equal(der, *oid, {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01})) {  // id-ecPublicKey
    const auto curve = read_tlv(der, oid->end(), alg->end());
    if (!curve || curve->tag != 0x06) return wrong("an EC key without a named curve");
    if (equal(der, *curve, {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07}))
      key.kind = "EC P-256", key.bits = 256;
    else if (equal(der, *curve, {0x2b, 0x81, 0x04, 0x00, 0x22}))
      key.kind = "EC P-384", key.bits = 384;
    else if (equal(der, *curve, {0x2b, 0x81, 0x04, 0x00, 0x23}))
      key.kind = "EC P-521", key.bits = 521;
    else if (equal(der, *curve, {0x2b, 0x81, 0x04, 0x00, 0x0a}))
      key.kind = "EC secp256k1", key.bits = 256;
    else
      return wrong("an EC key on a curve other than P-256, P-384, P-521 or secp256k1");
    key.private_key = Bytes(der.begin(), der.begin() + static_cast<long>(outer->end()));
    return key;
  }
  struct Raw {
    uint8_t last;
    const char* kind;
    uint32_t bits;
  };
  for (const Raw r : {Raw{0x70, "Ed25519", 256}, Raw{0x71, "Ed448", 448}, Raw{0x6e, "X25519", 256},
                      Raw{0x6f, "X448", 448}}) {
    if (!equal(der, *oid, {0x2b, 0x65, r.last})) continue;
    // The key is an OCTET STRING inside the OCTET STRING (RFC 8410); the ABI takes the raw bytes.
    const auto inner = read_tlv(der, octets->start, octets->end());
    if (!inner || inner->tag != 0x04) return wrong(std::string("an ") + r.kind + " key that cannot be read");
    key.kind = r.kind;
    key.bits = r.bits;
    key.private_key =
        Bytes(der.begin() + static_cast<long>(inner->start), der.begin() + static_cast<long>(inner->end()));
    return key;
  }
  return wrong("a key of a type cryptauditor does not benchmark (RSA, EC, Ed25519, Ed448, X25519, X448)");
}

Result<KeyFile> parse_key_file(const std::string& path, const std::string& contents) {
  std::string error;
  if (auto key = parse_key(path, contents, error)) return std::move(*key);
  return Error{error};
}

Result<KeyFile> load_key_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{path + ": cannot be read"};
  std::ostringstream s;
  s << in.rdbuf();
  if (s.str().size() > (1 << 20)) return Error{path + ": over 1 MiB, not a key file"};
  return parse_key_file(path, s.str());
}

}  // namespace ca
