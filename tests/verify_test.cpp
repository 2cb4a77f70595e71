// `cryptauditor verify`: the Wycheproof parser (valid and malformed files), the mapping to the catalog,
// the P1363 -> DER conversion, every built backend against the real Wycheproof files, a tampered vector
// that must fail naming file, tcId and backend, interop between every pair of backends, and the command
// line (exit codes, JSON).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "catalog/catalog.hpp"
#include "plugin/backend.hpp"
#include "plugins/verify_report.hpp"
#include "tests/support/run_program.hpp"
#include "verify/deviations.hpp"
#include "verify/ec_private_key.hpp"
#include "verify/ecdsa_der.hpp"
#include "verify/interop.hpp"
#include "verify/mapping.hpp"
#include "verify/vector_file.hpp"
#include "verify/vector_runner.hpp"
#include "verify/vector_search.hpp"

namespace ca::verify {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// McGrew-Viega GCM test case 1 (AES-128, zero key and IV, empty message).
json gcm_document() {
  return json::parse(R"({
    "algorithm": "AES-GCM", "schema": "aead_test_schema_v1.json", "numberOfTests": 2,
    "testGroups": [{
      "type": "AeadTest", "ivSize": 96, "keySize": 128, "tagSize": 128,
      "tests": [
        {"tcId": 1, "comment": "McGrew-Viega 1", "flags": ["Ktv"], "key": "00000000000000000000000000000000",
         "iv": "000000000000000000000000", "aad": "", "msg": "", "ct": "",
         "tag": "58e2fccefa7e3061367f1d57a4e7455a", "result": "valid"},
        {"tcId": 2, "comment": "modified tag", "flags": [], "key": "00000000000000000000000000000000",
         "iv": "000000000000000000000000", "aad": "", "msg": "", "ct": "",
         "tag": "58e2fccefa7e3061367f1d57a4e7455b", "result": "invalid"}]}]})");
}

std::string parse_error(const json& document) {
  const Result<VectorFile> parsed = parse_vector_file(document, "mini.json");
  return parsed ? "(no error)" : parsed.error().message;
}

TEST(VectorFile, ParsesAValidFile) {
  VectorFile f = *parse_vector_file(gcm_document(), "mini.json");
  EXPECT_EQ(f.name, "mini.json");
  EXPECT_EQ(f.algorithm, "AES-GCM");
  ASSERT_EQ(f.groups.size(), 1u);
  EXPECT_EQ(f.test_count(), 2u);
  const VectorGroup& g = f.groups[0];
  EXPECT_EQ(g.type, "AeadTest");
  EXPECT_EQ(g.fields.integer("/ivSize"), 96);
  EXPECT_EQ(g.pointer, "/testGroups/0");
  const VectorTest& t = g.tests[0];
  EXPECT_EQ(t.tc_id, 1);
  EXPECT_EQ(t.result, Expected::Valid);
  EXPECT_EQ(t.comment, "McGrew-Viega 1");
  EXPECT_EQ(t.flags, std::vector<std::string>{"Ktv"});
  EXPECT_EQ(t.fields.hex("/key").size(), 16u);
  EXPECT_EQ(to_hex(t.fields.hex("/tag")), "58e2fccefa7e3061367f1d57a4e7455a");
  EXPECT_TRUE(t.fields.hex("/msg").empty());
  EXPECT_EQ(g.tests[1].result, Expected::Invalid);
  EXPECT_EQ(g.tests[1].pointer, "/testGroups/0/tests/1");
}

TEST(VectorFile, BadHexNamesFilePointerAndTcId) {
  json d = gcm_document();
  d["testGroups"][0]["tests"][1]["ct"] = "zz";
  EXPECT_EQ(
      parse_error(d),
      "mini.json: /testGroups/0/tests/1/ct (tcId 2): 'zz' is not hex (expected an even number of digits 0-9, "
      "a-f)");
  d["testGroups"][0]["tests"][1]["ct"] = "abc";
  EXPECT_NE(parse_error(d).find("'abc' is not hex"), std::string::npos);
}

TEST(VectorFile, MissingFieldNamesFileAndTcId) {
  json d = gcm_document();
  d["testGroups"][0]["tests"][0].erase("tag");
  EXPECT_EQ(parse_error(d), "mini.json: /testGroups/0/tests/0 (tcId 1): missing field 'tag' (a hex string)");
  json g = gcm_document();
  g["testGroups"][0].erase("ivSize");
  EXPECT_EQ(parse_error(g), "mini.json: /testGroups/0: missing field 'ivSize' (an integer)");
  json t = gcm_document();
  t["testGroups"][0]["tests"][0].erase("tcId");
  EXPECT_EQ(parse_error(t), "mini.json: /testGroups/0/tests/0: missing field 'tcId' (an integer)");
}

TEST(VectorFile, WrongTypeNamesPointerAndWhatWasFound) {
  json d = gcm_document();
  d["testGroups"][0]["tests"][1]["tcId"] = "2";
  EXPECT_EQ(parse_error(d), "mini.json: /testGroups/0/tests/1/tcId: expected an integer, found string");
  json g = gcm_document();
  g["testGroups"][0]["keySize"] = 128.5;
  EXPECT_EQ(parse_error(g), "mini.json: /testGroups/0/keySize: expected an integer, found number");
  json h = gcm_document();
  h["testGroups"][0]["tests"][0]["key"] = 7;
  EXPECT_EQ(parse_error(h),
            "mini.json: /testGroups/0/tests/0/key (tcId 1): expected a hex string, found number");
  json r = gcm_document();
  r["testGroups"][0]["tests"][0]["result"] = "maybe";
  EXPECT_EQ(parse_error(r),
            "mini.json: /testGroups/0/tests/0/result (tcId 1): 'maybe' is not valid, invalid or acceptable");
  json top = gcm_document();
  top["testGroups"] = json::object();
  EXPECT_EQ(parse_error(top), "mini.json: /testGroups: expected an array, found object");
  EXPECT_EQ(parse_error(json::array()),
            "mini.json: /: expected a Wycheproof test file (a JSON object), found array");
}

// Issue #39 item 5: a schema this version does not read (a newer Wycheproof's) is not malformed. The file is
// read far enough to count its tests, and the runner reports them all as not run, with the reason.
TEST(VectorFile, UnknownSchemaIsNotRunNotMalformed) {
  json d = gcm_document();
  d["schema"] = "quantum_test_schema_v9.json";
  d["testGroups"][0]["type"] = "QuantumTest";
  d["testGroups"][0]["tests"][0].erase("key");  // its fields are unknown, so none is missing
  const Result<VectorFile> parsed = parse_vector_file(d, "mini.json");
  ASSERT_TRUE(parsed.ok()) << parsed.error().message;
  EXPECT_EQ(parsed->schema_info, nullptr);
  EXPECT_EQ(parsed->test_count(), 2u);
  const FileResult r = run_vector_file(*parsed, {});
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.tests, 2u);
  ASSERT_EQ(r.skipped.items.size(), 1u);
  EXPECT_EQ(r.skipped.items[0].first, "this version of cryptauditor does not run quantum_test_schema_v9.json files");
  EXPECT_EQ(r.skipped.items[0].second, 2u);
  // What every Wycheproof file has is still required.
  json no_groups = d;
  no_groups.erase("testGroups");
  EXPECT_EQ(parse_error(no_groups), "mini.json: /: missing field 'testGroups' (an array)");
}

TEST(VectorFile, WrongGroupTypeIsAnError) {
  json g = gcm_document();
  g["testGroups"][0]["type"] = "MacTest";
  EXPECT_EQ(
      parse_error(g),
      "mini.json: /testGroups/0/type: 'MacTest' is not the group type of aead_test_schema_v1.json (expected "
      "AeadTest)");
}

TEST(VectorFile, SyntaxErrorNamesTheFile) {
  const Result<VectorFile> parsed = parse_vector_text("{\"algorithm\": ", "broken.json");
  ASSERT_FALSE(parsed.ok()) << "no error";
  EXPECT_EQ(parsed.error().message.rfind("broken.json: not valid JSON at byte ", 0), 0u)
      << parsed.error().message;
}

// ---- mapping ---------------------------------------------------------------------------------------------

VectorFile one_group(const std::string& algorithm, const std::string& schema, json group) {
  group["tests"] = json::array();
  return *parse_vector_file({{"algorithm", algorithm}, {"schema", schema}, {"testGroups", {group}}},
                            "m.json");
}

