#include "core/teaching/head_finder.h"

#include <algorithm>
#include <stdexcept>

namespace al::teaching {

namespace {

void requireTokens(const std::vector<size_t>& tokens, Eigen::Index size, const char* what) {
  if (tokens.empty()) throw std::invalid_argument(std::string("rankHeads: no ") + what + " token");
  for (size_t t : tokens)
    if (static_cast<Eigen::Index>(t) >= size) throw std::invalid_argument(std::string("rankHeads: ") + what + " token out of range");
}

// The query rows' average weight on the candidate's pieces, summed over them.
double weightOn(const Matrix& map, const std::vector<size_t>& query, const std::vector<size_t>& candidate) {
  double sum = 0;
  for (size_t q : query)
    for (size_t k : candidate) sum += map(static_cast<Eigen::Index>(q), static_cast<Eigen::Index>(k));
  return sum / static_cast<double>(query.size());
}

}  // namespace

HeadRanking rankHeads(const std::vector<std::vector<Matrix>>& attention, const std::vector<size_t>& query,
                      const std::vector<size_t>& a, const std::vector<size_t>& b) {
  HeadRanking ranking;
  const size_t layers = attention.size();
  const size_t heads = layers ? attention.front().size() : 0;
  ranking.differences = Matrix::Zero(static_cast<Eigen::Index>(layers), static_cast<Eigen::Index>(heads));
  for (size_t l = 0; l < layers; ++l) {
    for (size_t h = 0; h < heads && h < attention[l].size(); ++h) {
      const Matrix& map = attention[l][h];
      requireTokens(query, map.rows(), "query");
      requireTokens(a, map.cols(), "first candidate");
      requireTokens(b, map.cols(), "second candidate");
      HeadPreference p{l, h, weightOn(map, query, a), weightOn(map, query, b), 0};
      p.difference = p.onA - p.onB;
      ranking.differences(static_cast<Eigen::Index>(l), static_cast<Eigen::Index>(h)) = static_cast<float>(p.difference);
      if (p.difference > 0) ++ranking.preferA;
      ranking.ranked.push_back(p);
    }
  }
  std::stable_sort(ranking.ranked.begin(), ranking.ranked.end(),
                   [](const HeadPreference& x, const HeadPreference& y) { return x.difference > y.difference; });
  return ranking;
}

}  // namespace al::teaching
