#pragma once
// BERT's WordPiece tokenizer (contract: pretrained models, "Tokenizers"), as Hugging Face's BasicTokenizer and
// WordpieceTokenizer read text:
//
//   1. split out the special tokens written in the text, exactly ("a[MASK]b" -> a, [MASK], b; "[mask]" is not one)
//   2. clean: drop NUL, U+FFFD and every Unicode C* character but tab, LF and CR; whitespace (space, tab, LF, CR,
//      Zs) becomes a space
//   3. a space on each side of every CJK ideograph, so Chinese is read one character a token
//   4. split on whitespace; per word, lowercase (one character at a time) and strip accents (NFD, drop Mn) when
//      asked; split around punctuation (ASCII punctuation and Unicode P*)
//   5. a word of more than 100 characters is [UNK]; else greedy longest-match-first against the vocabulary,
//      "##" before a piece that continues a word; a word with a part no piece matches is [UNK] as a whole
//                                           "Unaffable playing!" -> un ##aff ##able play ##ing !
//
// Offsets (hf_tokenizer.h) follow each character through these steps: a lowercased or decomposed character keeps
// the range of the one it came from, a stripped accent widens the range of the character before it.
// Special tokens are looked up by name (tokenizer_config.json may rename them), never by position.
#include <optional>
#include <string>
#include <vector>

#include "core/pretrained/hf_tokenizer.h"

namespace al::pretrained {

struct WordPieceOptions {
  bool lowercase = true;                 // do_lower_case (BertTokenizer's default)
  std::optional<bool> stripAccents;      // strip_accents; nothing: strip when lowercasing
  bool cleanText = true;                 // step 2 (tokenizer.json's clean_text)
  bool chineseCharacters = true;         // step 3 (tokenize_chinese_chars, handle_chinese_chars)
  std::string continuationPrefix = "##";
  size_t maxWordCharacters = 100;       // max_input_chars_per_word; tokenizer.json may say up to 10,000
  std::string unknown = "[UNK]", classifier = "[CLS]", separator = "[SEP]", padding = "[PAD]", mask = "[MASK]";
  std::vector<std::string> extraTokens;  // more tokens split out of the text (tokenizer.json's added_tokens)
};

class WordPieceTokenizer : public Tokenizer {
 public:
  // source names the file in messages (vocab.txt or tokenizer.json). al::InputError for an empty vocabulary or
  // one without the unknown token.
  WordPieceTokenizer(const VocabularyEntries& vocabulary, WordPieceOptions options, std::string source);

  TokenizerType type() const override { return TokenizerType::WordPiece; }
  Encoding tokenize(std::string_view text) const override;
  Encoding encode(std::string_view text) const override;
  Encoding encodePrompt(std::string_view text) const override;
  Encoding encodePair(std::string_view a, std::string_view b) const override;
  std::string decode(const std::vector<int64_t>& ids, bool skipSpecial = false) const override;

  const WordPieceOptions& options() const { return options_; }

  // vocab.txt: one piece per line, id = line number from 0 (a final LF ends the last line; a CR before an LF is
  // not part of the piece). al::InputError naming file and line for invalid UTF-8 or a line longer than
  // limits::kMaxTokenBytes, and for more than limits::kMaxVocabularyTokens lines or none.
  static VocabularyEntries parseVocabTxt(std::string_view text, const std::string& file);

 private:
  // The pieces of text (one segment of an encoding), appended to out with their offsets in text.
  void appendPieces(std::string_view text, int segment, Encoding& out) const;
  void appendAdded(const SpecialTokens::Token& token, int segment, Encoding& out) const;

  WordPieceOptions options_;
  std::string source_;
  std::vector<std::string> splitTokens_;  // written in a text, read as one piece
  size_t longestPiece_ = 0;               // characters of the longest piece, "##" included
};

}  // namespace al::pretrained
