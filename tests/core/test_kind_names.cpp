// The app and the command line name no kinds: what a model of each kind can do is the core's to say, once, in a
// capability over any model (core/inference/: readModelAttention, modelShape, readModelPrediction, textWriterOf,
// modelWalkOf, pretrainedShapeOf, ...), each dispatching over the model variant with one line per kind. A file of
// ui/ or app/ may hold a view or a command of one kind, or two (the Chatbot page's two answerers), but a file that
// names three or more model types is a kind list beside the catalogue, the one a new kind would have to find and
// edit. This suite reads the types of the variant (AnyModel::Snapshot, core/inference/any_model.h) and every .cpp
// and .h of ui/ and app/, and fails naming each file that names three or more of them in code (comments and
// strings are not read) and which ones.
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

#include "tests/core/source_text.h"

namespace {

constexpr int kMostTypesInAFile = 2;

QString readSource(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(file.readAll());
}

// The model types of the variant: each `std::shared_ptr<const T>` of `using Snapshot = std::variant<...>;`.
QStringList snapshotTypes(const QString& anyModelHeader) {
  const QString code = al::test::codeOnly(anyModelHeader);
  const qsizetype start = code.indexOf(QRegularExpression(QStringLiteral("using\\s+Snapshot\\s*=\\s*std::variant<")));
  if (start < 0) return {};
  const QString variant = code.mid(start, code.indexOf(QLatin1Char(';'), start) - start);
  QStringList types;
  static const QRegularExpression alternative(QStringLiteral("std::shared_ptr<const\\s+(\\w+)>"));
  for (const QRegularExpressionMatch& m : alternative.globalMatch(variant)) types << m.captured(1);
  return types;
}

// The types of `types` that `source` names in code, as whole words, in the variant's order.
QStringList typesNamed(const QString& source, const QStringList& types) {
  const QString code = al::test::codeOnly(source);
  QStringList named;
  for (const QString& type : types)
    if (code.contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(type)))) named << type;
  return named;
}

}  // namespace

class TestKindNames : public QObject {
  Q_OBJECT

 private slots:
  // The reading itself: names in code count once each, names in comments and strings and longer words do not.
  void theReadingCountsTypesInCode() {
    const QStringList types{QStringLiteral("BigramModel"), QStringLiteral("ChatbotModel"),
                            QStringLiteral("CausalLmModel"), QStringLiteral("MaskedLmModel")};
    const QString source = QStringList{
        QStringLiteral("// a BigramModel in a comment, /* MaskedLmModel */ too"),
        QStringLiteral("if (auto c = m.as<ChatbotModel>()) f(c);"),
        QStringLiteral("if (auto l = m.as<CausalLmModel>()) g(l); else if (m.as<ChatbotModel>()) h();"),
        QStringLiteral("const char* s = \"BigramModel\"; BigramModelView v;"),
    }.join(QLatin1Char('\n'));
    QCOMPARE(typesNamed(source, types), (QStringList{QStringLiteral("ChatbotModel"), QStringLiteral("CausalLmModel")}));
    QCOMPARE(typesNamed(source + QStringLiteral("\nauto b = m.as<BigramModel>();"), types).size(), 3);
  }

  void theVariantIsRead() {
    const QStringList types =
        snapshotTypes(readSource(QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/core/inference/any_model.h")));
    QVERIFY2(types.size() >= 9, qPrintable(types.join(QLatin1String(", "))));
    QVERIFY(types.contains(QStringLiteral("ImdbTransformerModel")));
    QVERIFY(types.contains(QStringLiteral("PretrainedGpt2")));
  }

  void noFileOfTheAppOrTheCommandLineListsKinds() {
    const QString root = QStringLiteral(ATTENTIONLAB_SOURCE_DIR);
    const QStringList types = snapshotTypes(readSource(root + QStringLiteral("/core/inference/any_model.h")));
    QVERIFY(!types.isEmpty());
    int read = 0;
    QStringList lists;
    for (const QString& folder : {QStringLiteral("/ui"), QStringLiteral("/app")}) {
      QDirIterator files(root + folder, {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                         QDirIterator::Subdirectories);
      while (files.hasNext()) {
        const QString path = files.next();
        ++read;
        const QStringList named = typesNamed(readSource(path), types);
        if (named.size() > kMostTypesInAFile)
          lists << QStringLiteral("%1: %2 model types: %3")
                       .arg(path.mid(root.size() + 1))
                       .arg(named.size())
                       .arg(named.join(QLatin1String(", ")));
      }
    }
    QVERIFY2(read > 100, qPrintable(QStringLiteral("%1 files read").arg(read)));
    lists.sort();
    QVERIFY2(lists.isEmpty(),
             qPrintable(QStringLiteral("%1 files of ui/ and app/ name %2 or more model types; ask a capability of "
                                       "core/inference/ instead:\n%3")
                            .arg(lists.size())
                            .arg(kMostTypesInAFile + 1)
                            .arg(lists.join(QLatin1Char('\n')))));
  }
};

QTEST_GUILESS_MAIN(TestKindNames)
#include "test_kind_names.moc"