TEST(Mapping, RunsWhatTheCatalogDefinesAndSaysWhyNot) {
  auto gcm = [](int iv, int key, int tag) {
    return one_group("AES-GCM", "aead_test_schema_v1.json",
                     {{"type", "AeadTest"}, {"ivSize", iv}, {"keySize", key}, {"tagSize", tag}});
  };
  VectorFile ok = gcm(96, 192, 128);
  GroupPlan p = plan_group(ok, ok.groups[0]);
  ASSERT_TRUE(p.runs()) << p.skip_reason;
  EXPECT_EQ(p.algorithm->name, "AES-GCM");
  EXPECT_EQ(p.key_bits, 192u);
  EXPECT_EQ(p.params, "");
  EXPECT_EQ(p.outside_range, "");
  // Other nonce and tag lengths inside the declared ranges run, with the lengths as the key spec's params.
  VectorFile short_iv = gcm(64, 128, 128);
  p = plan_group(short_iv, short_iv.groups[0]);
  ASSERT_TRUE(p.runs()) << p.skip_reason;
  EXPECT_EQ(p.params, "nonce=8");
  VectorFile short_tag = gcm(96, 128, 96);
  p = plan_group(short_tag, short_tag.groups[0]);
  ASSERT_TRUE(p.runs()) << p.skip_reason;
  EXPECT_EQ(p.params, "tag=12");
  VectorFile both = gcm(2056, 256, 104);
  EXPECT_EQ(plan_group(both, both.groups[0]).params, "tag=13,nonce=257");
  // Outside them the group runs for its invalid tests, which must be refused; its valid ones are skipped.
  VectorFile no_iv = gcm(0, 128, 128);
  p = plan_group(no_iv, no_iv.groups[0]);
  ASSERT_TRUE(p.runs()) << p.skip_reason;
  EXPECT_EQ(p.outside_range, "IV size 0 bits: AES-GCM is defined with nonces of 1..1024 bytes");
  VectorFile big_key = gcm(96, 512, 128);
  EXPECT_EQ(plan_group(big_key, big_key.groups[0]).outside_range,
            "key size 512 bits: AES-GCM is defined with 128, 192 or 256-bit keys");
  VectorFile ccm = one_group("AES-CCM", "aead_test_schema_v1.json",
                             {{"type", "AeadTest"}, {"ivSize", 96}, {"keySize", 128}, {"tagSize", 24}});
  EXPECT_EQ(plan_group(ccm, ccm.groups[0]).outside_range,
            "tag size 24 bits: AES-CCM is defined with tags of 4..16 in steps of 2 bytes");
}

TEST(Mapping, MacKeysOfAnyLengthTruncatedTagsAndKmacOutputLengths) {
  VectorFile hmac = one_group("HMACSHA1", "mac_test_schema_v1.json",
                              {{"type", "MacTest"}, {"keySize", 520}, {"tagSize", 80}});
  GroupPlan p = plan_group(hmac, hmac.groups[0]);
  ASSERT_TRUE(p.runs()) << p.skip_reason;
  EXPECT_EQ(p.algorithm->name, "HMAC-SHA1");
  EXPECT_EQ(p.key_bits, 520u) << "HMAC takes a key of any whole number of bytes";
  EXPECT_EQ(p.truncated_tag, 10u) << "the core compares the full tag's leftmost 10 bytes";
  EXPECT_EQ(p.params, "");
  VectorFile kmac = one_group("KMAC128", "mac_test_schema_v1.json",
                              {{"type", "MacTest"}, {"keySize", 1032}, {"tagSize", 128}});
  p = plan_group(kmac, kmac.groups[0]);
  ASSERT_TRUE(p.runs()) << p.skip_reason;
  EXPECT_EQ(p.truncated_tag, 0u);
  EXPECT_EQ(p.params, "tag=16") << "KMAC's output length is an input of the function";
  VectorFile cmac = one_group("AES-CMAC", "mac_test_schema_v1.json",
                              {{"type", "MacTest"}, {"keySize", 64}, {"tagSize", 128}});
  EXPECT_EQ(plan_group(cmac, cmac.groups[0]).outside_range,
            "key size 64 bits: CMAC-AES is defined with 128, 192 or 256-bit keys");
}

TEST(Mapping, OutsideTheRangeOnlyInvalidTestsRun) {
  VectorFile f = *parse_vector_file({{"algorithm", "CHACHA20-POLY1305"},
                                     {"schema", "aead_test_schema_v1.json"},
                                     {"testGroups",
                                      {{{"type", "AeadTest"},
                                        {"ivSize", 64},
                                        {"keySize", 256},
                                        {"tagSize", 128},
                                        {"tests",
                                         {{{"tcId", 1},
                                           {"comment", ""},
                                           {"flags", json::array()},
                                           {"key", "00"},
                                           {"iv", "00"},
                                           {"aad", ""},
                                           {"msg", ""},
                                           {"ct", ""},
                                           {"tag", "00"},
                                           {"result", "invalid"}},
                                          {{"tcId", 2},
                                           {"comment", ""},
                                           {"flags", json::array()},
                                           {"key", "00"},
                                           {"iv", "00"},
                                           {"aad", ""},
                                           {"msg", ""},
                                           {"ct", ""},
                                           {"tag", "00"},
                                           {"result", "valid"}}}}}}}},
                                    "c.json");
  const GroupPlan p = plan_group(f, f.groups[0]);
  ASSERT_TRUE(p.runs());
  EXPECT_FALSE(test_skip_reason(p, f.groups[0], f.groups[0].tests[0]).has_value()) << "invalid: runs";
  EXPECT_EQ(test_skip_reason(p, f.groups[0], f.groups[0].tests[1]).value_or(""),
            "IV size 64 bits: CHACHA20-POLY1305 is defined with nonces of 12 bytes");
}

TEST(Mapping, SivTakesTwoKeysAndNoNonce) {
  VectorFile siv =
      one_group("AES-SIV-CMAC", "daead_test_schema_v1.json", {{"type", "DaeadTest"}, {"keySize", 512}});
  GroupPlan p = plan_group(siv, siv.groups[0]);
  ASSERT_TRUE(p.runs()) << p.skip_reason;
  EXPECT_EQ(p.algorithm->name, "AES-SIV");
  EXPECT_EQ(p.key_bits, 256u);
  // Nonce-based AES-SIV: the nonce is the last AD component, passed as "nonce=N".
  VectorFile nonce = one_group("AEAD-AES-SIV-CMAC", "aead_test_schema_v1.json",
                               {{"type", "AeadTest"}, {"ivSize", 96}, {"keySize", 256}, {"tagSize", 128}});
  p = plan_group(nonce, nonce.groups[0]);
  ASSERT_TRUE(p.runs()) << p.skip_reason;
  EXPECT_EQ(p.key_bits, 128u);
  EXPECT_EQ(p.params, "nonce=12");
  EXPECT_EQ(p.outside_range, "");
}

TEST(Mapping, CurvesAndHashesSelectTheRow) {
  auto ecdsa = [](const std::string& curve, const std::string& sha) {
    return one_group("ECDSA", "ecdsa_verify_schema_v1.json",
                     {{"type", "EcdsaVerify"},
                      {"publicKeyDer", "3059"},
                      {"publicKey", {{"curve", curve}, {"keySize", 256}}},
                      {"sha", sha}});
  };
  VectorFile p256 = ecdsa("secp256r1", "SHA-256");
  GroupPlan p = plan_group(p256, p256.groups[0]);
  ASSERT_TRUE(p.runs()) << p.skip_reason;
  EXPECT_EQ(p.kind, TestKind::EcdsaDer);
  VectorFile k1 = ecdsa("secp256k1", "SHA-256");
  p = plan_group(k1, k1.groups[0]);
  ASSERT_TRUE(p.runs()) << p.skip_reason;
  EXPECT_EQ(p.algorithm->name, "ECDSA-SECP256K1");
  VectorFile p521 = ecdsa("secp521r1", "SHA-512");
  p = plan_group(p521, p521.groups[0]);
  ASSERT_TRUE(p.runs()) << p.skip_reason;
  EXPECT_EQ(p.algorithm->name, "ECDSA-P521");
  EXPECT_EQ(p.key_bits, 521u);
  VectorFile odd = ecdsa("secp256r1", "SHA-512");
  EXPECT_EQ(plan_group(odd, odd.groups[0]).skip_reason.rfind("our ECDSA is P-256 with SHA-256 (group: ", 0),
            0u);

  VectorFile pss = one_group("RSASSA-PSS", "rsassa_pss_verify_schema_v1.json",
                             {{"type", "RsassaPssVerify"},
                              {"publicKeyDer", "30"},
                              {"keySize", 4096},
                              {"sha", "SHA-512"},
                              {"mgf", "MGF1"},
                              {"mgfSha", "SHA-512"},
                              {"sLen", 64}});
  p = plan_group(pss, pss.groups[0]);
  ASSERT_TRUE(p.runs()) << p.skip_reason;
  EXPECT_EQ(p.algorithm->name, "RSA-PSS-SHA512");
  pss.groups[0].fields.integers["/sLen"] = 32;
  EXPECT_NE(plan_group(pss, pss.groups[0]).skip_reason.find("differ from our RSA-PSS"), std::string::npos);

  VectorFile ed448 =
      one_group("EDDSA", "eddsa_verify_schema_v1.json",
                {{"type", "EddsaVerify"}, {"publicKey", {{"curve", "edwards448"}, {"pk", "00"}}}});
  p = plan_group(ed448, ed448.groups[0]);
  ASSERT_TRUE(p.runs()) << p.skip_reason;
  EXPECT_EQ(p.algorithm->name, "ED448");
  EXPECT_EQ(p.kind, TestKind::Eddsa);
}

