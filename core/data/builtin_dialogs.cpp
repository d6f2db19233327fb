#include "core/data/builtin_dialogs.h"

#include <set>
#include <string>

#include "core/random.h"

namespace al {

namespace {

// Each conversation is a list of lines; every line is answered by the next one.
const std::vector<std::vector<const char*>>& conversations() {
  static const std::vector<std::vector<const char*>> all = {
      {"good morning, how did you sleep?", "not bad. the neighbors were loud again.", "what were they doing?",
       "moving furniture at midnight, i think.", "that sounds annoying.", "it was. i might talk to them today.",
       "be nice about it.", "i will. i'll bring them some cookies."},
      {"are you coming to the game tonight?", "i can't. i have to work late.", "that's too bad. who is working with you?",
       "just me and the manager.", "will you get paid extra?", "yes, time and a half.", "then it's not so bad.",
       "true. tell me who wins."},
      {"what are you cooking?", "vegetable soup with fresh bread.", "it smells wonderful.", "thanks. do you want a bowl?",
       "yes, please. i'm starving.", "sit down. it's almost ready.", "can i help with anything?",
       "you can set the table."},
      {"did you see the weather report?", "no. is it going to rain?", "they said it will snow tomorrow.",
       "really? it's only october.", "i know. winter is early this year.", "i need to find my warm coat.",
       "it's probably in the closet.", "i hope so. i haven't seen it in months."},
      {"where did you buy that bike?", "at the shop near the station.", "was it expensive?",
       "no, it was on sale.", "how fast can it go?", "fast enough for me.", "do you ride it to work?",
       "every day when it's sunny."},
      {"i lost my keys again.", "where did you last have them?", "i had them in the kitchen this morning.",
       "did you check the drawer?", "not yet. good idea.", "are they there?", "yes! thank you so much.",
       "you should get a hook by the door."},
      {"how was your trip to the mountains?", "it was beautiful but cold.", "did you go hiking?",
       "we walked every day.", "did you see any animals?", "we saw two deer and an eagle.",
       "that's amazing. did you take pictures?", "lots. i'll show you later."},
      {"can you recommend a good book?", "what kind of books do you like?", "mostly mysteries.",
       "then you should read the old lighthouse.", "who wrote it?", "i don't remember the author.",
       "i'll look it up at the library.", "let me know if you like it."},
      {"why are you so tired today?", "i stayed up studying for my exam.", "what subject?", "chemistry.",
       "is it hard?", "very hard. there are so many formulas.", "when is the exam?", "tomorrow at nine."},
      {"do you have a pet?", "yes, i have a little gray cat.", "what is her name?", "her name is pepper.",
       "how old is she?", "she's three years old.", "does she like people?", "only people who feed her."},
      {"excuse me, where is the post office?", "go straight and turn left at the bank.", "is it far?",
       "no, about five minutes on foot.", "thank you very much.", "you're welcome. have a nice day."},
      {"what time does the movie start?", "at seven thirty.", "should we eat before?",
       "yes, let's get pizza.", "sounds good. where should we meet?", "in front of the theater at six.",
       "okay. don't be late.", "i'm never late!"},
      {"how is your new job?", "i like it a lot.", "what do you do there?", "i help design websites.",
       "that sounds fun.", "it is. my team is very friendly.", "are the hours long?",
       "no, i'm home by five."},
      {"my computer is very slow today.", "did you try restarting it?", "no, i didn't think of that.",
       "try it. it usually helps.", "it's working better now.", "good. you should restart it more often."},
      {"let's go to the beach this weekend.", "that's a great idea.", "should we invite your sister?",
       "sure, she loves the ocean.", "i'll bring the umbrella.", "and i'll make sandwiches.",
       "don't forget the sunscreen.", "i won't."},
      {"is this seat taken?", "no, go ahead.", "thanks. are you waiting for the bus too?",
       "yes, the number twelve.", "it's always late in the morning.", "i know. i should buy a car.",
       "or a bike.", "a bike is cheaper, that's true."},
      {"happy birthday!", "thank you! how did you remember?", "you told me last week.",
       "you have a good memory.", "did you get any nice presents?", "my parents gave me a watch.",
       "that's a lovely gift.", "i really like it."},
      {"what's wrong? you look worried.", "i have a job interview tomorrow.", "you'll do great.",
       "i hope so. i'm really nervous.", "just be yourself and smile.", "thanks. that helps a little."},
      {"do you want some coffee?", "no thanks, i prefer tea.", "green tea or black tea?", "green tea, please.",
       "with sugar?", "no sugar. just a little lemon.", "here you go.", "thank you. it's perfect."},
      {"have you finished the report?", "almost. i need one more hour.", "the boss wants it by noon.",
       "don't worry. it will be ready.", "do you need any help?", "could you check the numbers for me?",
       "of course. send them to me.", "i'll send them right away."},
      {"how many languages do you speak?", "i speak three.", "which ones?", "english, french and a bit of german.",
       "where did you learn french?", "i lived in paris for two years.", "did you like it there?",
       "i loved it. the food was great."},
      {"the garden looks beautiful.", "thank you. i work on it every weekend.", "what are those yellow flowers?",
       "those are sunflowers.", "they're so tall!", "some are taller than me.", "do you grow vegetables too?",
       "yes, tomatoes and beans."},
  };
  return all;
}

// A noun with its gender, an adjective with both forms.
struct Noun {
  const char* english;
  const char* spanish;
  bool feminine;
};
struct Adjective {
  const char* english;
  const char* masculine;
  const char* feminine;
};
struct Verb {
  const char* english;
  const char* spanish;
};

const std::vector<Noun> kNouns = {
    {"car", "coche", false},  {"house", "casa", true},   {"dog", "perro", false},  {"cat", "gato", false},
    {"book", "libro", false}, {"table", "mesa", true},   {"city", "ciudad", true}, {"bird", "pajaro", false},
    {"door", "puerta", true}, {"tree", "arbol", false},  {"cup", "taza", true},    {"boat", "barco", false},
    {"chair", "silla", true}, {"horse", "caballo", false}, {"window", "ventana", true}, {"hat", "sombrero", false},
};
const std::vector<Adjective> kAdjectives = {
    {"red", "rojo", "roja"},       {"white", "blanco", "blanca"}, {"black", "negro", "negra"},
    {"new", "nuevo", "nueva"},     {"old", "viejo", "vieja"},     {"small", "pequeno", "pequena"},
    {"tall", "alto", "alta"},      {"cheap", "barato", "barata"}, {"green", "verde", "verde"},
    {"beautiful", "bonito", "bonita"}, {"dirty", "sucio", "sucia"}, {"clean", "limpio", "limpia"},
};
const std::vector<Verb> kVerbs = {
    {"sees", "ve"}, {"has", "tiene"}, {"wants", "quiere"}, {"finds", "encuentra"}, {"needs", "necesita"},
};

// "the red car" / "el coche rojo", with the article of the noun's gender.
std::pair<std::string, std::string> nounPhrase(Rng& rng) {
  const Noun& n = kNouns[rng.below(kNouns.size())];
  const Adjective& a = kAdjectives[rng.below(kAdjectives.size())];
  const bool definite = rng.below(2) == 0;
  const std::string article = definite ? (n.feminine ? "la" : "el") : (n.feminine ? "una" : "un");
  return {std::string(definite ? "the " : "a ") + a.english + " " + n.english,
          article + " " + n.spanish + " " + (n.feminine ? a.feminine : a.masculine)};
}

}  // namespace

std::vector<DialogPair> chainConversations(const std::vector<std::vector<const char*>>& conversations,
                                           const std::string& originPrefix) {
  std::vector<DialogPair> pairs;
  for (const auto& lines : conversations)
    for (size_t i = 0; i + 1 < lines.size(); ++i)
      pairs.push_back({lines[i], lines[i + 1], originPrefix + ":" + std::to_string(pairs.size() + 1)});
  return pairs;
}

TranslationSplit generateUniquePairs(const TranslationTaskOptions& options, const SentenceMaker& makeSentence,
                                     const std::string& originPrefix) {
  Rng rng(options.seed);
  std::set<std::string> seen;
  TranslationSplit split;
  // Test sentences first, so that the training part can skip every one of them.
  const size_t total = options.testPairs + options.trainPairs;
  while (split.test.size() + split.train.size() < total) {
    auto [source, target] = makeSentence(rng);
    if (!seen.insert(source).second) continue;  // every sentence once, in one part only
    auto& part = split.test.size() < options.testPairs ? split.test : split.train;
    part.push_back({source, target, originPrefix + ":" + std::to_string(seen.size())});
  }
  return split;
}

std::vector<DialogPair> builtinDialogs() { return chainConversations(conversations(), "builtin"); }

TranslationSplit generateTranslationTask(const TranslationTaskOptions& options) {
  const auto sentence = [](Rng& rng) {
    auto [english, spanish] = nounPhrase(rng);
    if (rng.below(3) != 0) {  // two thirds are whole sentences: subject, verb, object
      const Verb& v = kVerbs[rng.below(kVerbs.size())];
      auto [objectEnglish, objectSpanish] = nounPhrase(rng);
      english += " " + std::string(v.english) + " " + objectEnglish + " .";
      spanish += " " + std::string(v.spanish) + " " + objectSpanish + " .";
    }
    return std::pair<std::string, std::string>{english, spanish};
  };
  return generateUniquePairs(options, sentence, "builtin:translate");
}

std::vector<CrossingExample> translationCrossingExamples() {
  std::vector<CrossingExample> out;
  for (size_t i = 0; i < kNouns.size(); ++i) {
    const Noun& n = kNouns[i];
    const Adjective& a = kAdjectives[(i * 5) % kAdjectives.size()];
    out.push_back({std::string("the ") + a.english + " " + n.english,
                   std::string(n.feminine ? "la " : "el ") + n.spanish + " " + (n.feminine ? a.feminine : a.masculine)});
  }
  return out;
}

}  // namespace al
