// The progress line's estimate of the time left and its wording.
#include "cli/progress.hpp"

#include <gtest/gtest.h>

namespace ca {
namespace {

TEST(Progress, RemainingTimeExtrapolatesTheAverageRecord) {
  EXPECT_DOUBLE_EQ(*estimate_remaining_s(10, 5, 20), 30);  // 2 s a record, 15 to go
  EXPECT_DOUBLE_EQ(*estimate_remaining_s(3, 3, 3), 0);
  EXPECT_FALSE(estimate_remaining_s(1, 0, 10)) << "nothing to extrapolate from yet";
  EXPECT_FALSE(estimate_remaining_s(1, 11, 10));
}

TEST(Progress, EtaFormat) {
  EXPECT_EQ(format_eta(0), "0s");
  EXPECT_EQ(format_eta(0.2), "1s");  // rounded up: never "0s" while work remains
  EXPECT_EQ(format_eta(42), "42s");
  EXPECT_EQ(format_eta(59.5), "1m00s");
  EXPECT_EQ(format_eta(185), "3m05s");
  EXPECT_EQ(format_eta(3600), "1h00m");
  EXPECT_EQ(format_eta(3601), "1h01m");
  EXPECT_EQ(format_eta(7199), "2h00m");
  EXPECT_EQ(format_eta(-5), "0s");
}

TEST(Progress, LineNamesTheRecordAndTheEta) {
  Record r;
  r.backend = "openssl";
  r.algorithm = "AES-GCM";
  r.operation = "encrypt";
  r.data_bytes = 1024;
  EXPECT_EQ(progress_text(r, 12, 40, 24), "[12/40] openssl AES-GCM encrypt 1KB, ETA 56s");
  EXPECT_EQ(progress_text(r, 40, 40, 80), "[40/40] openssl AES-GCM encrypt 1KB");
}

}  // namespace
}  // namespace ca
