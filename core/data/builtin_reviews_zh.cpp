// The built-in Chinese review corpus (builtin:zh): the English corpus's lesson, in Chinese. Sentiment lives in
// phrases ("剧情很精彩"), negation flips a phrase (不, 并不, 没有, 一点也不: "节奏一点也不拖沓" is positive), and in
// a contrast (虽然…但是…, …可是…) the clause after 但是 / 可是 decides, while both clauses are drawn the same way
// whatever the label: only word order tells "虽然剧情很无聊，但是演技很出色" from "虽然演技很出色，但是剧情很无聊".
//
// Every word below was chosen so that ICU's word break iterator (the icu_words tokenizer) cuts it out as
// one word: "剧情 很 精彩", "节奏 一点 也不 拖沓", "虽然 剧情 很 无聊 但是 演技 很 出色". (好 is avoided: "很好" and
// "不好" are one word each in ICU's dictionary, which would hide the negation.)
#include <algorithm>
#include <string_view>

#include "core/data/builtin_reviews.h"
#include "core/data/review_generator.h"
#include "core/text/tokenizer.h"

namespace al {

namespace {

using reviews::Kind;
using reviews::pick;

// ---------------------------------------------------------------------------------------------------------
// The words. Sentiment lives only in the adjective, verdict and reaction lists.

const std::vector<std::string> kAspects = {"剧情", "演技", "故事", "剧本", "对白", "结尾", "音乐", "画面", "节奏", "主角",
                                           "情节", "表演", "导演", "特效", "摄影", "反派", "人物", "演员", "结局", "镜头"};
// (动人, 做作 and 差 are left out: ICU reads "不动人" as 不动 人, "不做作" as 不做 作 and "不差" as one word.)
const std::vector<std::string> kPositiveAdjectives = {"精彩", "出色", "感人", "有趣", "精美", "迷人",
                                                      "聪明", "新颖", "生动", "温暖", "扎实", "紧凑", "真实",
                                                      "优秀", "幽默", "完美", "震撼", "细腻"};
const std::vector<std::string> kNegativeAdjectives = {"无聊", "乏味", "糟糕", "拖沓", "混乱", "幼稚", "老套",
                                                      "生硬", "平庸", "粗糙", "空洞", "肤浅", "沉闷", "尴尬",
                                                      "冗长", "单调", "俗套", "无趣", "平淡"};
// Said of the whole film: "这部电影是一部杰作". A verdict that starts with 是 or 值得 is negated with 不 / 并不
// ("不是一部杰作"), one that starts with 让 with 没有 / 一点也不 / 并不 ("没有让人失望").
const std::vector<std::string> kPositiveVerdicts = {"是一部杰作", "是一部佳作", "值得一看", "让人难忘", "是一种享受"};
const std::vector<std::string> kNegativeVerdicts = {"是一场灾难", "让人失望", "让人后悔", "让人厌烦"};
// How the film made the writer feel: "音乐打动了我"; negated without 了: "音乐没有打动我".
struct Reaction {
  const char* plain;
  const char* negatable;  // the form after 没有
};
const std::vector<Reaction> kPositiveReactions = {
    {"打动了我", "打动我"}, {"吸引了我", "吸引我"}, {"让我感动", "让我感动"}, {"让我着迷", "让我着迷"}};
const std::vector<Reaction> kNegativeReactions = {
    {"让我失望", "让我失望"}, {"让我厌烦", "让我厌烦"}, {"让我尴尬", "让我尴尬"}, {"让我后悔", "让我后悔"}};

const std::vector<std::string> kPredicateFrames = {"{a}", "{a}", "这部电影的{a}", "我觉得{a}", "我认为{a}", "说实话{a}",
                                                   "片中的{a}"};
const std::vector<std::string> kIntensifiers = {"很", "很", "非常", "特别", "十分", "相当", "真"};
const std::vector<std::string> kVerdictFrames = {"这部电影", "这部片子", "整部电影", "这部作品"};
// "不太精彩" sounds right, "不太无聊" does not: each direction has its own negators.
const std::vector<std::string> kPositiveAdjectiveNegators = {"不", "并不", "一点也不", "不太"};
const std::vector<std::string> kNegativeAdjectiveNegators = {"不", "并不", "一点也不"};
const std::vector<std::string> kAfterContrast = {"", "", "", "总的来说", "整体上", "最后"};

// Neutral sentences. None contains a sentiment word, a negator (不, 没有, 也不, 并不) or a contrast word.
const std::vector<std::string> kFillers = {
    "我是在一个下雨的周末看的。",     "我和朋友一起去电影院看的。",     "这部电影大约两个小时。",
    "故事发生在一个海边小镇。",       "它改编自一部小说。",             "导演以前拍过一部战争片。",
    "我是在网上看到这部电影的。",     "片中大部分场景在一座老房子里拍摄。", "电影讲的是一家人的一个夏天。",
    "主角是一位退休的老师。",         "我是和爸爸一起看的。",           "这是这个系列的第三部电影。",
    "故事发生在一个寒冷的冬天。",     "我们在电影俱乐部看了这部电影。", "昨天晚上电视上播了这部电影。",
    "我几个月前看过预告片。",         "电影的前半段发生在城市里。",     "这部电影讲的是两兄弟经营农场的故事。",
    "我在旧货市场买了这张光盘。",     "它是一部法国老电影的翻拍。",     "回家的路上我们一直在讨论它。",
    "主演也演过一部犯罪剧。",         "开头二十分钟是黑白的。",         "我妹妹选了这部电影。",
    // the words of 小明把书包忘在教室，它很沉。, so that the app's example sentence is made of known words
    "故事里小明把书包忘在了教室。",   "主角每天背着很沉的书包上学。"};

// ---------------------------------------------------------------------------------------------------------
// The templates: as in English, contrast templates come in pairs with the clauses swapped.

const std::vector<reviews::Template> kTemplates = {
    {Kind::Plain, "{c+}。"},
    {Kind::Plain, "{c-}。"},
    {Kind::Plain, "{c+}，而且{c+}。"},
    {Kind::Plain, "{c-}，而且{c-}。"},
    {Kind::Plain, "{c+}。{c+}。"},
    {Kind::Plain, "{c-}。{c-}。"},
    {Kind::Negated, "{n+}。"},
    {Kind::Negated, "{n-}。"},
    {Kind::Negated, "{n+}，而且{c+}。"},
    {Kind::Negated, "{n-}，而且{c-}。"},
    {Kind::Contrast, "虽然{c-}，但是{c+}。"},
    {Kind::Contrast, "虽然{c+}，但是{c-}。"},
    {Kind::Contrast, "{c-}，可是{c+}。"},
    {Kind::Contrast, "{c+}，可是{c-}。"},
    {Kind::NegatedContrast, "虽然{n-}，但是{c+}。"},
    {Kind::NegatedContrast, "虽然{c+}，但是{n-}。"},
    {Kind::NegatedContrast, "虽然{c-}，但是{n+}。"},
    {Kind::NegatedContrast, "虽然{n+}，但是{c-}。"},
    {Kind::NegatedContrast, "{n-}，可是{n+}。"},
    {Kind::NegatedContrast, "{n+}，可是{n-}。"},
};

const std::vector<std::string> kContrastWords = {"但是", "可是"};

// ---------------------------------------------------------------------------------------------------------
// How Chinese is written.

const std::vector<std::string>& adjectives(bool positive) {
  return positive ? kPositiveAdjectives : kNegativeAdjectives;
}

std::string withAspect(std::string frame, const std::string& aspect) {
  const size_t slot = frame.find("{a}");
  if (slot != std::string::npos) frame.replace(slot, 3, aspect);
  return frame;
}

const Reaction& pickReaction(bool positive, Rng& rng) {
  const std::vector<Reaction>& list = positive ? kPositiveReactions : kNegativeReactions;
  return list[static_cast<size_t>(rng.below(list.size()))];
}

// "剧情很精彩", "这部电影是一部杰作", "音乐打动了我".
std::string plainClause(bool positive, Rng& rng) {
  const std::string& aspect = pick(kAspects, rng);
  switch (rng.below(3)) {
    case 0: return withAspect(pick(kPredicateFrames, rng), aspect) + pick(kIntensifiers, rng) + pick(adjectives(positive), rng);
    case 1: return pick(kVerdictFrames, rng) + pick(positive ? kPositiveVerdicts : kNegativeVerdicts, rng);
    default: return aspect + pickReaction(positive, rng).plain;
  }
}

// "节奏一点也不拖沓" (positive), "这部电影不是一部杰作" (negative), "音乐没有打动我" (negative).
std::string negatedClause(bool positive, Rng& rng) {
  const std::string& aspect = pick(kAspects, rng);
  switch (rng.below(3)) {
    case 0:
      return withAspect(pick(kPredicateFrames, rng), aspect) +
             pick(positive ? kNegativeAdjectiveNegators : kPositiveAdjectiveNegators, rng) + pick(adjectives(!positive), rng);
    case 1: {
      const std::string& verdict = pick(positive ? kNegativeVerdicts : kPositiveVerdicts, rng);
      const std::vector<std::string> negators = verdict.starts_with("让") ? std::vector<std::string>{"没有", "一点也不", "并不"}
                                                                          : std::vector<std::string>{"不", "并不"};
      return pick(kVerdictFrames, rng) + pick(negators, rng) + verdict;
    }
    default: return aspect + "没有" + pickReaction(!positive, rng).negatable;
  }
}

// Right after the last 但是 or 可是, or 0.
size_t decidingPartStart(std::string_view text) {
  size_t start = 0;
  for (const std::string& word : kContrastWords)
    for (size_t pos = text.find(word); pos != std::string_view::npos; pos = text.find(word, pos + 1))
      start = std::max(start, pos + word.size());
  return start;
}

std::string writtenAsIs(std::string text) { return text; }

size_t icuWordCount(std::string_view text) { return tokenize(TokenizerKind::IcuWords, TextTask::Classifier, text).size(); }

const reviews::Language& chinese() {
  static const reviews::Language language{
      .sourceName = "builtin:zh", .templates = kTemplates, .contrastMarkers = kContrastWords,
      .afterContrast = kAfterContrast, .fillers = kFillers, .fillerSeparator = "", .minWords = kBuiltinMinWords,
      .maxWords = kBuiltinMaxWords, .plainClause = plainClause, .negatedClause = negatedClause,
      .decidingPartStart = decidingPartStart, .writeAsSentences = writtenAsIs, .wordCount = icuWordCount};
  return language;
}

}  // namespace

LabeledDataset generateBuiltinReviewsZh(uint64_t seed, size_t trainCount, size_t testCount) {
  return reviews::generate(chinese(), seed, trainCount, testCount);
}

const BuiltinLexicon& builtinLexiconZh() {
  static const BuiltinLexicon lexicon = [] {
    BuiltinLexicon l;
    l.positive = kPositiveAdjectives;
    l.negative = kNegativeAdjectives;
    for (const char* word : {"杰作", "佳作", "值得一看", "难忘", "享受", "打动", "吸引", "感动", "着迷"}) l.positive.push_back(word);
    for (const char* word : {"灾难", "失望", "后悔", "厌烦"}) l.negative.push_back(word);
    l.negators = {"不", "并不", "也不", "不太", "不是", "没有"};  // as icu_words cuts them: 一点也不 -> 一点 也不
    l.contrast = "但是";
    l.contrastWords = kContrastWords;
    return l;
  }();
  return lexicon;
}

}  // namespace al