TEST(Mapping, KeyAgreementAndKdfGroupsRun) {
  auto xdh = [](const std::string& curve) {
    return one_group("XDH", "xdh_comp_schema_v1.json", {{"type", "XdhComp"}, {"curve", curve}});
  };
  VectorFile x25519 = xdh("curve25519");
  GroupPlan p = plan_group(x25519, x25519.groups[0]);
  ASSERT_TRUE(p.runs()) << p.skip_reason;
  EXPECT_EQ(p.algorithm->name, "X25519");
  EXPECT_EQ(p.kind, TestKind::Xdh);
  VectorFile x448 = xdh("curve448");
  p = plan_group(x448, x448.groups[0]);
  ASSERT_TRUE(p.runs()) << p.skip_reason;
  EXPECT_EQ(p.algorithm->name, "X448");
  EXPECT_EQ(p.key_bits, 448u);

  auto ecdh = [](const std::string& curve, const std::string& encoding) {
    return one_group("ECDH", "ecdh_test_schema_v1.json",
                     {{"type", "EcdhTest"}, {"curve", curve}, {"encoding", encoding}});
  };
  VectorFile p384 = ecdh("secp384r1", "asn");
  p = plan_group(p384, p384.groups[0]);
  ASSERT_TRUE(p.runs()) << p.skip_reason;
  EXPECT_EQ(p.algorithm->name, "ECDH-P384");
  EXPECT_EQ(p.kind, TestKind::Ecdh);
  VectorFile p521 = ecdh("secp521r1", "asn");
  p = plan_group(p521, p521.groups[0]);
  ASSERT_TRUE(p.runs()) << p.skip_reason;
  EXPECT_EQ(p.algorithm->name, "ECDH-P521");
  VectorFile point = ecdh("secp256r1", "ecpoint");
  EXPECT_EQ(plan_group(point, point.groups[0])
                .skip_reason.rfind("our ECDH entries take the public key as "
                                   "SubjectPublicKeyInfo (group: ",
                                   0),
            0u);

  VectorFile hkdf =
      one_group("HKDF-SHA-512", "hkdf_test_schema_v1.json", {{"type", "HkdfTest"}, {"keySize", 256}});
  p = plan_group(hkdf, hkdf.groups[0]);
  ASSERT_TRUE(p.runs()) << p.skip_reason;
  EXPECT_EQ(p.algorithm->name, "HKDF-SHA512");
  EXPECT_EQ(p.kind, TestKind::Hkdf);
  VectorFile pbkdf = one_group("PBKDF2-HMACSHA256", "pbkdf_test_schema.json", {{"type", "PbkdfTest"}});
  p = plan_group(pbkdf, pbkdf.groups[0]);
  ASSERT_TRUE(p.runs()) << p.skip_reason;
  EXPECT_EQ(p.algorithm->name, "PBKDF2-SHA256");
  EXPECT_EQ(p.kind, TestKind::Pbkdf);
}

TEST(Mapping, PbkdfIterationCountOutsideTheCatalogRangeIsSkipped) {
  VectorFile f = *parse_vector_file({{"algorithm", "PBKDF2-HMACSHA256"},
                                     {"schema", "pbkdf_test_schema.json"},
                                     {"testGroups",
                                      {{{"type", "PbkdfTest"},
                                        {"tests",
                                         {{{"tcId", 1},
                                           {"comment", ""},
                                           {"flags", json::array()},
                                           {"password", "70"},
                                           {"salt", "73"},
                                           {"iterationCount", 0},
                                           {"dkLen", 32},
                                           {"dk", "00"},
                                           {"result", "valid"}},
                                          {{"tcId", 2},
                                           {"comment", ""},
                                           {"flags", json::array()},
                                           {"password", "70"},
                                           {"salt", "73"},
                                           {"iterationCount", 4096},
                                           {"dkLen", 32},
                                           {"dk", "00"},
                                           {"result", "valid"}}}}}}}},
                                    "p.json");
  GroupPlan p = plan_group(f, f.groups[0]);
  ASSERT_TRUE(p.runs()) << p.skip_reason;
  EXPECT_EQ(test_skip_reason(p, f.groups[0], f.groups[0].tests[0]), "iteration count outside 1..100000000");
  EXPECT_EQ(test_skip_reason(p, f.groups[0], f.groups[0].tests[1]), std::nullopt);
}

// ---- PKCS#8 for EC private scalars ------------------------------------------------------------------------

TEST(EcPrivateKey, WrapsAScalarAsRfc5915InPkcs8) {
  auto p256 = named_curve("secp256r1");
  ASSERT_TRUE(p256.has_value());
  // The ASN.1-integer form Wycheproof uses (a leading zero byte) and a short scalar are padded to 32 bytes.
  auto der = ec_private_key_pkcs8(*p256, *from_hex("00ff"));
  ASSERT_TRUE(der.has_value());
  EXPECT_EQ(to_hex(*der), "3041020100301306072a8648ce3d020106082a8648ce3d030107042730250201010420" +
                              std::string(62, '0') + "ff");
  auto p384 = named_curve("secp384r1");
  ASSERT_TRUE(p384.has_value());
  der = ec_private_key_pkcs8(*p384, Bytes(49, 0x01));  // 49 non-zero bytes cannot be a P-384 scalar
  EXPECT_FALSE(der.has_value());
  der = ec_private_key_pkcs8(*p384, Bytes(48, 0x01));
  ASSERT_TRUE(der.has_value());
  EXPECT_EQ(to_hex(*der),
            "304e020100301006072a8648ce3d020106052b81040022043730350201010430" + to_hex(Bytes(48, 0x01)));
  EXPECT_FALSE(named_curve("curve25519").has_value());
}

TEST(Mapping, EveryRowNamesAKnownGroupType) {
  for (const MappingRow& row : mapping_table()) {
    bool known = false;
    for (const SchemaInfo& s : known_schemas()) known = known || s.group_type == row.group_type;
    EXPECT_TRUE(known) << row.group_type << " / " << row.algorithm;
    EXPECT_TRUE(!row.catalog_name.empty() || !row.reason.empty())
        << row.algorithm << ": a row needs a name or a reason";
  }
}

// ---- P1363 -> DER ----------------------------------------------------------------------------------------

TEST(EcdsaDer, ConvertsP1363WithMinimalIntegers) {
  Bytes sig(64, 0);
  sig[31] = 0x01;  // r = 1
  sig[32] = 0x80;  // s has its top bit set: needs a 0x00 sign byte
  sig[63] = 0x02;
  auto der = p1363_to_der(sig, 32);
  ASSERT_TRUE(der);
  EXPECT_EQ(to_hex(*der),
            "3026"
            "020101"
            "022100"
            "80000000000000000000000000000000000000000000000000000000000000"
            "02");
  Bytes zero(64, 0);
  EXPECT_EQ(to_hex(*p1363_to_der(zero, 32)), "3006020100020100");
  EXPECT_FALSE(p1363_to_der(Bytes(63, 1), 32));
  EXPECT_FALSE(p1363_to_der(Bytes(65, 1), 32));
}

// ---- output formats (golden text) -----------------------------------------------------------------------

VectorRun sample_run() {
  VectorRun run;
  FileResult gcm;
  gcm.file = "aes_gcm_test.json";
  gcm.algorithm = "AES-GCM";
  gcm.schema = "aead_test_schema_v1.json";
  gcm.tests = 12;
  gcm.skipped.add("IV size 64 bits: AES-GCM is defined with 96-bit nonces here", 2);
  gcm.skipped.add("IV size 8 bits: AES-GCM is defined with 96-bit nonces here", 1);
  BackendTally a;
  a.backend = "alpha";
  a.passed = 7;
  a.failed = 1;
  a.skipped = 3;
  a.acceptable = 1;
  a.acceptable_accepted = 1;
  a.skip_reasons = gcm.skipped;
  a.failures.push_back(
      {5, Expected::Valid, Verdict::Fail, false, "encrypt gave 00, expected 01", "tag", {"Ktv"}});
  a.acceptable_outcomes.push_back({9, Expected::Acceptable, Verdict::Acceptable, true, "", "", {}});
  BackendTally b;
  b.backend = "beta";
  b.passed = 0;
  b.skipped = 12;
  b.skip_reasons = gcm.skipped;
  b.skip_reasons.add("not offered by this library", 9);
  BackendTally c;
  c.backend = "gamma";
  c.passed = 8;
  c.skipped = 3;
  c.deviations = 1;
  c.skip_reasons = gcm.skipped;
  c.deviation_outcomes.push_back(
      {7, Expected::Invalid, Verdict::Deviation, true, "accepted; documented deviation: lenient", "", {}});
  gcm.backends = {a, b, c};
  gcm.not_offered.push_back({"delta", "not offered by this library"});
  FileResult x;
  x.file = "ecdh_secp521r1_test.json";
  x.algorithm = "ECDH";
  x.tests = 4;
  x.skipped.add("ECDH-P521 is not in the catalog yet", 4);
  FileResult bad;
  bad.file = "bad.json";
  bad.error = "bad.json: /schema: expected a string, found number";
  run.files = {gcm, x, bad};
  return run;
}

