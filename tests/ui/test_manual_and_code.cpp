// Help › Manual (F1) opens the manual in the app's language and follows a change of language; the manual names
// every page of the sidebar as the sidebar does, in both languages. Every step of the Step-through page has its
// Keras and PyTorch lines (resources/teaching/step_code.json), and the Code button shows the step's own: lines
// that follow the step's settings (position, ÷√K, mask, norm), whose stated shapes make the softmax run over the
// keys, and, for the decoder, keys and values taken from the encoder's output.
#include "ui/main_window.h"  // first: it brings core headers, which must not see Qt's `emit`
#include "core/inference/seq2seq_transformer_inference.h"
#include "core/text/seq2seq_text.h"
#include "tests/app_fixture.h"
#include "tests/seeded_transformer.h"

#include <QtTest>

#include <QAction>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextBrowser>

#include "ui/pages/stepper_page.h"
#include "ui/teaching/decoder_controls.h"
#include "ui/teaching/step_code.h"
#include "ui/teaching/step_view.h"
#include "ui/text/language.h"
#include "ui/widgets/manual_window.h"

using namespace al;
using namespace al::ui;

namespace {

QStringList sidebarTitles(const MainWindow& window) {
  QStringList titles;
  auto* sidebar = window.findChild<QListWidget*>("sidebar");
  for (int i = 0; sidebar && i < sidebar->count(); ++i) titles << sidebar->item(i)->text();
  return titles;
}

// The shape a line of code states for what it assigns to `name`: "e = self.V(t).squeeze(-1)   # (B, S)" gives
// {"B", "S"}; none stated gives {}.
QStringList statedShape(const QString& code, const QString& name) {
  const QRegularExpression line(
      QStringLiteral("^\\s*%1\\s*=[^#\\n]*#\\s*\\(([^)]*)\\)").arg(QRegularExpression::escape(name)),
      QRegularExpression::MultilineOption);
  const QRegularExpressionMatch m = line.match(code);
  if (!m.hasMatch()) return {};
  QStringList dims = m.captured(1).split(QLatin1Char(','));
  for (QString& d : dims) d = d.trimmed();
  return dims;
}

// The axis a softmax of `code` runs over, by the shape `shapes` states for its argument: "softmax(e, dim=1)" of an
// e stated as (B, S) gives "S". Empty when the code does not say.
QString softmaxAxis(const QString& code, const QString& shapes) {
  const QRegularExpression call(QStringLiteral("softmax\\((\\w+),\\s*(?:dim|axis)=(-?\\d+)\\)"));
  const QRegularExpressionMatch m = call.match(code);
  if (!m.hasMatch()) return {};
  const QStringList shape = statedShape(shapes, m.captured(1));
  int axis = m.captured(2).toInt();
  if (axis < 0) axis += static_cast<int>(shape.size());
  return axis >= 0 && axis < shape.size() ? shape[axis] : QString();
}

// The lines of `code` that are not comments.
QStringList codeLines(const QString& code) {
  QStringList lines;
  for (const QString& line : code.split(QLatin1Char('\n')))
    if (!line.trimmed().startsWith(QLatin1Char('#'))) lines << line;
  return lines;
}

// The names a Python snippet reads that it does not define: not assigned on an earlier line (or earlier on its
// own line's left side), not an attribute (after a dot), not a keyword argument (name=), not a keyword, and not
// one of `known` (modules, builtins, the arguments of the method the snippet is taken from). Comments are left out.
QStringList undefinedNames(const QString& code, const QSet<QString>& known) {
  static const QRegularExpression name(QStringLiteral("(?<![\\w.])([A-Za-z_]\\w*)(?!\\w)(?!\\s*=[^=])"));
  static const QRegularExpression assigned(QStringLiteral("^\\s*([A-Za-z_][\\w, ]*?)\\s*[-+*/]?=(?!=)"));
  static const QSet<QString> keywords{"for", "in", "if", "else", "and", "or", "not", "None", "True", "False",
                                      "return", "lambda", "is"};
  QSet<QString> defined;
  QStringList undefined;
  for (QString line : code.split(QLatin1Char('\n'))) {
    line = line.section(QLatin1Char('#'), 0, 0);
    QString right = line;
    QStringList targets;
    if (const QRegularExpressionMatch m = assigned.match(line); m.hasMatch()) {
      right = line.mid(m.capturedEnd());
      for (const QString& t : m.captured(1).split(QLatin1Char(','))) targets << t.trimmed();
    }
    for (const QRegularExpressionMatch& m : name.globalMatch(right)) {
      const QString n = m.captured(1);
      if (!defined.contains(n) && !known.contains(n) && !keywords.contains(n)) undefined << n;
    }
    for (const QString& t : targets) defined.insert(t);
  }
  undefined.removeDuplicates();
  return undefined;
}

// The page on the self-attention walk; returns its step view.
StepView* showSelfAttentionWalk(StepperPage& page) {
  page.setKind(StepperPage::Kind::SelfAttention);
  return page.stepView();
}

}  // namespace

