// The worker of --processes N (exec/comparison.hpp): the spec a parent passes to `cryptauditor __lane SPEC`
// (lane_spec) and the worker's side, which reads it back, loads the one plugin and serves the lane.
#include <fcntl.h>
#include <unistd.h>

#include <exception>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "exec/lane_pipe.hpp"
#include "host/affinity.hpp"

namespace ca {

std::string lane_spec(const RunPlan& plan, const Job& job, const Backend& backend) {
  const MeasureConfig& m = plan.measure;
  nlohmann::json measure = {{"budget_s", m.budget_s},
                            {"target_rel_ci", m.target_rel_ci},
                            {"sample_target_ns", m.sample_target_ns},
                            {"warmup_s", m.warmup_s},
                            {"warmup_max_s", m.warmup_max_s},
                            {"lanes_per_library", m.lanes_per_library},
                            {"settle_fraction", m.settle_fraction},
                            {"min_samples", m.min_samples},
                            {"max_samples", m.max_samples},
                            {"repetitions", m.repetitions},
                            {"jitter_seed", m.jitter_seed}};
  if (m.rounds) measure["rounds"] = *m.rounds;
  return nlohmann::json{{"plugin", backend.path()},
                        {"name", backend.name()},
                        {"algorithm", std::string(job.algorithm->name)},
                        {"key_bits", job.key_bits},
                        {"job_sizes", job.data_sizes},
                        {"params", job.params},
                        {"data_sizes", plan.data_sizes},
                        {"operations", plan.operations},
                        {"pool_bytes", plan.pool_bytes},
                        {"pool_max_messages", plan.pool_max_messages},
                        {"threads", plan.threads},
                        {"thread_rounds", plan.thread_rounds},
                        {"cipher_stream", plan.cipher_stream},
                        {"measure", measure}}
      .dump();
}

namespace {

// The job and plan a lane spec names (the plugin is the worker's, loaded once).
void read_spec(const nlohmann::json& spec, RunPlan& plan, Job& job) {
  job = Job{find_algorithm(spec.at("algorithm").get<std::string>()), spec.at("key_bits").get<uint32_t>(),
            spec.at("job_sizes").get<std::vector<size_t>>(), spec.at("params").get<std::string>()};
  if (job.algorithm == nullptr) throw std::runtime_error("unknown algorithm in the lane's spec");
  plan.data_sizes = spec.at("data_sizes").get<std::vector<size_t>>();
  plan.operations = spec.at("operations").get<std::vector<std::string>>();
  plan.pool_bytes = spec.at("pool_bytes").get<size_t>();
  plan.pool_max_messages = spec.at("pool_max_messages").get<size_t>();
  plan.threads = spec.at("threads").get<size_t>();
  plan.thread_rounds = spec.at("thread_rounds").get<size_t>();
  plan.cipher_stream = spec.at("cipher_stream").get<bool>();
  const auto& m = spec.at("measure");
  MeasureConfig& cfg = plan.measure;
  if (m.contains("rounds")) cfg.rounds = m.at("rounds").get<uint64_t>();
  cfg.budget_s = m.at("budget_s").get<double>();
  cfg.target_rel_ci = m.at("target_rel_ci").get<double>();
  cfg.sample_target_ns = m.at("sample_target_ns").get<double>();
  cfg.warmup_s = m.at("warmup_s").get<double>();
  cfg.warmup_max_s = m.at("warmup_max_s").get<double>();
  cfg.lanes_per_library = m.at("lanes_per_library").get<size_t>();
  cfg.settle_fraction = m.at("settle_fraction").get<double>();
  cfg.min_samples = m.at("min_samples").get<size_t>();
  cfg.max_samples = m.at("max_samples").get<size_t>();
  cfg.repetitions = m.at("repetitions").get<size_t>();
  cfg.jitter_seed = m.at("jitter_seed").get<uint64_t>();
}

// The J request's text: `<cpu> <lane spec>`. The worker moves to that CPU (the one its parent's lanes share
// now, job_pipeline.cpp's lane_cpu), best effort, as when it was started.
void next_job(const std::string& text, RunPlan& plan, Job& job) {
  const size_t space = text.find(' ');
  if (space == std::string::npos) throw std::runtime_error("a J request without a lane spec");
  const int cpu = std::stoi(text.substr(0, space));
  if (cpu >= 0) (void)pin_to_cpus({cpu});
  read_spec(nlohmann::json::parse(text.substr(space + 1)), plan, job);
}

}  // namespace

int serve_exec_lane(const std::string& spec_text) {
  // The PoolFile, when the parent passed one (child_lane.cpp), is not for the plugin's own helpers.
  ::fcntl(kLanePool, F_SETFD, FD_CLOEXEC);
  try {
    const auto spec = nlohmann::json::parse(spec_text);
    // The parent probed this file before it started the worker, and a crash here fails only this lane.
    auto loaded = load_plugin(spec.at("plugin").get<std::string>(), spec.at("name").get<std::string>(),
                              PluginProbe::Skip);
    if (!loaded) throw std::runtime_error(loaded.error().message);
    auto backend = std::move(*loaded);
    RunPlan plan;
    Job job{nullptr, 0};
    read_spec(spec, plan, job);
    serve(kLaneIn, kLaneOut, plan, job, *backend, next_job);
  } catch (const std::exception& e) {
    const std::string why =
        std::string("E the worker could not start its lane: ") + one_line(e.what()) + "\n";
    [[maybe_unused]] ssize_t n = ::write(kLaneOut, why.data(), why.size());
  }
  return 1;
}

}  // namespace ca
