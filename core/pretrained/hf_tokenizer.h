#pragma once
// The tokenizer of a Hugging Face folder (contracts: pretrained models, "Tokenizers" and "What a folder holds"):
// text -> pieces as the vocabulary writes them ("##ing", "Ġthe") -> ids, and ids back to text.
//
//   tokenizer.json            when present it decides: model.type "WordPiece" (BERT) or "BPE" (GPT-2's byte-level
//                             BPE); "Unigram" and other types (SentencePiece models) are refused, not guessed
//   vocab.txt                 else WordPiece, one piece per line, id = line number counted from 0
//   vocab.json + merges.txt   else byte-level BPE
//   tokenizer_config.json     optional: do_lower_case, strip_accents, tokenize_chinese_chars and the special
//                             tokens' names (unk_token, cls_token, sep_token, pad_token, mask_token); its
//                             do_lower_case and strip_accents win over tokenizer.json's normalizer
//
// Offsets are byte ranges [begin, end) of the UTF-8 text that was given, so text.substr(begin, end - begin) is
// what a piece came from: "Unaffable" -> "un" [0, 2), "##aff" [2, 5), "##able" [5, 9), also after lowercasing
// and accent stripping. Bytes, not characters, because a byte-level BPE piece may hold part of a character
// (an emoji of 4 bytes read as two pieces: [0, 2) and [2, 4)); a view converts ranges to its own units.
// Tokens the tokenizer adds ([CLS], [SEP]) cover no text: begin == end == 0. A special token written in the
// text ("a[MASK]b") covers what was written.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace al::pretrained {

enum class TokenizerType { WordPiece, ByteLevelBpe };

// (piece, id) in the order a file lists them: vocab.txt's lines (id = line number), vocab.json's entries.
using VocabularyEntries = std::vector<std::pair<std::string, int64_t>>;

struct Offset {
  size_t begin = 0;  // first byte of the text the piece came from
  size_t end = 0;    // one past its last byte
  bool operator==(const Offset&) const = default;
};

// One text (or a pair of texts) as a model reads it. All vectors have one entry per token.
struct Encoding {
  std::vector<std::string> pieces;  // as the vocabulary writes them: "[CLS]", "un", "##aff", "Ġthe", "Ã©"
  std::vector<int64_t> ids;
  std::vector<Offset> offsets;      // in the text of the token's segment (pairs: a's tokens in a, b's in b)
  std::vector<int> segments;        // 0 for the first text (with [CLS] and its [SEP]), 1 for the second
  std::vector<bool> added;          // true for a token the tokenizer added ([CLS], [SEP]), not read from the text
  size_t size() const { return ids.size(); }
};

// The names of the special tokens and their ids (nothing when the vocabulary has no such piece). BERT's:
// [UNK] [CLS] [SEP] [PAD] [MASK]; GPT-2 has only <|endoftext|>, kept in `endOfText`.
struct SpecialTokens {
  struct Token {
    std::string name;
    std::optional<int64_t> id;
  };
  Token unknown, classifier, separator, padding, mask, endOfText;
};

class Tokenizer {
 public:
  virtual ~Tokenizer() = default;

  virtual TokenizerType type() const = 0;

  // The pieces of text, nothing added. al::InputError when text is not valid UTF-8.
  virtual Encoding tokenize(std::string_view text) const = 0;
  // What a model reads for one text: WordPiece [CLS] text [SEP]; byte-level BPE the pieces as they are.
  virtual Encoding encode(std::string_view text) const = 0;
  // What a generating model (gpt2) reads as its prompt: byte-level BPE the pieces as they are; WordPiece (a gpt2
  // model whose folder holds vocab.txt, such as uer/gpt2-chinese-cluecorpussmall) [CLS] before the prompt, no [SEP].
  virtual Encoding encodePrompt(std::string_view text) const = 0;
  // Sentence pairs (next-sentence prediction): WordPiece [CLS] a [SEP] b [SEP], segments 0 up to and including
  // the first [SEP], 1 after it. al::InputError for byte-level BPE, which has no pairs.
  virtual Encoding encodePair(std::string_view a, std::string_view b) const = 0;

  // Ids back to text. WordPiece: "##" pieces glued to the one before, a space between words but none next to a
  // CJK ideograph or CJK punctuation nor before . , ! ? 's n't (as Hugging Face's clean-up); byte-level BPE: the
  // bytes of the pieces, invalid UTF-8 shown as U+FFFD. skipSpecial leaves out the special tokens ([UNK], [CLS],
  // [SEP], [PAD], [MASK], <|endoftext|>). al::InputError for an id outside the vocabulary.
  virtual std::string decode(const std::vector<int64_t>& ids, bool skipSpecial = false) const = 0;

  // The id of a piece written as the vocabulary writes it ("##ing", "Ġthe", "[MASK]"), or nothing.
  std::optional<int64_t> idOf(std::string_view piece) const;
  // The piece of an id; al::InputError for an id outside [0, vocabularySize()) or one no piece has.
  const std::string& pieceOf(int64_t id) const;
  // One more than the largest id (what a model's vocab_size must be at least).
  size_t vocabularySize() const { return pieces_.size(); }
  const SpecialTokens& specialTokens() const { return special_; }
  // Whether id is one of the special tokens (for fill's "top", which leaves them out).
  bool isSpecial(int64_t id) const;

 protected:
  // Derived tokenizers fill these while loading. pieces_[id] is the piece of id ("" where no piece has that
  // id); vocabulary_ maps a piece to its id (a piece written twice in vocab.txt keeps its later line, as the
  // reference tokenizers do).
  std::vector<std::string> pieces_;
  std::unordered_map<std::string, int64_t> vocabulary_;
  SpecialTokens special_;
  // Fills pieces_ and vocabulary_; al::InputError naming source when entries is empty or an id is negative or
  // beyond limits::kMaxVocabularyTokens.
  void setVocabulary(const VocabularyEntries& entries, const std::string& source);
  // Gives each special token the id of its name (nothing when the vocabulary lacks it).
  void lookUpSpecialTokens();
};

// Reads the tokenizer of a Hugging Face folder (see the top of this file). al::InputError naming the file, the
// line (vocab.txt, merges.txt) and what was expected when a file does not parse, a vocabulary is empty, a merge
// names a piece the vocabulary lacks, tokenizer.json holds another model type, or the folder has no tokenizer.
std::unique_ptr<Tokenizer> loadTokenizer(const std::filesystem::path& folder);

}  // namespace al::pretrained
