// The chatbot's Chinese corpora: everyday conversations (builtin:zh) and a Chinese -> English translation task
// whose time and place phrases move (builtin:translate-zh). Read with the icu_words tokenizer; the words of
// the translation grammar were chosen so that ICU cuts every one of them out alone
// ("我 昨天 在 公园 看见 了 他 。").
#include <string>

#include "core/data/builtin_dialogs.h"
#include "core/random.h"

namespace al {

namespace {

// Each conversation is a list of lines; every line is answered by the next one.
const std::vector<std::vector<const char*>>& conversationsZh() {
  static const std::vector<std::vector<const char*>> all = {
      {"你好，最近怎么样？", "还不错，谢谢。你呢？", "我有点累，昨天睡得太晚了。", "你几点睡的？", "差不多一点。",
       "早点休息吧。", "好的，今天一定早点睡。"},
      {"你想吃什么？", "我们去吃饺子吧。", "好主意，我知道一家店。", "远吗？", "走路十分钟。", "那我们现在就走吧。"},
      {"明天天气怎么样？", "听说明天会下雨。", "那我得带伞。", "对，还要穿外套。", "谢谢你提醒我。"},
      {"你周末有什么打算？", "我想去爬山。", "和谁一起去？", "和我的同学一起去。", "需要带什么东西？",
       "带点水和面包就行。"},
      {"请问，火车站怎么走？", "一直往前走，然后左转。", "远吗？", "走路大概五分钟。", "太谢谢你了。",
       "不客气，祝你一路顺风。"},
      {"你在做什么饭？", "西红柿炒鸡蛋和米饭。", "闻起来真香。", "你要来一碗吗？", "要，我饿死了。", "坐下吧，马上就好。"},
      {"你的钥匙找到了吗？", "还没有，我到处都找了。", "你看看桌子上。", "找到了！谢谢你。", "下次放在门口吧。"},
      {"你今天怎么这么高兴？", "我考试通过了。", "真的吗？恭喜你！", "谢谢，我准备了很久。", "今晚我们庆祝一下吧。",
       "好啊，我请客。"},
      {"你喜欢喝茶还是咖啡？", "我喜欢喝茶。", "绿茶还是红茶？", "绿茶，谢谢。", "要加糖吗？", "不用，谢谢。"},
      {"电影几点开始？", "七点半。", "我们先吃饭吗？", "好，去吃面条吧。", "在哪儿见面？", "电影院门口，六点。",
       "好的，别迟到。", "放心，我不会迟到的。"},
      {"你的新工作怎么样？", "我很喜欢。", "你每天做什么？", "我帮公司设计网站。", "听起来很有意思。",
       "是的，同事们都很友好。"},
      {"生日快乐！", "谢谢！你怎么记得？", "你上个星期告诉我的。", "你的记性真好。", "你收到什么礼物了？",
       "我爸妈送了我一块手表。"},
      {"你会说几种语言？", "我会说三种。", "哪三种？", "中文、英文和一点法语。", "你在哪儿学的法语？",
       "我在巴黎住过两年。"},
      {"你的电脑怎么了？", "它今天特别慢。", "你重启了吗？", "还没有。", "试试吧，通常有用。", "现在好多了。"},
  };
  return all;
}

// A word in both languages.
struct Word {
  const char* chinese;
  const char* english;
};
// A person as subject ("he") and as object ("him").
struct Person {
  const char* chinese;
  const char* subject;
  const char* object;
};

const std::vector<Person> kPeople = {{"我", "i", "me"},          {"他", "he", "him"},      {"她", "she", "her"},
                                     {"我们", "we", "us"},        {"他们", "they", "them"}, {"老师", "the teacher", "the teacher"},
                                     {"小明", "xiaoming", "xiaoming"}};
// Time phrases: at the front in Chinese (after the subject), at the end in English.
const std::vector<Word> kTimes = {{"昨天", "yesterday"},       {"上周", "last week"}, {"昨晚", "last night"},
                                  {"去年", "last year"},       {"今天 早上", "this morning"}};
// Place phrases: 在 + place before the verb in Chinese, after the object in English.
const std::vector<Word> kPlaces = {{"公园", "in the park"},      {"学校", "at school"},        {"超市", "at the supermarket"},
                                   {"医院", "at the hospital"},  {"车站", "at the station"},   {"餐厅", "in the restaurant"},
                                   {"教室", "in the classroom"}, {"海边", "at the beach"},     {"北京", "in beijing"},
                                   {"商店", "in the shop"},      {"操场", "on the playground"}};
// Verbs in the past (verb + 了): those that take a person, and those that take a thing.
const std::vector<Word> kPersonVerbs = {{"看见", "saw"}, {"遇到", "met"}, {"等", "waited for"}, {"认识", "got to know"}};
const std::vector<Word> kThingVerbs = {{"买", "bought"}, {"丢", "lost"}, {"找到", "found"}, {"拍", "took"}};
const std::vector<Word> kThings = {{"一张 地图", "a map"}, {"一张 照片", "a photo"}, {"一只 猫", "a cat"},
                                   {"一把 伞", "an umbrella"}};

template <typename T>
const T& pickOne(const std::vector<T>& options, Rng& rng) {
  return options[static_cast<size_t>(rng.below(options.size()))];
}

// Chinese words are joined without spaces (the spaces above only separate words for a reader of this file).
std::string written(std::string text) {
  std::string out;
  for (char c : text)
    if (c != ' ') out += c;
  return out;
}

// "我 昨天 在 公园 看见 了 他 。" -> "i saw him in the park yesterday ." (two in three sentences have a place).
std::pair<std::string, std::string> sentenceZh(Rng& rng) {
  const Person& subject = pickOne(kPeople, rng);
  const Word& time = pickOne(kTimes, rng);
  const bool withPlace = rng.below(3) != 0;
  const Word& place = pickOne(kPlaces, rng);
  std::string chinese = std::string(subject.chinese) + time.chinese + (withPlace ? std::string("在") + place.chinese : "");
  std::string english = subject.subject;
  if (rng.below(2) == 0) {
    const Word& verb = pickOne(kPersonVerbs, rng);
    const Person& object = pickOne(kPeople, rng);
    chinese += std::string(verb.chinese) + "了" + object.chinese;
    english += std::string(" ") + verb.english + " " + object.object;
  } else {
    const Word& verb = pickOne(kThingVerbs, rng);
    const Word& thing = pickOne(kThings, rng);
    chinese += std::string(verb.chinese) + "了" + thing.chinese;
    english += std::string(" ") + verb.english + " " + thing.english;
  }
  if (withPlace) english += std::string(" ") + place.english;
  english += std::string(" ") + time.english + " .";
  return {written(chinese) + "。", english};
}

}  // namespace

std::vector<DialogPair> builtinDialogsZh() { return chainConversations(conversationsZh(), "builtin:zh"); }

TranslationSplit generateTranslationTaskZh(const TranslationTaskOptions& options) {
  return generateUniquePairs(options, sentenceZh, "builtin:translate-zh");
}

}  // namespace al
