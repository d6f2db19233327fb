#pragma once
// GPT-2's byte-level BPE (contract: pretrained models, "Tokenizers"), as OpenAI's encoder.py reads text:
//
//   1. split out the added tokens written in the text: "<|endoftext|>" is that one token
//   2. cut the rest with the pattern
//        's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
//      (a word takes the space before it: "Hello world" -> "Hello", " world")
//   3. write each piece's UTF-8 bytes with GPT-2's byte table, one printable character a byte (space -> Ġ,
//      newline -> Ċ, the bytes of é -> Ã©), so that every text, in any script, is made of 256 symbols
//   4. merge pairs of symbols in the rank order of merges.txt (the lowest rank first, everywhere in the word)
//      until no pair of the word is a merge; look the symbols up in vocab.json
//                                           "Hello world" -> Hello Ġworld
// Nothing is added around a text. Decoding turns the pieces back into bytes with the same table.
//
// Cost: a word of n bytes is merged with a priority queue of its pairs, O(n log n) (encoder.py's loop is
// O(n²)), and merged words are remembered (the cache is bounded); a text's words are found by ICU's regular
// expressions in one pass. For merges in the order they were learnt (every merge's parts made by merges of
// lower rank), the result is encoder.py's.
#include <array>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/pretrained/hf_tokenizer.h"

namespace al::pretrained {

// One line of merges.txt (or entry of tokenizer.json's model.merges): two pieces whose concatenation is a
// piece of the vocabulary. where names it in messages ("merges.txt line 7").
struct Merge {
  std::string first, second;
  std::string where;
};

class BpeTokenizer : public Tokenizer {
 public:
  // merges in rank order (rank = index). addedTokens: split out of a text before anything else ("<|endoftext|>"
  // is always one of them when the vocabulary has it). source names the files in messages. al::InputError for
  // an empty vocabulary or a merge naming a piece the vocabulary lacks (its `where` in the message). A vocabulary
  // may lack some of the 256 byte symbols (GPT-2's has them all): a text holding such a byte is refused by
  // tokenize, naming the byte.
  BpeTokenizer(const VocabularyEntries& vocabulary, const std::vector<Merge>& merges,
               std::vector<std::string> addedTokens, std::string source);
  ~BpeTokenizer() override;

  TokenizerType type() const override { return TokenizerType::ByteLevelBpe; }
  Encoding tokenize(std::string_view text) const override;
  Encoding encode(std::string_view text) const override { return tokenize(text); }
  Encoding encodePrompt(std::string_view text) const override { return tokenize(text); }
  Encoding encodePair(std::string_view a, std::string_view b) const override;
  std::string decode(const std::vector<int64_t>& ids, bool skipSpecial = false) const override;

  // merges.txt: an optional first line "#version: ...", then one "first second" a line (one space between two
  // non-empty pieces); empty lines are skipped. al::InputError naming the file and the line otherwise, and for
  // more than limits::kMaxVocabularyTokens merges.
  static std::vector<Merge> parseMergesTxt(std::string_view text, const std::string& file);
  // One merge written "first second"; al::InputError naming where otherwise.
  static Merge parseMerge(std::string_view entry, std::string where);

  // The printable character GPT-2's table writes for a byte, as UTF-8: byteSymbol(' ') == "Ġ".
  static const std::string& byteSymbol(unsigned char byte);

 private:
  struct Symbols;  // one word being merged
  // The pieces (id, bytes) of one pre-tokenized word (its raw bytes), from the cache or merged now.
  std::vector<std::pair<int64_t, int>> mergedWord(std::string_view bytes) const;

  std::string source_;
  std::vector<std::string> addedTokens_;
  std::array<int64_t, 256> byteIds_{};  // the id of each byte's symbol, -1 where the vocabulary lacks it
  // (left id, right id) -> (rank, id of the merged piece)
  std::unordered_map<uint64_t, std::pair<int32_t, int64_t>> merges_;
  struct Pattern;
  std::unique_ptr<Pattern> pattern_;  // the compiled pre-tokenization pattern
  mutable std::mutex cacheMutex_;
  mutable std::unordered_map<std::string, std::vector<std::pair<int64_t, int>>> cache_;
};

}  // namespace al::pretrained