// Issue #39: per file and library, the tcIds of acceptable tests and documented deviations only under -v
// (failures always); a library without the algorithm on one line, with no tally.
TEST(VerifyTable, GoldenText) {
  const VectorRun run = sample_run();
  const std::vector<BackendInfo> backends = {
      {"alpha", "Alpha", "1.0"}, {"beta", "Beta", "2"}, {"gamma", "Gamma", "3"}, {"delta", "Delta", "4"}};
  const std::string head = R"(Wycheproof vectors: vectors/ (3 files)
Backends: alpha (Alpha 1.0) beta (Beta 2) gamma (Gamma 3) delta (Delta 4)

aes_gcm_test.json: AES-GCM, 12 tests
  not offered by delta (not offered by this library): no tally
  not run on any backend: 3 tests
    3 tests: IV size 8, 64 bits: AES-GCM is defined with 96-bit nonces here
  backend    passed  failed  skipped  acceptable  deviations
  alpha           7       1        3           1           0
  beta            0       0       12           0           0
  gamma           8       0        3           0           1
)";
  const std::string tail = R"(ecdh_secp521r1_test.json: ECDH, 4 tests, not run: ECDH-P521 is not in the catalog yet
ERROR bad.json: /schema: expected a string, found number

Summary: 3 files, 1 run on a backend, 1 not run, 1 malformed
Tests x backends: passed 15, failed 1, skipped 18, acceptable 1, deviations (documented) 1
)";
  std::ostringstream brief;
  write_vector_table({"vectors/", backends, run}, brief);
  EXPECT_EQ(brief.str(), head + R"(    beta skipped:
      9 tests: not offered by this library
  FAIL aes_gcm_test.json tcId 5 alpha (valid): encrypt gave 00, expected 01 [tag; flags Ktv]
)" + tail + R"(The tcIds of the acceptable tests and documented deviations: verify -v, or --format json
Result: FAILED (1 failure, 1 malformed file)
)");
  std::ostringstream verbose;
  write_vector_table({"vectors/", backends, run, /*verbose=*/true}, verbose);
  EXPECT_EQ(verbose.str(), head + R"(    alpha acceptable tests: accepted tcId 9; rejected none
    beta skipped:
      9 tests: not offered by this library
  FAIL aes_gcm_test.json tcId 5 alpha (valid): encrypt gave 00, expected 01 [tag; flags Ktv]
  deviation (documented) aes_gcm_test.json tcId 7 gamma (invalid): accepted; documented deviation: lenient
)" + tail + R"(Result: FAILED (1 failure, 1 malformed file)
)");
}

TEST(VerifyJson, CarriesEveryCountAndReason) {
  const VectorRun run = sample_run();
  std::ostringstream out;
  write_vector_json({"vectors/", {{"alpha", "Alpha", "1.0"}}, run}, out);
  json doc = json::parse(out.str());
  EXPECT_EQ(doc["kind"], "wycheproof");
  EXPECT_EQ(doc["summary"]["failed"], 1);
  EXPECT_EQ(doc["summary"]["malformed_files"], 1);
  EXPECT_EQ(doc["summary"]["ok"], false);
  const json& f = doc["files"][0];
  ASSERT_EQ(f["not_run"].size(), 2u);  // JSON keeps reasons apart
  EXPECT_EQ(f["not_run"][1]["reason"], "IV size 8 bits: AES-GCM is defined with 96-bit nonces here");
  EXPECT_EQ(f["backends"][0]["failures"][0]["tcId"], 5);
  EXPECT_EQ(f["backends"][0]["failures"][0]["flags"][0], "Ktv");
  EXPECT_EQ(f["backends"][2]["documented_deviations"][0]["tcId"], 7);
  EXPECT_TRUE(doc["files"][1]["backends"].empty());
  EXPECT_EQ(doc["files"][2]["error"], "bad.json: /schema: expected a string, found number");
  ASSERT_EQ(f["not_offered"].size(), 1u);
  EXPECT_EQ(f["not_offered"][0]["backend"], "delta");
  EXPECT_EQ(f["not_offered"][0]["reason"], "not offered by this library");
}

TEST(InteropTable, GoldenText) {
  InteropRun run;
  run.backends = {"openssl", "botan", "other"};
  run.checks = {{"AES-GCM", 256, "openssl", "botan", true, ""},
                {"AES-GCM", 256, "botan", "openssl", false, "openssl cannot decrypt botan's ciphertext"},
                {"SHA2-256", 0, "openssl", "botan", true, ""},
                {"SHA2-256", 0, "botan", "openssl", true, ""}};
  std::ostringstream out;
  write_interop_table({{{"openssl", "OpenSSL", "3"}, {"botan", "Botan", "2"}, {"other", "Other", "1"}}, run},
                      out);
  EXPECT_EQ(out.str(), R"(Interop: A produces, B consumes (encrypt/decrypt, sign/verify, same digest or tag)
Backends: ope = openssl (OpenSSL 3) bot = botan (Botan 2) oth = other (Other 1)

algorithm    ope>bot  bot>ope
AES-GCM 256  ok       FAIL
SHA2-256     ok       ok
('-': not offered by both backends of the pair; the number after a name is the key size in bits)
FAIL AES-GCM 256 botan -> openssl: openssl cannot decrypt botan's ciphertext

Summary: 2 algorithm/key sizes, 4 checks, 1 failure
Result: FAILED
)");
}

// ---- against the backends --------------------------------------------------------------------------------

const PluginScan& plugins() {
  static PluginScan scan = load_plugins(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS);
  return scan;
}

std::vector<const Backend*> all_backends() {
  std::vector<const Backend*> out;
  for (const auto& b : plugins().backends) out.push_back(b.get());
  return out;
}

const std::string kVectors = std::string(CRYPTAUDITOR_WYCHEPROOF_DIR) + "/testvectors_v1";

#define REQUIRE_WYCHEPROOF()                                                                \
  if (!fs::is_directory(kVectors)) GTEST_SKIP() << "no Wycheproof vectors at " << kVectors; \
  if (plugins().backends.empty()) GTEST_SKIP() << "no backend plugin was built"

TEST(Wycheproof, MiniFileRunsOnEveryBackendOfferingAesGcm) {
  if (plugins().backends.empty()) GTEST_SKIP() << "no backend plugin was built";
  FileResult r = run_vector_file(*parse_vector_file(gcm_document(), "mini.json"), all_backends());
  size_t ran = 0;
  for (const auto& b : r.backends) {
    if (b.skipped == 2) continue;  // the backend does not offer AES-GCM
    ++ran;
    EXPECT_EQ(b.passed, 2u) << b.backend;
    EXPECT_EQ(b.failed, 0u) << b.backend << ": " << (b.failures.empty() ? "" : b.failures[0].detail);
  }
  EXPECT_GT(ran, 0u) << "no backend offers AES-GCM";
}

TEST(Wycheproof, EveryBuiltBackendPassesEveryVectorItTakes) {
  REQUIRE_WYCHEPROOF();
  VectorRun run = run_vector_files(*vector_files(kVectors), all_backends());
  size_t passed = 0;
  for (const FileResult& f : run.files) {
    EXPECT_EQ(f.error, "") << f.file;
    for (const BackendTally& b : f.backends) {
      passed += b.passed;
      // The first few failures of each file and backend in full, then how many more.
      for (size_t i = 0; i < b.failures.size() && i < 5; ++i) {
        const TestOutcome& t = b.failures[i];
        ADD_FAILURE() << f.file << " tcId " << t.tc_id << " " << b.backend << " ("
                      << expected_name(t.expected) << "): " << t.detail << " [" << t.comment << "]";
      }
      if (b.failures.size() > 5)
        ADD_FAILURE() << f.file << " " << b.backend << ": " << b.failures.size() - 5 << " more failures";
      EXPECT_EQ(b.passed + b.failed + b.skipped + b.acceptable + b.deviations, f.tests)
          << f.file << " " << b.backend;
    }
  }
  EXPECT_GT(passed, 1000u) << "suspiciously few tests ran";
  // Every deviation a backend declares for the version its library reports is applied, unless the backend
  // runs no test of that file (gcrypt's Ed448 row is withheld): an entry whose test passes is stale.
  auto tally_of = [&run](const std::string& file, const std::string& backend) -> const BackendTally* {
    for (const FileResult& f : run.files)
      for (const BackendTally& b : f.backends)
        if (f.file == file && b.backend == backend && b.skipped < f.tests) return &b;
    return nullptr;
  };
  size_t total = 0;
  for (const Backend* backend : all_backends()) {
    size_t declared = 0, applied = 0;
    for (const DeclaredDeviation& d : backend->deviations())
      if (tally_of(d.file, backend->name()) != nullptr &&
          version_in_range(backend->library_version(), d.first_version, d.last_version))
        ++declared;
    for (const FileResult& f : run.files)
      if (const BackendTally* b = tally_of(f.file, backend->name())) applied += b->deviations;
    EXPECT_EQ(applied, declared) << backend->name() << " " << backend->library_version();
    total += applied;
  }
  std::cout << "[ note ] " << total << " declared deviations applied\n";
}

