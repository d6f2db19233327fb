#include "core/teaching/word_grouping.h"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include <unicode/brkiter.h>
#include <unicode/utext.h>

#include "core/error.h"

namespace al::teaching {

namespace {

// The word boundaries of text (byte offsets, from 0 to its size): ICU's word break iterator, which also cuts
// Chinese into words with its dictionary.
std::vector<size_t> wordBoundaries(std::string_view text) {
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::BreakIterator> words(icu::BreakIterator::createWordInstance(icu::Locale::getRoot(), status));
  UText* utext = utext_openUTF8(nullptr, text.data(), static_cast<int64_t>(text.size()), &status);
  if (U_FAILURE(status)) {
    if (utext) utext_close(utext);
    throw RunError(ErrorKind::Internal, {}, std::string("the word break iterator failed: ") + u_errorName(status));
  }
  words->setText(utext, status);
  std::vector<size_t> boundaries;
  for (int32_t b = words->first(); b != icu::BreakIterator::DONE; b = words->next())
    boundaries.push_back(static_cast<size_t>(b));  // UTF-8 text: ICU's native indices are byte offsets
  utext_close(utext);
  if (boundaries.empty() || boundaries.back() != text.size()) boundaries.push_back(text.size());
  return boundaries;
}

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The byte that decides a piece's word: its first that is not a space (GPT-2's pieces carry the space before).
size_t anchor(std::string_view text, const PieceSpan& piece) {
  size_t at = piece.begin;
  while (at + 1 < piece.end && at < text.size() && isSpace(text[at])) ++at;
  return at;
}

std::string trimmed(std::string_view text, size_t begin, size_t end) {
  end = std::min(end, text.size());
  while (begin < end && isSpace(text[begin])) ++begin;
  while (end > begin && isSpace(text[end - 1])) --end;
  return std::string(text.substr(begin, end - begin));
}

}  // namespace

WordGroups groupIntoWords(std::string_view text, const std::vector<PieceSpan>& pieces) {
  const std::vector<size_t> boundaries = wordBoundaries(text);
  WordGroups groups;
  size_t lastWord = SIZE_MAX;  // the ICU word of the group being filled; SIZE_MAX: an added piece's, or none
  size_t groupBegin = 0, groupEnd = 0;
  auto closeGroup = [&] {
    if (lastWord != SIZE_MAX) groups.words.back() = trimmed(text, groupBegin, groupEnd);
  };
  for (size_t p = 0; p < pieces.size(); ++p) {
    const PieceSpan& piece = pieces[p];
    if (piece.added) {
      closeGroup();
      groups.pieces.push_back({p});
      groups.words.emplace_back();
      lastWord = SIZE_MAX;
      continue;
    }
    const size_t at = anchor(text, piece);
    const size_t word = static_cast<size_t>(std::upper_bound(boundaries.begin(), boundaries.end(), at) - boundaries.begin());
    if (word == lastWord) {
      groups.pieces.back().push_back(p);
      groupEnd = std::max(groupEnd, piece.end);
      continue;
    }
    closeGroup();
    groups.pieces.push_back({p});
    groups.words.emplace_back();
    lastWord = word;
    groupBegin = piece.begin;
    groupEnd = piece.end;
  }
  closeGroup();
  return groups;
}

Matrix wordAttention(const Matrix& pieces, const WordGroups& groups) {
  const auto words = static_cast<Eigen::Index>(groups.pieces.size());
  // Keys first: pieces x words, each column the sum of the word's key columns.
  Matrix summed = Matrix::Zero(pieces.rows(), words);
  for (Eigen::Index w = 0; w < words; ++w)
    for (size_t k : groups.pieces[static_cast<size_t>(w)]) summed.col(w) += pieces.col(static_cast<Eigen::Index>(k));
  // Then queries: words x words, each row the average of the word's query rows.
  Matrix out = Matrix::Zero(words, words);
  for (Eigen::Index w = 0; w < words; ++w) {
    const std::vector<size_t>& rows = groups.pieces[static_cast<size_t>(w)];
    for (size_t q : rows) out.row(w) += summed.row(static_cast<Eigen::Index>(q));
    out.row(w) /= static_cast<float>(rows.size());
  }
  return out;
}

}  // namespace al::teaching
