#include "host/affinity.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

namespace ca {
namespace {

std::vector<int> parsed(std::string_view text) {
  auto cpus = parse_cpu_list(text);
  if (!cpus) {
    ADD_FAILURE() << text << ": " << cpus.error().message;
    return {};
  }
  return *cpus;
}

std::string error_of(std::string_view text) {
  auto cpus = parse_cpu_list(text);
  EXPECT_FALSE(cpus.ok()) << text;
  return cpus ? "" : cpus.error().message;
}

TEST(CpuList, ParsesNumbersAndRangesAsTasksetDoes) {
  EXPECT_EQ(parsed("1"), (std::vector<int>{1}));
  EXPECT_EQ(parsed("0-3"), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(parsed("5,0-2,1"), (std::vector<int>{0, 1, 2, 5})) << "sorted, deduplicated";
  EXPECT_EQ(parsed("4095"), (std::vector<int>{4095}));
}

TEST(CpuList, RejectsWhatIsNotAList) {
  EXPECT_EQ(error_of(""), "empty list");
  EXPECT_NE(error_of("3-1").find("'3-1'"), std::string::npos);
  EXPECT_NE(error_of("1,,2").find("''"), std::string::npos);
  EXPECT_NE(error_of("a").find("'a'"), std::string::npos);
  EXPECT_NE(error_of("-1").find("'-1'"), std::string::npos);
  EXPECT_NE(error_of("4096").find("below 4096"), std::string::npos);
  EXPECT_NE(error_of("1-").find("'1-'"), std::string::npos);
}

TEST(CpuList, FormatsWithRangesMerged) {
  EXPECT_EQ(format_cpu_list({0, 1, 2, 5}), "0-2,5");
  EXPECT_EQ(format_cpu_list({3}), "3");
  EXPECT_EQ(format_cpu_list({}), "");
  EXPECT_EQ(format_cpu_list(parsed("7,1-3,9-10")), "1-3,7,9-10");
}

TEST(Affinity, PinningToAnAllowedCpuNarrowsTheAllowedSet) {
  const std::vector<int> before = allowed_cpus();
  ASSERT_FALSE(before.empty());
  // A forked child pins itself, so this test process keeps its own affinity for the other tests.
  pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    const bool ok = pin_to_cpus({before.back()}).ok() && allowed_cpus() == std::vector<int>{before.back()};
    _exit(ok ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  const Result<void> pinned = pin_to_cpus({4000});
  ASSERT_FALSE(pinned.ok());
  const std::string why = pinned.error().message;
  EXPECT_NE(why.find("CPU 4000 is not one this process may run on"), std::string::npos) << why;
  EXPECT_EQ(allowed_cpus(), before);
}

}  // namespace
}  // namespace ca