std::string reasons(const ReasonCounts& r) {
  std::string out;
  for (const auto& [why, n] : r.items) out += "[" + std::to_string(n) + "x " + why + "] ";
  return out;
}

// Issue #13: Wycheproof's AES-SIV tests with an empty aad mean one empty AD component (RFC 5297 section 3).
// verify asks for it with "empty_ad=1"; every backend offering AES-SIV takes it and must pass them.
TEST(Wycheproof, AesSivWithAnEmptyAadRunsAsOneEmptyAdComponent) {
  REQUIRE_WYCHEPROOF();
  size_t offering = 0;
  for (const char* name : {"aes_siv_cmac_test.json", "aead_aes_siv_cmac_test.json"}) {
    const FileResult f = run_vector_file(*load_vector_file(kVectors + "/" + name), all_backends());
    EXPECT_TRUE(f.skipped.empty()) << name << " has tests no backend runs: " << reasons(f.skipped);
    for (const BackendTally& b : f.backends) {
      if (b.skipped == f.tests) continue;  // the backend does not offer AES-SIV
      ++offering;
      EXPECT_EQ(b.failed, 0u) << name << " " << b.backend << ": "
                              << (b.failures.empty() ? "" : b.failures[0].detail);
      for (const auto& [why, n] : b.skip_reasons.items) {
        EXPECT_EQ(why.find("empty_ad"), std::string::npos) << name << " " << b.backend << ": " << why;
        // What a backend may still skip is its library's own limit: OpenSSL's empty plaintext.
        EXPECT_NE(why.find("empty plaintext"), std::string::npos) << name << " " << b.backend << ": " << why;
      }
    }
  }
  EXPECT_GT(offering, 0u) << "no backend offers AES-SIV";
}

// Issue #13: a P1363 signature of the wrong length goes, as it is, to a backend whose library takes P1363
// ("p1363=1": Botan), which must reject it; the backends whose libraries take DER skip it with that reason.
TEST(Wycheproof, P1363SignaturesOfAnyLengthReachALibraryThatTakesP1363) {
  REQUIRE_WYCHEPROOF();
  const FileResult f = run_vector_file(
      *load_vector_file(kVectors + "/ecdsa_secp256r1_sha256_p1363_test.json"), all_backends());
  EXPECT_TRUE(f.skipped.empty()) << "tests no backend runs: " << reasons(f.skipped);
  size_t raw = 0;
  for (const BackendTally& b : f.backends) {
    if (b.skipped == f.tests) continue;  // the backend does not offer ECDSA
    EXPECT_EQ(b.failed, 0u) << b.backend << ": " << (b.failures.empty() ? "" : b.failures[0].detail);
    if (b.skipped == 0) ++raw;
    for (const auto& [why, n] : b.skip_reasons.items)
      EXPECT_NE(why.find("with p1363=1 not offered by this backend"), std::string::npos)
          << b.backend << ": " << why;
  }
  bool botan = false;
  for (const auto& b : plugins().backends) botan = botan || std::string(b->name()) == "botan";
  if (botan) {
    EXPECT_GT(raw, 0u) << "botan should run every P1363 test";
  }
}

// The one runnable group with this (ivSize, keySize) and its first valid test, for tampering.
struct Target {
  size_t group = 0, test = 0;
  int64_t tc_id = 0;
};

Target first_valid_gcm_test(const json& d) {
  for (size_t g = 0; g < d["testGroups"].size(); ++g) {
    const json& group = d["testGroups"][g];
    if (group["ivSize"] != 96 || group["keySize"] != 128) continue;
    for (size_t t = 0; t < group["tests"].size(); ++t)
      if (group["tests"][t]["result"] == "valid" && !group["tests"][t]["tag"].get<std::string>().empty())
        return {g, t, group["tests"][t]["tcId"].get<int64_t>()};
  }
  return {};
}

const Backend* backend_offering(const std::string& algorithm, uint32_t bits) {
  for (const auto& b : plugins().backends)
    if (!b->unsupported_reason(algorithm, bits)) return b.get();
  return nullptr;
}

using Cli = ca::test::ProgramResult;

Cli run_cli(const std::string& args) { return ca::test::run_cryptauditor("verify " + args); }

