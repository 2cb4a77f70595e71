// util/suggest: the edit distance and the "did you mean" choice behind every suggestion (algorithms,
// backends, subcommands, flags).
#include "util/suggest.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ca {
namespace {

TEST(EditDistance, CountsInsertionsDeletionsSubstitutionsAndSwaps) {
  EXPECT_EQ(edit_distance("", ""), 0u);
  EXPECT_EQ(edit_distance("abc", ""), 3u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("verify", "verify"), 0u);
  EXPECT_EQ(edit_distance("verfy", "verify"), 1u);     // insertion
  EXPECT_EQ(edit_distance("listt", "list"), 1u);       // deletion
  EXPECT_EQ(edit_distance("AES-GCN", "AES-GCM"), 1u);  // substitution
  EXPECT_EQ(edit_distance("AES-GMC", "AES-GCM"), 1u);  // a swap of neighbours is one edit, not two
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("ca", "abc"), 3u);  // optimal string alignment: a swapped pair is not edited again
}

TEST(EditDistance, IgnoresCase) {
  EXPECT_EQ(edit_distance("OpenSSL", "openssl"), 0u);
  EXPECT_EQ(edit_distance("aes-gmc", "AES-GCM"), 1u);
  EXPECT_TRUE(equal_ignoring_case("OpenSSL", "openssl"));
  EXPECT_FALSE(equal_ignoring_case("openssl", "openssl3"));
}

TEST(Suggestion, CutOffGrowsWithTheLengthWithinOneToThree) {
  EXPECT_EQ(suggestion_cutoff("a"), 1u);
  EXPECT_EQ(suggestion_cutoff("lst"), 1u);
  EXPECT_EQ(suggestion_cutoff("AES-GMC"), 2u);
  EXPECT_EQ(suggestion_cutoff("CHACHA20-POLY1305"), 3u);
}

TEST(Suggestion, ChoosesTheNearestNamesWithinTheCutOff) {
  const std::vector<std::string> commands = {"list",   "run",   "compare", "report", "merge",
                                             "verify", "leaks", "doctor",  "help"};
  EXPECT_EQ(closest_names("verfy", commands), std::vector<std::string>{"verify"});
  EXPECT_EQ(closest_names("lst", commands), std::vector<std::string>{"list"});
  EXPECT_EQ(closest_names("LIST", commands), std::vector<std::string>{"list"});
  EXPECT_TRUE(closest_names("benchmark", commands).empty()) << "too far from every name: no guess";
  EXPECT_TRUE(closest_names("", commands).empty());

  const std::vector<std::string> algorithms = {"AES-GCM", "AES-CCM", "AES-CTR", "AES-OCB", "CHACHA20"};
  EXPECT_EQ(closest_names("AES-GMC", algorithms), std::vector<std::string>{"AES-GCM"});
  // Ties are all given, in the candidates' order.
  EXPECT_EQ(closest_names("AES-XCM", algorithms), (std::vector<std::string>{"AES-GCM", "AES-CCM"}));
}

TEST(Suggestion, SaysDidYouMean) {
  EXPECT_EQ(did_you_mean({}), "");
  EXPECT_EQ(did_you_mean({"AES-GCM"}), "did you mean AES-GCM?");
  EXPECT_EQ(did_you_mean({"ECDSA", "EDDSA"}), "did you mean ECDSA or EDDSA?");
  EXPECT_EQ(did_you_mean({"a", "b", "c"}), "did you mean a, b or c?");
}

}  // namespace
}  // namespace ca
