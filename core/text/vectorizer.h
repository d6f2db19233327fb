#pragma once
// Text to token ids for the imdb tasks, the rules of the model format ("Text to ids"):
//
//   "I loved it!<br /><br />10/10"  --standardize-->  "i loved it  1010"
//                                   --split-------->  ["i", "loved", "it", "1010"]
//                                   --vocabulary--->  [12, 431, 9, 1]          (1 = [UNK], not in the vocabulary)
//
// Id 0 is the empty string (padding: never produced by encode, which returns real tokens only) and id 1 is
// "[UNK]". The rules are those of Keras' TextVectorization as the source material configures it, so a
// vocabulary built there gives the same ids here.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/text/tokenizer.h"

namespace al {

// True if text is well-formed UTF-8 (RFC 3629): no stray continuation bytes, no truncated sequences, no
// overlong forms, no UTF-16 surrogates (U+D800..U+DFFF), nothing above U+10FFFF.
bool isValidUtf8(std::string_view text);

// Lowercases ASCII letters, replaces "<br />" and "<br>" by a space, deletes !"#$%&'()*+,-./:;<=>?@[\]^_`{|}~
// Other bytes (digits, white space, UTF-8 letters) are kept as they are.
std::string standardizeImdb(std::string_view text);

// standardizeImdb, then split on runs of ASCII white space (space, \t, \n, \v, \f, \r); no empty tokens.
std::vector<std::string> tokenizeImdb(std::string_view text);

class Vocabulary {
 public:
  static constexpr int kPaddingId = 0;  // token ""
  static constexpr int kUnknownId = 1;  // token "[UNK]"

  // An empty vocabulary (size 0), only as a placeholder for one that is about to be built or loaded.
  Vocabulary() = default;

  // The maxSize - 2 most frequent tokens after "" and "[UNK]" (maxSize counts those two, like Keras'
  // max_tokens; 0 means no limit). Equal counts are ordered by the token's bytes, ascending, so the result
  // does not depend on the order of a hash table. `reserved` tokens (e.g. the masked-lm's "[MASK]") take the
  // ids right after "[UNK]", in order, and count towards maxSize. The vocabulary keeps the counts (count()).
  static Vocabulary build(const std::vector<std::vector<std::string>>& tokenizedTexts, size_t maxSize,
                          const std::vector<std::string>& reserved = {});

  // A vocabulary from its list (token i has id i), e.g. as read from vocab.txt. tokens[0] must be "",
  // tokens[1] "[UNK]", and no token may repeat; otherwise al::InputError.
  static Vocabulary fromTokens(std::vector<std::string> tokens);

  int id(std::string_view token) const;      // kUnknownId for a token not in the vocabulary
  const std::string& token(int id) const;    // std::out_of_range for an id outside 0..size()-1
  size_t size() const { return tokens_.size(); }
  const std::vector<std::string>& tokens() const { return tokens_; }

  // How often token `id` occurred in the texts the vocabulary was built from: for "[UNK]", the occurrences of
  // every token left out; 0 for "" and the reserved tokens (never counted). Nothing when the vocabulary was
  // not built here (fromTokens: a vocabulary file stores no counts) or for an id outside 0..size()-1.
  std::optional<size_t> count(int id) const;
  bool hasCounts() const { return !counts_.empty(); }

  // The ids of the first sequenceLength tokens of text (tokenize(tokenizer, Classifier, text)), without
  // padding: the result may be shorter than sequenceLength, and is empty for a text without tokens.
  // sequenceLength 0 means no limit. *truncated (if given) tells whether tokens were cut off.
  std::vector<int> encode(TokenizerKind tokenizer, std::string_view text, size_t sequenceLength,
                          bool* truncated = nullptr) const;
  // The same with the keras tokenizer (the imdb tasks' default).
  std::vector<int> encode(std::string_view text, size_t sequenceLength, bool* truncated = nullptr) const {
    return encode(TokenizerKind::Keras, text, sequenceLength, truncated);
  }
  // The ids of tokens already split (unknown -> kUnknownId).
  std::vector<int> ids(const std::vector<std::string>& tokens) const;

 private:
  // Heterogeneous lookup: find a std::string_view without building a std::string for every token.
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::vector<std::string> tokens_;                                  // id -> token
  std::unordered_map<std::string, int, Hash, std::equal_to<>> ids_;  // token -> id
  std::vector<size_t> counts_;                                       // id -> count; empty: not known
};

}  // namespace al