std::string temp_dir(const std::string& name) {
  fs::path dir = fs::path(testing::TempDir()) / (name + "_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir.string();
}

TEST(Wycheproof, TamperedTagFailsNamingFileTcIdAndBackend) {
  REQUIRE_WYCHEPROOF();
  const Backend* backend = backend_offering("AES-GCM", 128);
  if (backend == nullptr) GTEST_SKIP() << "no backend offers AES-GCM";
  std::ifstream in(kVectors + "/aes_gcm_test.json");
  json d = json::parse(in);
  const Target target = first_valid_gcm_test(d);
  ASSERT_NE(target.tc_id, 0);
  std::string& tag = d["testGroups"][target.group]["tests"][target.test]["tag"].get_ref<std::string&>();
  tag[0] = tag[0] == '0' ? '1' : '0';
  const std::string dir = temp_dir("tampered");
  const std::string path = dir + "/aes_gcm_test.json";
  std::ofstream(path) << d.dump();

  VectorRun run = run_vector_files({path}, {backend});
  ASSERT_EQ(run.files.size(), 1u);
  ASSERT_EQ(run.files[0].backends.size(), 1u);
  const BackendTally& tally = run.files[0].backends[0];
  EXPECT_EQ(tally.failed, 1u);
  ASSERT_FALSE(tally.failures.empty());
  EXPECT_EQ(tally.failures[0].tc_id, target.tc_id);
  EXPECT_FALSE(run.ok());

  Cli cli = run_cli("--vectors " + path + " -b " + backend->name());
  EXPECT_EQ(cli.status, 1) << cli.out << cli.err;
  const std::string line =
      "FAIL aes_gcm_test.json tcId " + std::to_string(target.tc_id) + " " + backend->name() + " ";
  EXPECT_NE(cli.out.find(line), std::string::npos) << "expected a line starting '" << line << "' in\n"
                                                   << cli.out;
  EXPECT_NE(cli.out.find("Result: FAILED"), std::string::npos) << cli.out;
  fs::remove_all(dir);
}

TEST(Wycheproof, MalformedFileMakesVerifyFailNamingFileAndTcId) {
  if (plugins().backends.empty()) GTEST_SKIP() << "no backend plugin was built";
  json d = gcm_document();
  d["testGroups"][0]["tests"][1]["iv"] = "xyz0";
  const std::string dir = temp_dir("malformed");
  std::ofstream(dir + "/broken_test.json") << d.dump();
  std::ofstream(dir + "/good_test.json") << gcm_document().dump();
  Cli cli = run_cli("--vectors " + dir);
  EXPECT_EQ(cli.status, 1) << cli.out << cli.err;
  EXPECT_NE(cli.err.find("broken_test.json: /testGroups/0/tests/1/iv (tcId 2): 'xyz0' is not hex"),
            std::string::npos)
      << cli.err;
  EXPECT_NE(cli.out.find("good_test.json: AES-GCM, 2 tests"), std::string::npos)
      << "the other file still runs\n"
      << cli.out;
  fs::remove_all(dir);
}

// Issue #39 item 5: verify over a file of an unknown schema beside a known one lists it as not run, with the
// reason, and passes.
TEST(Wycheproof, UnknownSchemaFileIsNotRunAndVerifyPasses) {
  if (plugins().backends.empty()) GTEST_SKIP() << "no backend plugin was built";
  json d = gcm_document();
  d["schema"] = "mlkem_test_schema.json";
  d["algorithm"] = "ML-KEM";
  const std::string dir = temp_dir("unknown_schema");
  std::ofstream(dir + "/mlkem_768_test.json") << d.dump();
  std::ofstream(dir + "/good_test.json") << gcm_document().dump();
  Cli cli = run_cli("--vectors " + dir);
  EXPECT_EQ(cli.status, 0) << cli.out << cli.err;
  // The summary counts "0 malformed"; no file is called malformed.
  EXPECT_NE(cli.out.find(", 0 malformed\n"), std::string::npos) << cli.out;
  EXPECT_EQ(cli.out.find("malformed file"), std::string::npos) << cli.out;
  EXPECT_NE(cli.out.find("not run: this version of cryptauditor does not run mlkem_test_schema.json files"),
            std::string::npos)
      << cli.out;
  fs::remove_all(dir);
}

// Issue #39: OpenSSL showed "passed 9, skipped 306" for xchacha20_poly1305_test.json, a file of an
// algorithm it does not offer: the 9 were invalid-nonce tests any refusal passes. A library without the
// algorithm has no tally for the file and is listed as not offering it; one with it keeps its tally.
TEST(Wycheproof, ALibraryWithoutTheFilesAlgorithmHasNoTally) {
  REQUIRE_WYCHEPROOF();
  const FileResult f =
      run_vector_file(*load_vector_file(kVectors + "/xchacha20_poly1305_test.json"), all_backends());
  size_t without = 0;
  for (const auto& b : plugins().backends) {
    const bool offers = !b->unsupported_reason("XCHACHA20-POLY1305", 256);
    const bool tallied = std::any_of(f.backends.begin(), f.backends.end(),
                                     [&](const BackendTally& t) { return t.backend == b->name(); });
    const bool listed = std::any_of(f.not_offered.begin(), f.not_offered.end(),
                                    [&](const FileResult::NotOffered& n) { return n.backend == b->name(); });
    EXPECT_EQ(tallied, offers) << b->name();
    EXPECT_EQ(listed, !offers) << b->name();
    without += offers ? 0 : 1;
  }
  if (without == 0) GTEST_SKIP() << "every built backend offers XChaCha20-Poly1305";
  const auto openssl = std::find_if(plugins().backends.begin(), plugins().backends.end(),
                                    [](const auto& b) { return b->name() == "openssl"; });
  if (openssl == plugins().backends.end()) return;
  Cli cli = run_cli("--vectors " + kVectors + "/xchacha20_poly1305_test.json");
  // One line lists every library without the algorithm, grouped by reason: "not offered by gcrypt, ...,
  // openssl (not offered by this library); tomcrypt (...): no tally".
  const size_t listed_at = cli.out.find("not offered by ");
  ASSERT_NE(listed_at, std::string::npos) << cli.out;
  const size_t listed_end = cli.out.find(": no tally", listed_at);
  ASSERT_NE(listed_end, std::string::npos) << cli.out;
  EXPECT_NE(cli.out.substr(listed_at, listed_end - listed_at).find("openssl"), std::string::npos) << cli.out;
  EXPECT_EQ(cli.out.find("\n  openssl "), std::string::npos) << "openssl has a tally row:\n" << cli.out;
}

// Issue #39: `--vectors CHECKOUT` said "holds no .json file" while $CRYPTAUDITOR_WYCHEPROOF=CHECKOUT read
// its testvectors_v1/. Both run the same files.
TEST(Wycheproof, ACheckoutAndItsTestvectorsFolderRunTheSameFiles) {
  if (plugins().backends.empty()) GTEST_SKIP() << "no backend plugin was built";
  const std::string checkout = temp_dir("checkout");
  fs::create_directories(checkout + "/testvectors_v1");
  std::ofstream(checkout + "/testvectors_v1/mini_test.json") << gcm_document().dump();
  std::ofstream(checkout + "/testvectors_v1/other_test.json") << gcm_document().dump();
  Cli whole = run_cli("--vectors " + checkout + " --format json");
  Cli folder = run_cli("--vectors " + checkout + "/testvectors_v1 --format json");
  ASSERT_EQ(whole.status, 0) << whole.err;
  ASSERT_EQ(folder.status, 0) << folder.err;
  auto names = [](const std::string& text) {
    std::vector<std::string> out;
    const json doc = json::parse(text);
    for (const json& f : doc["files"]) out.push_back(f["file"]);
    return out;
  };
  EXPECT_EQ(names(whole.out), names(folder.out));
  EXPECT_EQ(names(whole.out).size(), 2u);
  fs::remove_all(checkout);
}

// No silent "OK" (issue #13): a run in which no test could be run on any backend (here: one AES-GCM file
// whose every test is valid with an empty IV, outside AES-GCM's declared nonce range 1..1024 bytes) says so
// and exits 1.
TEST(Wycheproof, NothingRunIsNotOk) {
  if (plugins().backends.empty()) GTEST_SKIP() << "no backend plugin was built";
  json d = gcm_document();
  d["testGroups"][0]["ivSize"] = 0;
  for (auto& t : d["testGroups"][0]["tests"]) {
    t["iv"] = "";
    t["result"] = "valid";
  }
  const std::string dir = temp_dir("nothing");
  std::ofstream(dir + "/short_iv_test.json") << d.dump();
  Cli cli = run_cli("--vectors " + dir);
  EXPECT_EQ(cli.status, 1) << cli.out << cli.err;
  EXPECT_NE(cli.out.find("Result: NOTHING RUN (no test of these files could be run on any backend)"),
            std::string::npos)
      << cli.out;
  Cli as_json = run_cli("--vectors " + dir + " --format json");
  EXPECT_EQ(as_json.status, 1);
  const json doc = json::parse(as_json.out);
  EXPECT_EQ(doc["summary"]["tests_run"], 0);
  EXPECT_EQ(doc["summary"]["ok"], false);
  fs::remove_all(dir);
}

TEST(Wycheproof, JsonOutputAndUsageErrors) {
  if (plugins().backends.empty()) GTEST_SKIP() << "no backend plugin was built";
  const std::string dir = temp_dir("json");
  const std::string file = dir + "/mini_test.json";
  std::ofstream(file) << gcm_document().dump();
  Cli cli = run_cli("--vectors " + file + " --format json");
  EXPECT_EQ(cli.status, 0) << cli.out << cli.err;
  json doc = json::parse(cli.out);
  EXPECT_EQ(doc["kind"], "wycheproof");
  EXPECT_EQ(doc["verify_schema_version"], 1);
  EXPECT_EQ(doc["summary"]["failed"], 0);
  EXPECT_EQ(doc["summary"]["ok"], true);
  ASSERT_EQ(doc["files"].size(), 1u);
  EXPECT_EQ(doc["files"][0]["file"], "mini_test.json");
  EXPECT_EQ(doc["files"][0]["backends"].size() + doc["files"][0]["not_offered"].size(),
            plugins().backends.size());

  EXPECT_EQ(run_cli("--vectors " + file + " --format xml").status, 2);
  EXPECT_EQ(run_cli("--vectors " + file + " -v").status, 0);
  EXPECT_EQ(run_cli("--vectors " + file + " --verbose --format json").status, 0);
  Cli missing = run_cli("--vectors " + dir + "/nothing_here.json");
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find("--vectors '" + dir + "/nothing_here.json' does not exist"), std::string::npos)
      << missing.err;
  Cli backend = run_cli("--vectors " + file + " -b nosuchlib");
  EXPECT_EQ(backend.status, 2);
  EXPECT_NE(backend.err.find("'nosuchlib' is not a loaded backend"), std::string::npos) << backend.err;
  EXPECT_EQ(run_cli("--vectors " + file + " --interop").status, 2);
  fs::remove_all(dir);
}

// ---- where the vectors are found, and verify --fetch (issue #31 item 6)
// -------------------------------------

// An environment for find_vectors: these variables set, every other unset.
EnvLookup env_of(std::map<std::string, std::string> vars) {
  return [vars = std::move(vars)](const char* name) -> const char* {
    auto it = vars.find(name);
    return it == vars.end() ? nullptr : it->second.c_str();
  };
}

TEST(VectorSearch, EnvironmentThenUserCacheThenDevelopmentLayout) {
  const std::string root = temp_dir("search");
  const fs::path checkout = fs::path(root) / "checkout", cache_home = fs::path(root) / "cache",
                 home = fs::path(root) / "home";
  fs::create_directories(checkout / "testvectors_v1");
  const fs::path cached = cache_home / "cryptauditor" / "wycheproof" / "testvectors_v1";
  fs::create_directories(cached);

  EXPECT_EQ(vector_cache_dir(env_of({{"XDG_CACHE_HOME", cache_home.string()}, {"HOME", home.string()}})),
            (cache_home / "cryptauditor" / "wycheproof").string());
  EXPECT_EQ(vector_cache_dir(env_of({{"HOME", home.string()}})),
            (home / ".cache" / "cryptauditor" / "wycheproof").string());
  EXPECT_EQ(vector_cache_dir(env_of({{"XDG_CACHE_HOME", "relative"}, {"HOME", home.string()}})),
            (home / ".cache" / "cryptauditor" / "wycheproof").string())
      << "a relative $XDG_CACHE_HOME is ignored, as the XDG rule says";
  EXPECT_EQ(vector_cache_dir(env_of({})), "");

  // $CRYPTAUDITOR_WYCHEPROOF first: a checkout (its testvectors_v1/) ...
  auto found = find_vectors(
      env_of({{"CRYPTAUDITOR_WYCHEPROOF", checkout.string()}, {"XDG_CACHE_HOME", cache_home.string()}}));
  ASSERT_TRUE(found) << found.error().message;
  EXPECT_EQ(found->source, "$CRYPTAUDITOR_WYCHEPROOF");
  EXPECT_EQ(found->path, (checkout / "testvectors_v1").string());
  // ... or a folder of vector files.
  const fs::path loose = fs::path(root) / "loose";
  fs::create_directories(loose);
  std::ofstream(loose / "aes_gcm_test.json") << gcm_document().dump();
  found = find_vectors(env_of({{"CRYPTAUDITOR_WYCHEPROOF", loose.string()}}));
  ASSERT_TRUE(found) << found.error().message;
  EXPECT_EQ(found->path, loose.string());
  // Set, but holding nothing: an error, not a fall-through to the cache.
  auto wrong = find_vectors(
      env_of({{"CRYPTAUDITOR_WYCHEPROOF", root + "/typo"}, {"XDG_CACHE_HOME", cache_home.string()}}));
  ASSERT_FALSE(wrong);
  EXPECT_NE(wrong.error().message.find("$CRYPTAUDITOR_WYCHEPROOF '" + root + "/typo' holds no Wycheproof"),
            std::string::npos)
      << wrong.error().message;
  // Then the user cache.
  found = find_vectors(env_of({{"XDG_CACHE_HOME", cache_home.string()}}));
  ASSERT_TRUE(found) << found.error().message;
  EXPECT_EQ(found->source, "the user cache");
  EXPECT_EQ(found->path, cached.string());
  // Nothing anywhere (the development layout is relative to the current folder, which has none here):
  // the error names every place and how to get the vectors.
  const fs::path before = fs::current_path();
  fs::current_path(root);
  auto none = find_vectors(env_of({{"HOME", home.string()}}));
  fs::current_path(before);
  ASSERT_FALSE(none);
  EXPECT_NE(none.error().message.find((home / ".cache" / "cryptauditor" / "wycheproof").string() +
                                      " (the user cache), ../shared/wycheproof (the development layout)"),
            std::string::npos)
      << none.error().message;
  EXPECT_NE(none.error().message.find("cryptauditor verify --fetch"), std::string::npos)
      << none.error().message;
  fs::remove_all(root);
}

