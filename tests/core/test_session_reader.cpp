// The session file's reader (core/io/session_file.h): what a session from outside may hold, and the message for
// what it may not. The app's own save-and-open round trip is tests/ui/test_session_file.cpp.
#include <QtTest>

#include <string>

#include "core/error.h"
#include "core/io/limits.h"
#include "core/io/session_file.h"
#include "tests/core/input_error_of.h"

using namespace al;
using al::test::inputErrorOf;

namespace {

// The kind of the InputError that reading bytes throws; Other with a failed check when it throws none.
ErrorKind kindOf(const std::string& bytes) {
  try {
    io::parseSession(bytes, "class.alsession");
  } catch (const InputError& e) {
    return e.kind();
  }
  return ErrorKind::Cancelled;  // no error: a kind no reader gives, so that a comparison fails
}

std::string session(const std::string& fields) {
  return "{\"format\": \"attentionlab-session\", \"version\": 1" + (fields.empty() ? "" : ", " + fields) + "}";
}

}  // namespace

class TestSessionReader : public QObject {
  Q_OBJECT

 private slots:
  void readsWhatTheAppWrites() {
    const io::Session s = io::parseSession(
        session("\"page\": \"fill\", \"lesson\": {\"id\": \"multi-head\", \"open\": true}, \"step\": 3,\n                   \"sentences\": {\"attention\": \"the acting was good\", \"fill\": \"the [MASK] was dull\", \"other\": \"x\"},\n                   \"runs\": [\"/models/run-1\"], \"models\": [{\"page\": \"attention\", \"directory\": \"/models/imdb\"}],\n                   \"heads_off\": {\"/models/imdb\": \"0.1,1.0\"}, \"timeline\": {\"attention\": 12, \"train\": 4, \"lessons\": 2},\n                   \"pages\": {\"step\": {\"layer\": 1, \"head\": 0, \"kind\": 3}, \"attention\": {\"tab\": 2}}"),
        "class.alsession");
    QCOMPARE(s.page, std::string("fill"));
    QCOMPARE(s.lessonId, std::string("multi-head"));
    QVERIFY(s.lessonOpen);
    QCOMPARE(s.step.value_or(-1), int64_t{3});
    QCOMPARE(s.sentences.size(), size_t{2});  // the pages that have a sentence; an unknown key is passed over
    QCOMPARE(s.runs, std::vector<std::string>{"/models/run-1"});
    QCOMPARE(s.models.size(), size_t{1});
    QCOMPARE(s.models[0].directory, std::string("/models/imdb"));
    QCOMPARE(s.headsOff.size(), size_t{1});
    QCOMPARE(s.moments.size(), size_t{2});  // the pages whose timeline a session keeps
    QCOMPARE(s.moments[0].first, std::string("attention"));
    QCOMPARE(s.moments[0].second, int64_t{12});
    QCOMPARE(s.moments[1].first, std::string("train"));
    QCOMPARE(s.moments[1].second, int64_t{4});
    QCOMPARE(s.pageStates.size(), size_t{2});  // each page's own state, as its JSON object
    QCOMPARE(s.pageStates[0].first, std::string("attention"));
    QCOMPARE(s.pageStates[0].second, std::string("{\"tab\":2}"));
    QCOMPARE(s.pageStates[1].first, std::string("step"));
    QCOMPARE(s.pageStates[1].second, std::string("{\"head\":0,\"kind\":3,\"layer\":1}"));
    QVERIFY(s.refused.empty());
  }

  // Paths that cannot be a model folder are named and passed over; the rest of the session is kept.
  void refusesPathsThatAreNoModelFolders() {
    const io::Session s = io::parseSession(
        session("\"runs\": [\"models/relative\", \"/home/a/../../etc/ssh\", \"/proc/self/fd\", \"/dev/zero\", \"/devices/ok\"],\n                   \"models\": [{\"page\": \"fill\", \"directory\": \"/sys/kernel\"}],\n                   \"heads_off\": {\"./x\": \"0.0\"}"),
        "class.alsession");
    QCOMPARE(s.runs, std::vector<std::string>{"/devices/ok"});
    QVERIFY(s.models.empty() && s.headsOff.empty());
    QCOMPARE(s.refused, (std::vector<std::string>{"models/relative", "/home/a/../../etc/ssh", "/proc/self/fd", "/dev/zero",
                                                  "/sys/kernel", "./x"}));
    QCOMPARE(io::refusedPathReason("models/relative"), std::string("not a full path"));
    QCOMPARE(io::refusedPathReason("/dev/zero"), std::string("a system folder"));
    QCOMPARE(io::refusedPathReason(std::string("/a\nb")), std::string("control characters in it"));
  }

