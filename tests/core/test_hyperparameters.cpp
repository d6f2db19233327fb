// The one hyper-parameter schema: every task's presets lie inside its own ranges, a key means the same thing in
// every task, values outside a range are refused, and a request's settings JSON has one shape.
#include <QtTest>

#include <map>

#include "core/error.h"
#include "core/train/hyperparameters.h"
#include "core/train/imdb_run.h"

using namespace al;

class TestHyperParameters : public QObject {
  Q_OBJECT
 private slots:
  void everyPresetValueIsInsideItsRange() {
    QCOMPARE(taskSchemas().size(), size_t{5});  // imdb, bigram, chatbot (either architecture), mlm, lm
    for (const TaskSchema& schema : taskSchemas()) {
      QVERIFY(!schema.parameters.empty());
      QVERIFY(std::find(schema.presets.begin(), schema.presets.end(), schema.defaultPreset) != schema.presets.end());
      for (const std::string& preset : schema.presets) {
        const nlohmann::json values = schema.presetValues(preset);
        QCOMPARE(values.size(), schema.parameters.size());
        for (const HyperParameterSpec& spec : schema.parameters) {
          const std::string where = schema.task + " " + preset + " " + spec.key;
          QVERIFY2(values.contains(spec.key), where.c_str());
          try {
            checkedValue(spec, values.at(spec.key));
          } catch (const InputError& e) {
            QFAIL((where + ": " + e.what()).c_str());
          }
        }
      }
      QVERIFY_THROWS_EXCEPTION(InputError, schema.presetValues("enormous"));
    }
  }

  void aKeyMeansTheSameInEveryTask() {
    std::map<std::string, HyperParameterSpec> first;
    for (const TaskSchema& schema : taskSchemas()) {
      for (const HyperParameterSpec& spec : schema.parameters) {
        auto [it, inserted] = first.emplace(spec.key, spec);
        if (inserted) continue;
        const HyperParameterSpec& other = it->second;
        // Choices may differ (position "none" is the classifier's only; tokenizer "chars" the language model's):
        // the CLI offers their union and each task checks its own.
        QVERIFY2(other.type == spec.type && other.minimum == spec.minimum && other.maximum == spec.maximum &&
                     other.option == spec.option,
                 (schema.task + ": " + spec.key + " differs from another task's").c_str());
      }
    }
    // The ranges the CLI and the app once disagreed on.
    QCOMPARE(first.at("validation_split").maximum, 0.9);
    QCOMPARE(first.at("dropout").maximum, 0.95);
    QCOMPARE(first.at("learning_rate").option, std::string("--lr"));
    QCOMPARE(first.at("num_layers").option, std::string("--layers"));
  }

  void valuesOutsideTheSchemaAreRefused() {
    const TaskSchema& imdb = taskSchema("imdb");
    QCOMPARE(imdb.task, std::string("imdb-transformer"));
    RunRequest request;
    request.task = imdb.task;
    request.values = {{"validation_split", 0.95}};
    QVERIFY_THROWS_EXCEPTION(InputError, imdb.settings(request));
    request.values = {{"position", "diagonal"}};
    QVERIFY_THROWS_EXCEPTION(InputError, imdb.settings(request));
    request.values = {{"epochs", 2.5}};
    QVERIFY_THROWS_EXCEPTION(InputError, imdb.settings(request));
    QVERIFY_THROWS_EXCEPTION(InputError, taskSchema("frobnicate"));
  }

  void settingsHaveOneFlatShape() {
    const TaskSchema& imdb = taskSchema("imdb-transformer");
    RunRequest request;
    request.task = imdb.task;
    request.preset = "classroom";
    request.values = {{"epochs", 7}, {"position", "none"}, {"units", 99}};  // units: not an imdb parameter
    const nlohmann::json settings = imdb.settings(request);
    QCOMPARE(settings.at("task").get<std::string>(), std::string("imdb-transformer"));
    QCOMPARE(settings.at("preset").get<std::string>(), std::string("classroom"));
    QCOMPARE(settings.at("epochs").get<int>(), 7);
    QCOMPARE(settings.at("position").get<std::string>(), std::string("none"));
    QCOMPARE(settings.at("embed_dim").get<int>(), imdbPreset("classroom").model.embedDim);
    QVERIFY(!settings.contains("units"));
    for (const HyperParameterSpec& spec : imdb.parameters) QVERIFY2(settings.contains(spec.key), spec.key.c_str());
    for (const auto& [key, value] : settings.items()) QVERIFY2(!value.is_object(), key.c_str());

    // A prepared run reports the same shape, with what it ran.
    request.preset = "tiny";
    request.values = {{"epochs", 1}, {"threads", 1}};
    const nlohmann::json planned = imdb.settings(request);
    const std::unique_ptr<TrainingRun> run = imdb.prepare(request, {});
    const nlohmann::json actual = run->settings();
    for (const auto& [key, value] : planned.items()) QVERIFY2(actual.at(key) == value, key.c_str());
  }
};

QTEST_GUILESS_MAIN(TestHyperParameters)
#include "test_hyperparameters.moc"