// A shell command with a clean environment for the vectors: no $CRYPTAUDITOR_WYCHEPROOF, the cache under
// `root`, run from `root` (so the development layout is not found either).
std::string in_clean_env(const std::string& root, const std::string& command) {
  return "cd " + root + " && env -u CRYPTAUDITOR_WYCHEPROOF XDG_CACHE_HOME=" + root + "/cache " + command;
}

// `verify --fetch` clones at the pinned commit into the user cache; tested against a git repository made
// here (CRYPTAUDITOR_WYCHEPROOF_URL and _COMMIT name it), so nothing reaches the network. Then `verify`
// runs with no --vectors from the cache.
TEST(VectorSearch, FetchFillsTheCacheFromAMirrorAndVerifyThenFindsIt) {
  if (plugins().backends.empty()) GTEST_SKIP() << "no backend plugin was built";
  if (std::system("git --version > /dev/null 2>&1") != 0) GTEST_SKIP() << "git is not installed";
  const std::string root = temp_dir("fetch");
  const std::string mirror = root + "/mirror";
  fs::create_directories(mirror + "/testvectors_v1");
  std::ofstream(mirror + "/testvectors_v1/aes_gcm_test.json") << gcm_document().dump();
  const std::string git = "git -C " + mirror + " -c user.name=test -c user.email=test@example.invalid ";
  ASSERT_EQ(
      std::system((git + "init --quiet && " + git + "add . && " + git + "commit --quiet -m vectors").c_str()),
      0);
  const auto head = ca::test::run_program("git -C " + mirror + " rev-parse HEAD");
  ASSERT_EQ(head.status, 0) << head.err;
  const std::string commit = head.out.substr(0, 40);

  // Before: no vectors anywhere, and the error says how to get them.
  Cli before = ca::test::run_program(in_clean_env(root, ca::test::binary() + " verify"));
  EXPECT_EQ(before.status, 2) << before.out << before.err;
  EXPECT_NE(before.err.find("get them with `cryptauditor verify --fetch`"), std::string::npos) << before.err;

  const std::string fetch = "CRYPTAUDITOR_WYCHEPROOF_URL=" + mirror +
                            " CRYPTAUDITOR_WYCHEPROOF_COMMIT=" + commit + " " + ca::test::binary() +
                            " verify --fetch";
  Cli fetched = ca::test::run_program(in_clean_env(root, fetch));
  ASSERT_EQ(fetched.status, 0) << fetched.out << fetched.err;
  const std::string cache = root + "/cache/cryptauditor/wycheproof";
  EXPECT_TRUE(fs::exists(cache + "/testvectors_v1/aes_gcm_test.json"));
  EXPECT_NE(fetched.err.find("wrote " + cache), std::string::npos) << fetched.err;
  // Nothing left beside it.
  size_t entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(root + "/cache/cryptauditor")) ++entries;
  EXPECT_EQ(entries, 1u);

  Cli verified = ca::test::run_program(in_clean_env(root, ca::test::binary() + " verify --format json"));
  EXPECT_EQ(verified.status, 0) << verified.out << verified.err;
  const json doc = json::parse(verified.out);
  EXPECT_EQ(doc["vectors"], cache + "/testvectors_v1");
  EXPECT_EQ(doc["files"][0]["file"], "aes_gcm_test.json");

  // A commit the mirror does not have: one line saying so, and the cache is left as it was.
  Cli bad =
      ca::test::run_program(in_clean_env(root, "CRYPTAUDITOR_WYCHEPROOF_URL=" + mirror +
                                                   " CRYPTAUDITOR_WYCHEPROOF_COMMIT=" + std::string(40, 'a') +
                                                   " " + ca::test::binary() + " verify --fetch"));
  EXPECT_EQ(bad.status, 1) << bad.err;
  EXPECT_NE(bad.err.find("cryptauditor: verify --fetch from " + mirror + " failed: "), std::string::npos)
      << bad.err;
  EXPECT_TRUE(fs::exists(cache + "/testvectors_v1/aes_gcm_test.json"));
  fs::remove_all(root);
}

// ---- known deviations, declared by the plugins ------------------------------------------------------------

TEST(Deviations, VersionRangesCompareNumberByNumber) {
  EXPECT_EQ(version_numbers("3.0.22"), (std::vector<uint64_t>{3, 0, 22}));
  EXPECT_EQ(version_numbers("OpenSSL 3.0.2 15 Mar 2022"), (std::vector<uint64_t>{3, 0, 2}));
  EXPECT_EQ(version_numbers("0.0-test"), (std::vector<uint64_t>{0, 0}));
  EXPECT_EQ(version_numbers("1.2."), (std::vector<uint64_t>{1, 2}));
  EXPECT_TRUE(version_numbers("unknown").empty());
  // "2.19" to "2.19": the 2.19 series.
  EXPECT_TRUE(version_in_range("2.19", "2.19", "2.19"));
  EXPECT_TRUE(version_in_range("2.19.3", "2.19", "2.19"));
  EXPECT_TRUE(version_in_range("2.19.0", "2.19", "2.19"));
  EXPECT_FALSE(version_in_range("2.190", "2.19", "2.19"));
  EXPECT_FALSE(version_in_range("2.20.0", "2.19", "2.19"));
  EXPECT_FALSE(version_in_range("2.1", "2.19", "2.19"));
  EXPECT_FALSE(version_in_range("3.1.0", "2.19", "2.19"));
  EXPECT_FALSE(version_in_range("2", "2.19", "2.19"));
  // Numbers, not text: 2.9 < 2.10.
  EXPECT_TRUE(version_in_range("2.10.1", "2.9", "2.10"));
  EXPECT_FALSE(version_in_range("2.11", "2.9", "2.10"));
  // Open sides; no bound at all, or no number, covers nothing.
  EXPECT_TRUE(version_in_range("9.0", "5.5.4", ""));
  EXPECT_FALSE(version_in_range("5.5.3", "5.5.4", ""));
  EXPECT_TRUE(version_in_range("1.0", "", "5.5.4"));
  EXPECT_FALSE(version_in_range("5.5.40", "", "5.5.4"));
  EXPECT_FALSE(version_in_range("2.19", "", ""));
  EXPECT_FALSE(version_in_range("unknown", "2.19", "2.19"));
  EXPECT_FALSE(version_in_range("2.19", "x", ""));
  EXPECT_EQ(describe_range("2.19", "2.19"), "2.19");
  EXPECT_EQ(describe_range("2.19", "2.21"), "2.19 to 2.21");
  EXPECT_EQ(describe_range("0.1", ""), "0.1 and later");
  EXPECT_EQ(describe_range("", "3.0"), "up to 3.0");
}

TEST(Deviations, AnEntryAppliesOnlyToTheVersionsItDeclares) {
  const std::vector<DeclaredDeviation> declared = {
      {"a_test.json", 7, "2.19", "2.19", "lenient in 2.19"},
      {"a_test.json", 8, "2.19", "2.19", "lenient in 2.19"},
      {"a_test.json", 8, "3.0", "3.1", "lenient again in 3.0"},
  };
  auto applied = match_deviation(declared, "Lib", "2.19.3", "a_test.json", 7);
  ASSERT_TRUE(applied);
  EXPECT_TRUE(applied->applies);
  EXPECT_EQ(applied->note, "documented deviation: lenient in 2.19");
  auto later = match_deviation(declared, "Lib", "3.1.2", "a_test.json", 8);
  ASSERT_TRUE(later);
  EXPECT_TRUE(later->applies);
  EXPECT_EQ(later->note, "documented deviation: lenient again in 3.0");
  auto not_applied = match_deviation(declared, "Lib", "2.20.0", "a_test.json", 8);
  ASSERT_TRUE(not_applied);
  EXPECT_FALSE(not_applied->applies);
  EXPECT_EQ(not_applied->note,
            "a deviation is declared for Lib 2.19, 3.0 to 3.1, but the library reports 2.20.0: not applied");
  EXPECT_FALSE(match_deviation(declared, "Lib", "2.19.3", "a_test.json", 9));
  EXPECT_FALSE(match_deviation(declared, "Lib", "2.19.3", "b_test.json", 7));
}