  // Switched-off heads beyond any model (the app would make room for two billion layers) are passed over.
  void passesOverHeadListsBeyondAnyModel() {
    const io::Session s = io::parseSession(
        session("\"heads_off\": {\"/m/a\": \"2000000000.1\", \"/m/b\": \"1.4096\", \"/m/c\": \"not heads\", \"/m/d\": \"4095.4095\"}"),
        "class.alsession");
    QCOMPARE(s.headsOff.size(), size_t{1});
    QCOMPARE(s.headsOff[0].first, std::string("/m/d"));
  }

  void refusesWhatIsNoSessionOrBeyondItsLimits() {
    QCOMPARE(kindOf("{\"format\": \"attentionlab-model\"}"), ErrorKind::NotASession);
    QCOMPARE(kindOf("[1, 2, 3]"), ErrorKind::NotASession);
    QCOMPARE(kindOf(session("\"version\": 2")), ErrorKind::NewerFormat);
    QCOMPARE(kindOf("{\"format\": \"attentionlab-session\", \"page\": "), ErrorKind::JsonInvalid);
    QCOMPARE(kindOf(session("\"runs\": " + std::string(5000, '[') + std::string(5000, ']'))), ErrorKind::JsonInvalid);
    QCOMPARE(kindOf(session("\"step\": \"two\"")), ErrorKind::JsonWrongType);
    QCOMPARE(kindOf(session("\"step\": 99999999999")), ErrorKind::JsonOutOfRange);
    QCOMPARE(kindOf(session("\"timeline\": {\"fill\": 4000}")), ErrorKind::JsonOutOfRange);
    QCOMPARE(kindOf(session("\"timeline\": {\"fill\": 1.5}")), ErrorKind::JsonWrongType);
    QCOMPARE(kindOf(session("\"timeline\": [3]")), ErrorKind::JsonWrongType);
    QCOMPARE(kindOf(session("\"pages\": [3]")), ErrorKind::JsonWrongType);
    QCOMPARE(kindOf(session("\"pages\": {\"step\": 3}")), ErrorKind::JsonWrongType);
    QCOMPARE(kindOf(session("\"pages\": {\"step\": {\"layer\": 1.5}}")), ErrorKind::JsonWrongType);
    QCOMPARE(kindOf(session("\"pages\": {\"step\": {\"layer\": {\"deeper\": 1}}}")), ErrorKind::JsonWrongType);
    QCOMPARE(kindOf(session("\"models\": [{\"page\": \"fill\"}]")), ErrorKind::JsonMissingKey);

    std::string runs = "\"runs\": [";
    for (size_t i = 0; i <= limits::kMaxSessionEntries; ++i) runs += (i ? ", " : "") + std::string("\"/m\"");
    const QString tooMany = inputErrorOf([&] { io::parseSession(session(runs + "]"), "class.alsession"); });
    QVERIFY2(tooMany.contains("class.alsession") && tooMany.contains("\"runs\"") && tooMany.contains("1001"),
             qPrintable(tooMany));

    const std::string longSentence(limits::kMaxSessionTextBytes + 1, 'a');
    const QString tooLong = inputErrorOf([&] {
      io::parseSession(session("\"sentences\": {\"fill\": \"" + longSentence + "\"}"), "class.alsession");
    });
    QVERIFY2(tooLong.contains("sentences.fill"), qPrintable(tooLong));
    QCOMPARE(kindOf(std::string(limits::kMaxSessionBytes + 1, ' ')), ErrorKind::FileTooLarge);
  }
};

QTEST_APPLESS_MAIN(TestSessionReader)
#include "test_session_reader.moc"
