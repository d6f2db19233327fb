#pragma once
// Text to token ids for the chatbot (task seq2seq-attention), the rules of the model format; the ascii
// tokenizer (the default) reads:
//
//   "¿Qué tal?  I'm fine."  --NFD, drop accents--------->  "¿Que tal?  I'm fine."
//                           --lowercase, space ?.!,----->  "¿que tal ?  i'm fine . "
//                           --others become spaces------>  "que tal ? i m fine ."
//                           --markers, split------------>  ["<start>", "que", "tal", "?", "i", "m", "fine", ".", "<end>"]
//
// <start> and <end> are ordinary vocabulary entries; unknown words map to [UNK] (id 1).
#include <string>
#include <string_view>
#include <vector>

#include "core/text/vectorizer.h"

namespace al {

inline constexpr const char* kStartToken = "<start>";
inline constexpr const char* kEndToken = "<end>";

// The words of a sentence after the preprocessing, without the markers (an empty sentence gives no words).
// Throws InputError when text is not valid UTF-8.
std::vector<std::string> seq2seqWords(std::string_view text);
// "<start>", the words of tokenize(tokenizer, Seq2seq, text), "<end>".
std::vector<std::string> tokenizeSeq2seq(TokenizerKind tokenizer, std::string_view text);
// The same with the ascii tokenizer (the seq2seq tasks' default).
std::vector<std::string> tokenizeSeq2seq(std::string_view text);
// The words joined by single spaces (what a vocabulary and a person see).
std::string standardizeSeq2seq(std::string_view text);

// Ids of tokenizeSeq2seq(text). A sentence of more than maxLength tokens (0: no limit) keeps its first
// maxLength - 1 tokens and then <end>, so that it is still a whole sentence to the model; *truncated tells.
std::vector<int> encodeSeq2seq(const Vocabulary& vocabulary, TokenizerKind tokenizer, std::string_view text,
                               size_t maxLength = 0, bool* truncated = nullptr);
// The same with the ascii tokenizer.
std::vector<int> encodeSeq2seq(const Vocabulary& vocabulary, std::string_view text, size_t maxLength = 0,
                               bool* truncated = nullptr);
// Throws InputError when tokens (from tokenizeSeq2seq) hold nothing but <start> and <end>: an empty question
// is refused, as an empty review is by predict.
void requireQuestionWords(const std::vector<std::string>& tokens);
// A token list (from tokenizeSeq2seq) cut to maxLength tokens (0: no limit) the same way.
bool truncateSeq2seq(std::vector<std::string>& tokens, size_t maxLength);

// Tokens back to text (joinTokens: spaces between words, none next to Chinese), stopping before <end> and
// skipping <start> and padding.
std::string decodeSeq2seq(const Vocabulary& vocabulary, const std::vector<int>& ids);

}  // namespace al