class TestManualAndCode : public QObject {
  Q_OBJECT
  al::test::AppFixture app_;

 private slots:
  void initTestCase() {
    QVERIFY(app_.setUp("test_manual_and_code"));
    setLanguage(QStringLiteral("en"), false);
  }

  void bothLanguagesNameEveryPage() {
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
      setLanguage(language, false);
      MainWindow window;
      const QString manual = ManualWindow::manualText(language);
      QVERIFY(manual.size() > 1500);
      const QStringList titles = sidebarTitles(window);
      QVERIFY(titles.size() >= 7);
      for (const QString& title : titles)
        QVERIFY2(manual.contains(QStringLiteral("<b>%1</b>").arg(title)), qPrintable(language + ": " + title));
    }
    QVERIFY(ManualWindow::manualText("zh_CN").contains(QStringLiteral("使用手册")));
    QCOMPARE(ManualWindow::manualText("xx"), ManualWindow::manualText("en"));  // no manual: English
    setLanguage(QStringLiteral("en"), false);
  }

  // Every tab of every page is named in the manual as the tab names itself (<i>Race</i>), in both languages.
  void bothLanguagesNameEveryTab() {
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
      setLanguage(language, false);
      MainWindow window;
      const QString manual = ManualWindow::manualText(language);
      QStringList missing;
      int tabs = 0;
      for (const QTabWidget* widget : window.findChildren<QTabWidget*>())
        for (int i = 0; i < widget->count(); ++i, ++tabs)
          if (!manual.contains(QStringLiteral("<i>%1</i>").arg(widget->tabText(i).remove(QLatin1Char('&')).toHtmlEscaped())))
            missing << widget->tabText(i);
      QVERIFY(tabs >= 20);
      QVERIFY2(missing.isEmpty(), qPrintable(language + ": " + missing.join(QStringLiteral(" | "))));
    }
    setLanguage(QStringLiteral("en"), false);
  }

  void f1OpensItAndItFollowsTheLanguage() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(!window.manual());
    QTest::keyClick(&window, Qt::Key_F1);
    QVERIFY(window.manual());
    QVERIFY(window.manual()->isVisible());
    QVERIFY(window.manual()->browser()->toPlainText().contains(QStringLiteral("AttentionLab manual")));
    setLanguage(QStringLiteral("zh_CN"), false);
    QTRY_VERIFY(window.manual()->browser()->toPlainText().contains(QStringLiteral("使用手册")));
    setLanguage(QStringLiteral("en"), false);
    QTRY_VERIFY(window.manual()->browser()->toPlainText().contains(QStringLiteral("AttentionLab manual")));
  }

  void everyStepHasItsCode() {
    StepperPage page;
    for (StepperPage::Kind kind : {StepperPage::Kind::SelfAttention, StepperPage::Kind::Additive}) {
      page.setKind(kind);
      QVERIFY(page.stepCount() > 5);
      for (const teaching::AttentionStep& step : page.steps()) {
        const StepCode code = stepCode(step);
        QVERIFY2(!code.keras.isEmpty() && !code.pytorch.isEmpty(), step.key.c_str());
      }
    }
    // The variant's lines come before the key's: the additive softmax is the tutorial's, a causal mask is tril.
    QVERIFY(stepCode("softmax", "additive").keras.contains("tf.nn.softmax(score"));
    QVERIFY(stepCode("softmax", "").pytorch.contains("torch.softmax(scores"));
    QVERIFY(stepCode("mask", "causal").pytorch.contains("tril"));
    QVERIFY(stepCode("mask", "padding").pytorch.contains("masked_fill"));
    QVERIFY(!stepCode("mask", "none").pytorch.contains("masked_fill"));  // no mask: nothing is filled
    QVERIFY(stepCode("no such step").isEmpty());
  }

  // The walks of a language model, Transformer-XL and GPT-2 have panels of their own where the encoder's would
  // mislead: Transformer-XL's keys and values read [m ; X], GPT-2's projections read LN_1(x), a language model's
  // mask is the causal one. The tutorial's decoder GRU starts from zeros: the encoder's state is its first query.
  void theNewWalksHaveCodeOfTheirOwn() {
    QVERIFY(stepCode("projections", "relative").pytorch.contains(QStringLiteral("torch.cat([m, x]")));
    QVERIFY(stepCode("relative_scores", "relative").pytorch.contains(QStringLiteral("M'+t-j")));
    QVERIFY(stepCode("mask", "relative").pytorch.contains(QStringLiteral("tril(diagonal=M)")));
    QVERIFY(stepCode("projections", "gpt2").pytorch.contains(QStringLiteral("self.ln_1(")));
    QCOMPARE(stepCode("projections", "gpt2").pytorchSource, QStringLiteral("hugging_face"));
    const StepCode lmMask = stepCode("mask", "lm");
    QVERIFY(lmMask.pytorch.contains(QStringLiteral("tril")));
    QVERIFY(lmMask.keras.contains(QStringLiteral("i >= j")));
    // A pretrained model's scores, scaling and softmax are its library's lines, not this app's: BERT adds its
    // attention_mask after the division, GPT-2 divides by the width of value's head.
    for (const QString& key : {QStringLiteral("scores"), QStringLiteral("scale"), QStringLiteral("softmax")})
      for (const QString& variant : {QStringLiteral("bert"), QStringLiteral("gpt2")})
        QVERIFY2(stepCode(key, variant).pytorchSource == QLatin1String("hugging_face"), qPrintable(key + "." + variant));
    QVERIFY(stepCode("scale", "bert").pytorch.contains(QStringLiteral("attention_scores + attention_mask")));
    QVERIFY(stepCode("scale", "gpt2").pytorch.contains(QStringLiteral("value.size(-1) ** 0.5")));
    const StepCode encoder = stepCode("encoder", "additive");
    QVERIFY(encoder.keras.contains(QStringLiteral("self.gru(x)   # no initial_state")));
    QVERIFY(!encoder.keras.contains(QStringLiteral("starts the decoder")));
  }

  // The Hugging Face panels are the library's own lines: each would run as written inside the method its comment
  // names, reading nothing but what it assigns, that method's arguments and modules (no made-up B, T, H, K).
  void huggingFacePanelsReadOnlyWhatTheyDefine() {
    QFile file(QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/resources/teaching/step_code.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject steps = QJsonDocument::fromJson(file.readAll()).object().value("steps").toObject();
    const QSet<QString> known{"self", "torch", "nn", "math",
                              // the arguments of the forward passes the panels name, and _attn's scores
                              "hidden_states", "input_ids", "token_type_ids", "position_ids", "input_tensor",
                              "attention_probs", "value_layer", "query", "key", "attn_weights", "attn_output",
                              "residual", "attention_mask", "value",
                              // what the same method assigned on the previous step's panel
                              "mixed_query_layer", "key_layer", "attention_scores"};
    QCOMPARE(undefinedNames(QStringLiteral("y = x.view(B, T, H * K)   # (B, T, D)"), known),
             QStringList({"x", "B", "T", "H", "K"}));
    QVERIFY(undefinedNames(QStringLiteral("a, b = self.f(hidden_states).split(2, dim=2)\nc = a + b"), known).isEmpty());
    int panels = 0;
    for (auto step = steps.begin(); step != steps.end(); ++step) {
      const QJsonObject code = step->toObject();
      if (code.value("pytorch_from").toString() != QLatin1String("hugging_face")) continue;
      ++panels;
      const QStringList undefined = undefinedNames(code.value("pytorch").toString(), known);
      QVERIFY2(undefined.isEmpty(), qPrintable(step.key() + QStringLiteral(": ") + undefined.join(QStringLiteral(", "))));
    }
    QVERIFY(panels >= 10);
  }

  void theAdditiveEncoderIsAOneWayGru() {
    // The chatbot tutorial's encoder, like the app's, is one GRU reading the question forwards.
    for (const char* key : {"encoder", "query", "keys", "tanh", "score", "softmax", "context"}) {
      const StepCode code = stepCode(key, "additive");
      for (const QString& text : {code.keras, code.pytorch}) {
        QVERIFY2(!text.contains(QStringLiteral("bidirectional"), Qt::CaseInsensitive), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("* 2")), qPrintable(text));  // no doubled width of two directions
      }
    }
    // A pretrained model's scores, scaling and softmax are its library's lines, not this app's: BERT adds its
    // attention_mask after the division, GPT-2 divides by the width of value's head.
    for (const QString& key : {QStringLiteral("scores"), QStringLiteral("scale"), QStringLiteral("softmax")})
      for (const QString& variant : {QStringLiteral("bert"), QStringLiteral("gpt2")})
        QVERIFY2(stepCode(key, variant).pytorchSource == QLatin1String("hugging_face"), qPrintable(key + "." + variant));
    QVERIFY(stepCode("scale", "bert").pytorch.contains(QStringLiteral("attention_scores + attention_mask")));
    QVERIFY(stepCode("scale", "gpt2").pytorch.contains(QStringLiteral("value.size(-1) ** 0.5")));
    const StepCode encoder = stepCode("encoder", "additive");
    QVERIFY(encoder.keras.contains("GRU("));
    QVERIFY(encoder.pytorch.contains("nn.GRU("));
  }

  void theSoftmaxRunsOverTheKeys() {
    // The additive weights: one per question word, normalized over the question (S), not over the batch.
    QCOMPARE(softmaxAxis(stepCode("softmax", "additive").pytorch, stepCode("score", "additive").pytorch), QString("S"));
    QCOMPARE(softmaxAxis(stepCode("softmax", "additive").keras, stepCode("score", "additive").keras), QString("S"));
    QCOMPARE(statedShape(stepCode("softmax", "additive").pytorch, "a"), QStringList({"B", "S"}));
    // Cross-attention: every answer position over the question words.
    QCOMPARE(softmaxAxis(stepCode("softmax", "cross").pytorch, stepCode("scores", "cross").pytorch), QString("S"));
    // The encoder: over the keys, the last of (B, H, T, T).
    QCOMPARE(statedShape(stepCode("scores", "").pytorch, "scores"), QStringList({"B", "H", "T", "T"}));
    QCOMPARE(softmaxAxis(stepCode("softmax", "").pytorch, stepCode("scores", "").pytorch), QString("T"));
  }

  void everyColumnSaysWhereItsCodeComesFrom() {
    StepperPage page;
    StepView* view = page.stepView();
    auto* button = view->findChild<QPushButton*>("codeButton");
    QVERIFY(button);
    QVERIFY(!button->toolTip().contains(QStringLiteral("the article")));  // none of the code is the article's
    page.setModel(QStringLiteral("seeded"), anyModelOf<Seq2SeqTransformerModel>(al::test::seededTransformer()));
    for (StepperPage::Kind kind :
         {StepperPage::Kind::SelfAttention, StepperPage::Kind::Additive, StepperPage::Kind::Decoder}) {
      page.setKind(kind);
      for (int i = 0; i < page.stepCount(); ++i) {
        page.showStep(i);
        const teaching::AttentionStep& step = page.steps()[size_t(i)];
        const StepCode code = stepCode(step);
        QVERIFY2(!code.kerasSource.isEmpty() && !code.pytorchSource.isEmpty(), step.key.c_str());
        QVERIFY2(!view->kerasCaption().isEmpty() && !view->pytorchCaption().isEmpty(), step.key.c_str());
        QVERIFY2(!view->pytorchCaption().contains(QStringLiteral("article")), step.key.c_str());
        // The additive attention's left column is the chatbot tutorial's code.
        if (step.variant == "additive") QCOMPARE(code.kerasSource, QString("tutorial"));
      }
    }
  }

  void theDecoderWalkHasCodeOfItsOwn() {
    StepperPage page;
    page.setModel(QStringLiteral("seeded"), anyModelOf<Seq2SeqTransformerModel>(al::test::seededTransformer()));
    page.setKind(StepperPage::Kind::Decoder);
    page.decoderControls()->setLayer(1);  // the last layer: its input is the first's output, it chooses the token
    QVERIFY(page.stepCount() >= 12);
    QStringList seen;
    for (const teaching::AttentionStep& step : page.steps()) {
      const StepCode code = stepCode(step);
      QVERIFY2(!code.keras.isEmpty() && !code.pytorch.isEmpty(), (step.key + "." + step.variant).c_str());
      seen << QString::fromStdString(step.key);
    }
    for (const char* key : {"decoder_embedding", "decoder_layer_input", "next_token"}) QVERIFY2(seen.contains(key), key);
    // Cross-attention: queries from the answer, keys and values from the encoder's output.
    const StepCode cross = stepCode("projections", "cross");
    QVERIFY(cross.keras.contains("key=encoder_outputs"));
    QVERIFY(cross.keras.contains("value=encoder_outputs"));
    QVERIFY(cross.pytorch.contains("(memory)"));
    QVERIFY2(!cross.pytorch.contains(QRegularExpression("_[kv]\\(x")), qPrintable(cross.pytorch));
    // The decoder's mask step is the causal mask, in both columns.
    const StepCode mask = stepCode("mask", "decoder");
    QVERIFY(mask.pytorch.contains("tril"));
    QVERIFY(mask.keras.contains("i >= j"));
    // The decoder's own embedding and its choice of the next token.
    QVERIFY(stepCode("decoder_embedding", "decoder").keras.contains("decoder_inputs"));
    QVERIFY(stepCode("next_token", "decoder").pytorch.contains("argmax"));
  }

  void theCodeFollowsTheStepsSettings() {
    StepperPage page;
    StepView* view = showSelfAttentionWalk(page);
    teaching::ToyEncoderSettings settings = page.toySettings();
    for (PositionKind position : {PositionKind::Learned, PositionKind::Sinusoidal, PositionKind::None}) {
      settings.position = position;
      page.setToySettings(settings);
      page.showStep(0);
      QCOMPARE(page.steps()[0].key, std::string("embedding"));
      const QString keras = codeLines(view->kerasCode()).join('\n');
      const QString pytorch = codeLines(view->pytorchCode()).join('\n');
      QCOMPARE(keras.contains("position_embeddings"), position == PositionKind::Learned);
      QCOMPARE(pytorch.contains("self.pos("), position == PositionKind::Learned);
      QCOMPARE(keras.contains("SinePositionEncoding"), position == PositionKind::Sinusoidal);
      QCOMPARE(pytorch.contains("self.pe["), position == PositionKind::Sinusoidal);
    }
    // ÷√K with K the width of one head (key_dim), never √D.
    const StepCode scale = stepCode("scale", "");
    QVERIFY(scale.keras.contains("self._key_dim"));
    QVERIFY(!scale.keras.contains("shape[1]"));
    QVERIFY(scale.pytorch.contains("math.sqrt(K)"));
    // Switched off: no line divides.
    const StepCode off = stepCode("scale", "off");
    QVERIFY(!off.isEmpty());
    QVERIFY(!codeLines(off.keras).join('\n').contains("sqrt"));
    QVERIFY(!codeLines(off.pytorch).join('\n').contains("sqrt"));
    // The norm the layer has.
    QVERIFY(stepCode("norm1", "batch").pytorch.contains("BatchNorm"));
    QVERIFY(stepCode("norm1", "batch").keras.contains("BatchNormalization"));
    QVERIFY(stepCode("norm1", "layer").pytorch.contains("LayerNorm"));
  }

  void theCodeButtonShowsTheStepsLines() {
    StepperPage page;
    StepView* view = showSelfAttentionWalk(page);
    auto* button = view->findChild<QPushButton*>("codeButton");
    QVERIFY(button);
    QVERIFY(!view->codeShown());
    button->click();
    QVERIFY(view->codeShown());
    for (int i = 0; i < page.stepCount(); ++i) {
      page.showStep(i);
      const StepCode code = stepCode(page.steps()[size_t(i)]);
      QCOMPARE(view->kerasCode(), code.keras);
      QCOMPARE(view->pytorchCode(), code.pytorch);
    }
    page.showStep(0);
    QVERIFY(!view->kerasCode().isEmpty());
    QVERIFY(view->codeShown());  // stays on from step to step
  }
};

QTEST_MAIN(TestManualAndCode)
#include "test_manual_and_code.moc"
