#include "util/units.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "util/bytes.hpp"

namespace ca {
namespace {

TEST(Units, ParseSize) {
  EXPECT_EQ(parse_size("470B"), 470u);
  EXPECT_EQ(parse_size("470"), 470u);
  EXPECT_EQ(parse_size("1KB"), 1024u);
  EXPECT_EQ(parse_size("16kb"), 16384u);
  EXPECT_EQ(parse_size("10MB"), 10u * 1024 * 1024);
  EXPECT_EQ(parse_size("2m"), 2u * 1024 * 1024);
}

TEST(Units, ParseSizeRejects) {
  for (const char* bad : {"", "KB", "0", "0KB", "-1KB", "1.5KB", "1GB", "1 KB", "KB1",
                          "99999999999999999999999B", "18014398509481984MB"})
    EXPECT_FALSE(parse_size(bad).has_value()) << bad;
}

TEST(Units, FormatSize) {
  EXPECT_EQ(format_size(1024), "1KB");
  EXPECT_EQ(format_size(470), "470B");
  EXPECT_EQ(format_size(16384), "16KB");
  EXPECT_EQ(format_size(10 * 1048576), "10MB");
  EXPECT_EQ(format_size(1536), "1.5KB");
}

TEST(Units, ParseUnit) {
  EXPECT_EQ(parse_unit("ns"), TimeUnit::Ns);
  EXPECT_EQ(parse_unit("US"), TimeUnit::Us);
  EXPECT_EQ(parse_unit("ms"), TimeUnit::Ms);
  EXPECT_EQ(parse_unit("s"), TimeUnit::S);
  EXPECT_FALSE(parse_unit("min").has_value());
  EXPECT_FALSE(parse_unit("").has_value());
}

TEST(Units, FormatDurationKeepsSignificantDigits) {
  EXPECT_EQ(format_duration(2'734'000, TimeUnit::Ms), "2.734ms");
  EXPECT_EQ(format_duration(5'000, TimeUnit::Ms), "0.00500ms");
  EXPECT_EQ(format_duration(9'123, TimeUnit::Ms), "0.00912ms");
  EXPECT_EQ(format_duration(0, TimeUnit::Ms), "0.000ms");
  EXPECT_EQ(format_duration(1500, TimeUnit::Us), "1.500us");
  EXPECT_EQ(format_duration(1.5e9, TimeUnit::S), "1.500s");
}

// Ranking deltas: three significant digits, as the issue asks; cryptauditor's "+0.0ms" for the fastest.
TEST(Units, DeltasHaveThreeSignificantDigits) {
  EXPECT_EQ(format_delta(0, TimeUnit::Ms), "0.0ms");
  EXPECT_EQ(format_delta(152'000, TimeUnit::Ms), "0.152ms");
  EXPECT_EQ(format_delta(8'902'000, TimeUnit::Ms), "8.90ms");
  EXPECT_EQ(format_delta(31'354'000, TimeUnit::Ms), "31.4ms");
  EXPECT_EQ(format_delta(262'319'000, TimeUnit::Ms), "262ms");
  EXPECT_EQ(format_delta(1'000, TimeUnit::Ms), "0.00100ms");
  EXPECT_EQ(format_delta(9'996'000, TimeUnit::Ms), "10.0ms") << "rounding up to a new digit keeps three";
  EXPECT_EQ(format_delta(1'234'567'000, TimeUnit::Ms), "1235ms") << "no exponent form";
  EXPECT_EQ(format_significant(83.4e-6), "0.0000834");
}

TEST(Units, ReadableUnitFollowsTheTypicalValue) {
  EXPECT_EQ(readable_unit({83.4, 91.2, 120, 2500}), TimeUnit::Ns);
  EXPECT_EQ(readable_unit({1'500, 2'000, 900'000}), TimeUnit::Us);
  EXPECT_EQ(readable_unit({3e6, 1e5, 4e7}), TimeUnit::Ms);
  EXPECT_EQ(readable_unit({2e9}), TimeUnit::Ms) << "tables never use seconds";
  EXPECT_EQ(readable_unit({}), TimeUnit::Ms);
  EXPECT_EQ(readable_unit({0, 0, 5e6}), TimeUnit::Ms) << "unmeasured zeros do not count";
}

// The console's summary tables give bulk operations as throughput, in the largest binary unit in which the
// table's typical rate is at least 1 (issue #31).
TEST(Units, ReadableRateUnitFollowsTheTypicalValue) {
  const double kib = 1024, mib = kib * 1024, gib = mib * 1024;
  EXPECT_EQ(readable_rate_unit({812 * mib, 3.1 * gib, 5.3 * gib}).name, "GiB/s");
  EXPECT_EQ(readable_rate_unit({812 * mib, 700 * mib, 5.3 * gib}).name, "MiB/s");
  EXPECT_EQ(readable_rate_unit({812 * mib, 700 * mib, 5.3 * gib}).bytes_per_s, mib);
  EXPECT_EQ(readable_rate_unit({300 * kib, 900 * kib}).name, "KiB/s");
  EXPECT_EQ(readable_rate_unit({300, 900}).name, "B/s");
  EXPECT_EQ(readable_rate_unit({0.5}).name, "B/s") << "below 1 B/s: the smallest unit";
  EXPECT_EQ(readable_rate_unit({}).name, "MiB/s");
  EXPECT_EQ(readable_rate_unit({0, 0, 2 * gib}).name, "GiB/s") << "unmeasured zeros do not count";
}

// timeit.repeat's list is printed with Python's repr: the shortest text that reads back to the same double.
TEST(Units, PythonFloatRepr) {
  EXPECT_EQ(python_float_repr(1.0222690105438232), "1.0222690105438232");
  EXPECT_EQ(python_float_repr(0.9761111736297607), "0.9761111736297607");
  EXPECT_EQ(python_float_repr(4.905964136123657), "4.905964136123657");
  EXPECT_EQ(python_float_repr(1.5), "1.5");
  EXPECT_EQ(python_float_repr(3.0), "3.0");
  EXPECT_EQ(python_float_repr(0.0), "0.0");
  EXPECT_EQ(python_float_repr(123.0), "123.0");
  EXPECT_EQ(python_float_repr(0.0001), "0.0001");
  EXPECT_EQ(python_float_repr(0.00001), "1e-05");
  EXPECT_EQ(python_float_repr(0.000012345), "1.2345e-05");
  EXPECT_EQ(python_float_repr(1e16), "1e+16");
  EXPECT_EQ(python_float_repr(1234567890123456.0), "1234567890123456.0");
  EXPECT_EQ(python_float_repr(-2.5), "-2.5");
  EXPECT_EQ(python_float_repr(0.1 + 0.2), "0.30000000000000004");
}

TEST(Bytes, HexRoundTrip) {
  auto b = from_hex("00ff10Ab");
  ASSERT_TRUE(b.has_value());
  EXPECT_EQ(to_hex(*b), "00ff10ab");
  EXPECT_FALSE(from_hex("abc").has_value());
  EXPECT_FALSE(from_hex("zz").has_value());
}

TEST(Bytes, RandomBytesDiffer) {
  EXPECT_EQ(random_bytes(32).size(), 32u);
  EXPECT_NE(random_bytes(32), random_bytes(32));
}

TEST(Units, ReadableUnitFollowsTheMedian) {
  EXPECT_EQ(readable_unit({83.4}), TimeUnit::Ns);
  EXPECT_EQ(readable_unit({83.4, 999, 2500}), TimeUnit::Ns);
  EXPECT_EQ(readable_unit({83.4, 2500, 9000}), TimeUnit::Us);
  EXPECT_EQ(readable_unit({1e6, 3e6, 5e9}), TimeUnit::Ms);
  EXPECT_EQ(readable_unit({5e9}), TimeUnit::Ms) << "never seconds";
  EXPECT_EQ(readable_unit({}), TimeUnit::Ms);
  EXPECT_EQ(readable_unit({0, -1, NAN}), TimeUnit::Ms) << "no usable value";
}

TEST(Units, FormatSignificantKeepsThreeDigits) {
  EXPECT_EQ(format_significant(83.4), "83.4");
  EXPECT_EQ(format_significant(0.0000834), "0.0000834");
  EXPECT_EQ(format_significant(2.7349), "2.73");
  EXPECT_EQ(format_significant(1234.6), "1235") << "the whole integer part stays";
  EXPECT_EQ(format_significant(99.96), "100") << "rounding into the next power of ten";
  EXPECT_EQ(format_significant(0.9996), "1.00");
  EXPECT_EQ(format_significant(0), "0");
  EXPECT_EQ(format_significant(-0.01234), "-0.0123");
  EXPECT_EQ(format_significant(1.5, 2), "1.5");
}

TEST(Units, FormatDuration3) {
  EXPECT_EQ(format_duration_3(83.4, TimeUnit::Ns), "83.4ns");
  EXPECT_EQ(format_duration_3(83.4, TimeUnit::Ms), "0.0000834ms");
  EXPECT_EQ(format_duration_3(2734.9, TimeUnit::Us), "2.73us");
  EXPECT_EQ(format_duration_3(196, TimeUnit::Us), "0.196us");
}

}  // namespace
}  // namespace ca
