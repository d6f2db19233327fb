#pragma once
// Text helpers the two tokenizers of Hugging Face folders share (core/pretrained/): checking a text, splitting
// out the tokens written in it that are read as one piece ("[MASK]", "<|endoftext|>"), and bytes back to UTF-8.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace al::pretrained {

class Tokenizer;

// al::InputError("the text is not valid UTF-8 (byte N)") for a text that is not.
void requireUtf8Text(std::string_view text);

// A stretch [begin, end) of bytes of a text: ordinary text, or one of the tokens split out (token = its index).
struct TextSpan {
  size_t begin = 0;
  size_t end = 0;
  int token = -1;  // -1: ordinary text
};

// The text cut at every occurrence of one of tokens, exactly as written (case-sensitive, even inside a word:
// "a[MASK]b" -> "a", [MASK], "b"); where two tokens start at one place the longer wins. Empty stretches of
// ordinary text are left out.
std::vector<TextSpan> splitOutTokens(std::string_view text, const std::vector<std::string>& tokens);

// Bytes as UTF-8 text: each invalid sequence (its longest start that could still have been valid, at least one
// byte) becomes one U+FFFD, as Python's bytes.decode("utf-8", errors="replace") does.
std::string utf8WithReplacement(std::string_view bytes);

// The UTF-8 bytes of one code point.
std::string utf8Of(char32_t c);

// A piece as a row or column label a person reads, as the Attention page shows it: WordPiece's as the vocabulary
// writes it ("[CLS]", "##ing"); byte-level BPE's decoded and shown by tokenLabel (core/text/token_label.h): without
// the leading space it marks ("Ġthe" -> "the"), part of a character as U+FFFD, whitespace only as signs ("Ġ" -> "␣",
// "Ċ" -> "↵"). al::InputError for an id outside
// the vocabulary.
std::string readablePiece(const Tokenizer& tokenizer, int64_t id);

}  // namespace al::pretrained
