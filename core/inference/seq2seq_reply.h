#pragma once
// What ask shows for either encoder-decoder model (the GRU chatbot and the Transformer), and the two steps they
// share around their own decoding: reading the question and writing the answer.
//
// Dimension key (core/tensor.h): S source tokens, T output tokens.
#include <string>
#include <vector>

#include "core/tensor.h"
#include "core/text/vectorizer.h"

namespace al {

struct Seq2SeqReply {
  std::string answer;                     // the output tokens joined by spaces, without <end>
  std::vector<std::string> sourceTokens;  // <start> ... <end>, as the model read them (unknown words as typed)
  std::vector<int> sourceIds;             // 1 = unknown
  bool truncated = false;                 // the question had more than max_source_length tokens
  std::vector<std::string> outputTokens;  // as produced, the final <end> included when produced
  Matrix attention;                       // T x S: where each output token looked in the question
};

// The question's tokens (<start> ... <end>, from the model's tokenizer) as the model reads them: cut to
// maxSourceLength tokens (the first words, then <end>) and turned into ids. Fills sourceTokens, truncated and
// sourceIds. Throws InputError for a question without words.
void readQuestion(Seq2SeqReply& reply, std::vector<std::string> tokens, const Vocabulary& source, Index maxSourceLength);

// The decoded ids as tokens and as text. Fills outputTokens and answer.
void writeAnswer(Seq2SeqReply& reply, const std::vector<int>& ids, const Vocabulary& target);

}  // namespace al
