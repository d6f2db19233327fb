#include "app/cli/machine_limits.h"

#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>

#include <sys/utsname.h>

#include "core/matrix_product.h"

namespace al::cli {

namespace {

template <class Body>
double secondsOf(Body&& body) {
  const auto start = std::chrono::steady_clock::now();
  body();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

SgemmRig::SgemmRig(int threads)
    : arena(threads), parts(threads), a(Matrix::Random(kSgemmSize, kSgemmSize)), b(Matrix::Random(kSgemmSize, kSgemmSize)),
      c(kSgemmSize, kSgemmSize) {}

double SgemmRig::timedProduct() {
  return secondsOf([&] {
    arena.execute([&] {
      tbb::parallel_for(0, parts, [&](int part) {
        const Index first = kSgemmSize * part / parts, last = kSgemmSize * (part + 1) / parts;
        multiply(a, Op::Plain, b.middleCols(first, last - first), Op::Plain, c.middleCols(first, last - first));
      });
    });
  });
}

SgemmRig::Result SgemmRig::timedProductsLike(double work) {
  Result r;
  r.products = std::max(1, static_cast<int>(std::lround(work / flops())));
  double seconds = 0;
  for (int p = 0; p < r.products; ++p) seconds += timedProduct();
  r.gflops = flops() * r.products / seconds / 1e9;
  return r;
}

// Filled with ones, so that every page is the process's own before the first timed copy.
CopyRig::CopyRig(int threads) : arena(threads), parts(threads), from(kFloats, 1.0f), to(kFloats, 0.0f) {}

double CopyRig::timedCopy() {
  return secondsOf([&] {
    arena.execute([&] {
      tbb::parallel_for(0, parts, [&](int part) {
        const size_t first = from.size() * static_cast<size_t>(part) / static_cast<size_t>(parts);
        const size_t last = from.size() * static_cast<size_t>(part + 1) / static_cast<size_t>(parts);
        std::memcpy(to.data() + first, from.data() + first, (last - first) * sizeof(float));
      });
    });
  });
}

double CopyRig::timedCopiesLike(double work) {
  const int copies = std::max(1, static_cast<int>(std::lround(work / bytes())));
  double seconds = 0;
  for (int k = 0; k < copies; ++k) seconds += timedCopy();
  return bytes() * copies / seconds / 1e9;
}

std::string processorName() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);) {
    if (!line.starts_with("model name")) continue;
    const size_t colon = line.find(':');
    if (colon != std::string::npos && colon + 2 <= line.size()) return line.substr(colon + 2);
  }
  return "unknown";
}

std::string kernelName() {
  utsname names{};
  if (uname(&names) != 0) return "unknown";
  return std::string(names.sysname) + " " + names.release;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

}  // namespace al::cli