const Backend* deviation_plugin(const std::string& name) {
  static PluginScan scan = load_plugins(CRYPTAUDITOR_DEVIATION_PLUGIN_DIR);
  for (const auto& b : scan.backends)
    if (b->name() == name) return b.get();
  return nullptr;
}

TEST(Deviations, APluginDeclaresThemInItsTable) {
  const Backend* deviant = deviation_plugin("deviant");
  ASSERT_NE(deviant, nullptr) << "ca-backend-deviant.so did not load";
  const std::vector<DeclaredDeviation> declared = deviant->deviations();
  ASSERT_EQ(declared.size(), 2u);
  EXPECT_EQ(declared[0].file, "mini.json");
  EXPECT_EQ(declared[0].tc_id, 1);
  EXPECT_EQ(declared[0].first_version, "0.0");
  EXPECT_EQ(declared[0].last_version, "0.0");
  EXPECT_EQ(declared[0].reason, "writes zeros (declared for 0.0)");
  EXPECT_EQ(declared[1].tc_id, 2);
  EXPECT_EQ(declared[1].first_version, "0.1");
  EXPECT_EQ(declared[1].last_version, "") << "a NULL bound is open";
  // A plugin that declares none (its entry is NULL), and one whose table ends before the entry: the same
  // plugin as deviant, with its deviation_at filled in but outside its struct_size.
  PluginScan fake = load_plugins(CRYPTAUDITOR_TEST_PLUGIN_DIR);
  bool saw_fake = false;
  for (const auto& b : fake.backends)
    if (b->name() == "fake") {
      saw_fake = true;
      EXPECT_TRUE(b->deviations().empty());
    }
  EXPECT_TRUE(saw_fake) << "ca-backend-fake.so did not load";
  const Backend* old_table = deviation_plugin("olddeviant");
  ASSERT_NE(old_table, nullptr) << "a table ending before deviation_at must still load";
  EXPECT_TRUE(old_table->deviations().empty());
}

// verify applies a declared deviation only for the version the library reports, and says when it does not.
TEST(Deviations, VerifyAppliesOnlyTheReportedVersionsAndSaysWhenNot) {
  const Backend* deviant = deviation_plugin("deviant");
  ASSERT_NE(deviant, nullptr) << "ca-backend-deviant.so did not load";
  const FileResult r = run_vector_file(*parse_vector_file(gcm_document(), "mini.json"), {deviant});
  ASSERT_EQ(r.backends.size(), 1u);
  const BackendTally& t = r.backends[0];
  EXPECT_EQ(t.deviations, 1u);
  ASSERT_EQ(t.deviation_outcomes.size(), 1u);
  EXPECT_EQ(t.deviation_outcomes[0].tc_id, 1);
  EXPECT_EQ(t.deviation_outcomes[0].verdict, Verdict::Deviation);
  EXPECT_NE(t.deviation_outcomes[0].detail.find("; documented deviation: writes zeros (declared for 0.0)"),
            std::string::npos)
      << t.deviation_outcomes[0].detail;
  EXPECT_EQ(t.failed, 1u);
  ASSERT_EQ(t.failures.size(), 1u);
  EXPECT_EQ(t.failures[0].tc_id, 2);
  EXPECT_EQ(
      t.failures[0].detail,
      "decrypt accepted the invalid ciphertext and returned (empty); a deviation is declared for Deviant "
      "(tests only) 0.1 and later, but the library reports 0.0-test: not applied");

  // The same file under another name: no entry names its tests, so both are plain failures.
  const FileResult other = run_vector_file(*parse_vector_file(gcm_document(), "other.json"), {deviant});
  ASSERT_EQ(other.backends.size(), 1u);
  EXPECT_EQ(other.backends[0].failed, 2u);
  EXPECT_EQ(other.backends[0].deviations, 0u);
}

// A plugin built before deviation_at existed runs as before: its failures are failures, with nothing added.
TEST(Deviations, APluginWithoutTheEntryRunsAsBefore) {
  const Backend* old_table = deviation_plugin("olddeviant");
  ASSERT_NE(old_table, nullptr) << "ca-backend-olddeviant.so did not load";
  const FileResult r = run_vector_file(*parse_vector_file(gcm_document(), "mini.json"), {old_table});
  ASSERT_EQ(r.backends.size(), 1u);
  const BackendTally& t = r.backends[0];
  EXPECT_EQ(t.deviations, 0u);
  EXPECT_EQ(t.failed, 2u);
  ASSERT_EQ(t.failures.size(), 2u);
  EXPECT_EQ(t.failures[1].detail, "decrypt accepted the invalid ciphertext and returned (empty)");
  EXPECT_EQ(t.failures[0].detail.find("deviation"), std::string::npos) << t.failures[0].detail;
}

// The command line: the applied deviation and the one not applied, in the table and in the JSON.
TEST(Deviations, VerifyPrintsBothAndFailsOnTheOneNotApplied) {
  const std::string dir = temp_dir("deviations");
  const std::string file = dir + "/mini.json";
  std::ofstream(file) << gcm_document().dump();
  const std::string plugin = std::string(CRYPTAUDITOR_DEVIATION_PLUGIN_DIR) + "/ca-backend-deviant.so";
  // -v: the documented deviations' tcIds are listed only when asked for (issue #39).
  Cli cli = run_cli("--vectors " + file + " --no-default-plugins --plugin " + plugin + " -v");
  EXPECT_EQ(cli.status, 1) << cli.out << cli.err;
  EXPECT_NE(cli.out.find("deviation (documented) mini.json tcId 1 deviant (valid): "), std::string::npos)
      << cli.out;
  EXPECT_NE(
      cli.out.find("FAIL mini.json tcId 2 deviant (invalid): decrypt accepted the invalid ciphertext and "
                   "returned (empty); a deviation is declared for Deviant (tests only) 0.1 and later, "
                   "but the library reports 0.0-test: not applied"),
      std::string::npos)
      << cli.out;
  Cli j = run_cli("--vectors " + file + " --no-default-plugins --plugin " + plugin + " --format json");
  EXPECT_EQ(j.status, 1) << j.err;
  const json doc = json::parse(j.out);
  const json& b = doc["files"][0]["backends"][0];
  EXPECT_EQ(b["deviations"], 1);
  EXPECT_EQ(b["failed"], 1);
  EXPECT_NE(b["failures"][0]["detail"].get<std::string>().find(": not applied"), std::string::npos) << b;
  fs::remove_all(dir);
}

// ---- interop ---------------------------------------------------------------------------------------------

TEST(Interop, EveryPairOfBackendsAgrees) {
  if (plugins().backends.size() < 2) GTEST_SKIP() << "fewer than two backends were built";
  InteropRun run = run_interop(all_backends());
  EXPECT_FALSE(run.checks.empty());
  for (const InteropCheck& c : run.checks)
    EXPECT_TRUE(c.ok) << c.algorithm << " " << c.key_bits << " " << c.from << " -> " << c.to << ": "
                      << c.detail;
}

TEST(Interop, ABrokenPeerIsReported) {
  // A check between a backend and itself under two names cannot fail, so make the data disagree instead:
  // the fake test plugin computes a wrong digest on purpose (tests/plugins/fake_plugin.cpp).
  PluginScan fake = load_plugins(CRYPTAUDITOR_TEST_PLUGIN_DIR);
  const Backend* fake_backend = nullptr;
  for (const auto& b : fake.backends)
    if (b->name() == "fake") fake_backend = b.get();
  if (fake_backend == nullptr) GTEST_SKIP() << "the fake test plugin did not load";
  std::vector<const Backend*> backends = all_backends();
  backends.push_back(fake_backend);
  bool saw_fake = false, saw_failure = false;
  for (const AlgorithmInfo& a : catalog())
    for (uint32_t bits : interop_key_sizes(a)) {
      if (fake_backend->unsupported_reason(std::string(a.name), bits)) continue;
      for (const InteropCheck& c : interop_checks(a, bits, backends))
        if (c.from == "fake" || c.to == "fake") {
          saw_fake = true;
          saw_failure = saw_failure || !c.ok;
        }
    }
  if (!saw_fake) GTEST_SKIP() << "no built backend shares an algorithm with the fake plugin";
  EXPECT_TRUE(saw_failure) << "the fake plugin's deliberately wrong outputs went unnoticed";
}

}  // namespace
}  // namespace ca::verify
