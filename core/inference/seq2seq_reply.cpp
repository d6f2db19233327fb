#include "core/inference/seq2seq_reply.h"

#include "core/text/seq2seq_text.h"

namespace al {

void readQuestion(Seq2SeqReply& reply, std::vector<std::string> tokens, const Vocabulary& source, Index maxSourceLength) {
  requireQuestionWords(tokens);
  reply.truncated = truncateSeq2seq(tokens, static_cast<size_t>(maxSourceLength));
  reply.sourceIds = source.ids(tokens);
  reply.sourceTokens = std::move(tokens);
}

void writeAnswer(Seq2SeqReply& reply, const std::vector<int>& ids, const Vocabulary& target) {
  reply.outputTokens.clear();
  for (int id : ids) reply.outputTokens.push_back(target.token(id));
  reply.answer = decodeSeq2seq(target, ids);
}

}  // namespace al
