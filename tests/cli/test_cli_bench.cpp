// attentionlab-cli bench imdb (cli.md, "bench"): the full-length step, real batches from --data at their real
// lengths with the projected epoch, the --sweep-length table, --scaling, and bad input. These tests check the
// output's shape and what its numbers must satisfy whatever the machine's speed; they never judge the speed itself.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include "tests/cli/cli_fixtures.h"
#include "tests/cli/cli_runner.h"

using namespace al::test;

namespace {

const char* const kContractFields[] = {"task", "preset", "batch_size", "sequence_length", "threads",
                                       "ms_per_step", "samples_per_s", "gflops"};

// A TSV of `n` labelled reviews of 3 to 30 words: every one shorter than the tiny preset's 64 tokens.
QByteArray shortReviews(int n) {
  const QByteArrayList good = {"great", "wonderful", "moving", "funny"}, bad = {"boring", "awful", "dull", "silly"};
  QByteArray tsv;
  for (int i = 0; i < n; ++i) {
    const bool positive = i % 2 == 0;
    QByteArray text = "the film was";
    for (int w = 0; w < i % 28; ++w) text += " " + (positive ? good : bad)[w % 4];
    tsv += (positive ? "1\t" : "0\t") + text + "\n";
  }
  return tsv;
}

}  // namespace

class TestCliBench : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  QString path(const QString& name) const { return dir_.filePath(name); }

 private slots:
  // Without --data: one batch of full-length sequences, the contract's fields and no epoch projection.
  void fullLength() {
    const QStringList args{"bench", "imdb", "--preset", "tiny", "--steps", "1", "--threads", "1", "--json"};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    const QJsonObject o = jsonOf(run);
    for (const char* key : kContractFields) QVERIFY2(o.contains(key), key);
    QCOMPARE(o["task"].toString(), QString("imdb"));
    QCOMPARE(o["sequence_length"].toInt(), 64);
    QCOMPARE(o["batch_size"].toInt(), 32);
    QCOMPARE(o["threads"].toInt(), 1);
    QVERIFY(o["ms_per_step"].toDouble() > 0 && o["gflops"].toDouble() > 0);
    QVERIFY(!o.contains("projected_epoch_s"));
  }

  // With --data: real reviews at their real lengths (all shorter than 64 tokens here), the trainer's split
  // (80 % training) and the projected epoch.
  void realBatches() {
    writeFile(path("short.tsv"), shortReviews(200));
    const QStringList args{"bench", "imdb", "--preset", "tiny", "--data", path("short.tsv"), "--steps", "2",
                           "--threads", "1", "--json"};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    const QJsonObject o = jsonOf(run);
    for (const char* key : kContractFields) QVERIFY2(o.contains(key), key);
    QVERIFY(o.contains("projected_epoch_s"));
    QCOMPARE(o["training_samples"].toInt(), 160);
    QCOMPARE(o["validation_samples"].toInt(), 40);
    const double meanTokens = o["mean_tokens_per_sample"].toDouble();
    QVERIFY2(meanTokens >= 3 && meanTokens <= 30, qPrintable(QString::number(meanTokens)));  // real, not 64
    const double ms = o["ms_per_step"].toDouble();
    QVERIFY(ms > 0 && o["gflops"].toDouble() > 0);
    // An epoch is 5 batches of 32 and a validation pass: more than one timed step, not absurdly more.
    const double epoch = o["projected_epoch_s"].toDouble(), validation = o["validation_s"].toDouble();
    QVERIFY2(validation > 0 && validation < epoch, qPrintable(QString("%1 of %2").arg(validation).arg(epoch)));
    QVERIFY2(epoch > 1e-3 * ms && epoch < 1e-3 * ms * 50, qPrintable(QString("%1 s, %2 ms per step").arg(epoch).arg(ms)));

    // The same as text, for a person.
    const CliRun text = runCli(args.mid(0, args.size() - 1));
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains("ms per step") && text.out.contains("GFLOP/s") && text.out.contains("epoch"),
             text.out.constData());
  }

  // The library of the big products (core/matrix_product.cpp) is named in the output. OpenBLAS, unless
  // OPENBLAS_CORETYPE tells it to use a kernel without AVX-512 on a processor that has AVX-512: then BLIS's
  // AVX-512 kernel, as an older kernel would run at half the speed.
  void namesTheMatrixProductLibrary() {
    const QStringList args{"bench", "imdb", "--preset", "tiny", "--steps", "1", "--threads", "1", "--json"};
    const bool wasSet = qEnvironmentVariableIsSet("OPENBLAS_CORETYPE");
    const QByteArray saved = qgetenv("OPENBLAS_CORETYPE");
    qputenv("OPENBLAS_CORETYPE", "Haswell");
    const CliRun forced = runCli(args);
    qunsetenv("OPENBLAS_CORETYPE");
    const CliRun chosen = runCli(args);
    if (wasSet) qputenv("OPENBLAS_CORETYPE", saved);
    QVERIFY2(forced.exitCode == 0, qPrintable(describe(forced, args)));
    QVERIFY2(chosen.exitCode == 0, qPrintable(describe(chosen, args)));
#if defined(__x86_64__)
    const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq");
#else
    const bool avx512 = false;
#endif
    QCOMPARE(jsonOf(forced)["matrix_product"].toString(), avx512 ? QString("BLIS skx") : QString("OpenBLAS Haswell"));
    const QString own = jsonOf(chosen)["matrix_product"].toString();
    QVERIFY2(own.startsWith("OpenBLAS ") || (avx512 && own == "BLIS skx"), qPrintable(own));
  }

  void badDataSaysWhereAndExits3() {
    const QStringList missing{"bench", "imdb", "--preset", "tiny", "--data", path("nowhere.tsv"), "--steps", "1"};
    CliRun run = runCli(missing);
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains("nowhere.tsv"), run.err.constData());

    writeFile(path("bad.tsv"), "1\tfine review\nthis line has no label\n");
    const QStringList bad{"bench", "imdb", "--preset", "tiny", "--data", path("bad.tsv"), "--steps", "1"};
    run = runCli(bad);
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains("bad.tsv") && run.err.contains("line 2"), run.err.constData());
    QVERIFY(run.out.isEmpty());

    // Too few reviews for the batches to time: bad input too, with what to do about it.
    writeFile(path("few.tsv"), shortReviews(20));
    run = runCli({"bench", "imdb", "--preset", "tiny", "--data", path("few.tsv"), "--steps", "1"});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains("few.tsv") && run.err.contains("--steps"), run.err.constData());
  }

  void optionsThatDoNotFitAreABadCommandLine() {
    CliRun run = runCli({"bench", "chatbot", "--data", path("short.tsv")});
    QCOMPARE(run.exitCode, 2);
    run = runCli({"bench", "imdb", "--sweep-length", "--data", path("short.tsv")});
    QCOMPARE(run.exitCode, 2);
    run = runCli({"bench", "imdb", "--sweep-length", "--scaling"});
    QCOMPARE(run.exitCode, 2);
    run = runCli({"bench", "chatbot", "--scaling"});
    QCOMPARE(run.exitCode, 2);
    run = runCli({"bench", "chatbot", "--vs-sgemm"});
    QCOMPARE(run.exitCode, 2);
    run = runCli({"bench", "imdb", "--vs-sgemm", "--scaling"});
    QCOMPARE(run.exitCode, 2);
    // One thread against one thread is no comparison: say what to give instead.
    run = runCli({"bench", "imdb", "--preset", "tiny", "--scaling", "--threads", "1"});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("--threads 2"), run.err.constData());
  }

  // --vs-sgemm: the step against 2048 x 2048 SGEMMs on the same threads, in alternating rounds (10 unless
  // --rounds says otherwise). The ratio is whatever the machine gives; what holds anywhere is checked: each
  // round's ratio is its step GFLOP/s over its SGEMM GFLOP/s, the median lies between the lowest and the highest
  // round, and the processor and the kernel are named.
  void vsSgemmComparesTheStepWithTheMachinesProduct() {
    const QStringList args{"bench", "imdb", "--preset", "tiny", "--vs-sgemm", "--steps", "1", "--threads", "2", "--json"};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QJsonObject vs = jsonOf(run)["vs_sgemm"].toObject();
    QCOMPARE(vs["sgemm_size"].toInt(), 2048);
    QCOMPARE(vs["rounds"].toInt(), 10);
    const QJsonArray ratios = vs["ratios"].toArray(), steps = vs["step_gflops"].toArray(),
                     products = vs["sgemm_gflops"].toArray(), counts = vs["sgemm_products"].toArray();
    QCOMPARE(ratios.size(), 10);
    QCOMPARE(steps.size(), 10);
    QCOMPARE(products.size(), 10);
    QCOMPARE(counts.size(), 10);
    double lowest = 1e9, highest = 0;
    for (qsizetype i = 0; i < ratios.size(); ++i) {
      QVERIFY(steps[i].toDouble() > 0 && products[i].toDouble() > 0);
      QCOMPARE(counts[i].toInt(), 1);  // a tiny step's arithmetic is far below one product's: one product a round
      QVERIFY(qAbs(ratios[i].toDouble() - steps[i].toDouble() / products[i].toDouble()) < 1e-9);
      lowest = std::min(lowest, ratios[i].toDouble());
      highest = std::max(highest, ratios[i].toDouble());
    }
    QCOMPARE(vs["lowest"].toDouble(), lowest);
    QVERIFY(vs["median"].toDouble() >= lowest && vs["median"].toDouble() <= highest);
    QVERIFY(!vs["processor"].toString().isEmpty());
    QVERIFY(!vs["kernel"].toString().isEmpty());
  }

  // What a person reads: on real batches (the built-in corpus) with --rounds 2, a header, one line per round
  // (round, step GFLOP/s, SGEMM GFLOP/s, products, ratio) and a closing line with the median and lowest ratio,
  // the processor, the kernel and the matrix product library.
  void vsSgemmPrintsRoundsAndTheMachine() {
    const QStringList args{"bench", "imdb", "--preset", "tiny", "--data", "builtin", "--vs-sgemm",
                           "--steps", "2", "--rounds", "2", "--threads", "2"};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    const QStringList lines = QString::fromUtf8(run.out).trimmed().split('\n');
    QCOMPARE(lines.size(), 5);  // what was timed, the columns, 2 rounds, the summary
    QVERIFY2(lines[0].contains("builtin (real batches)") && lines[0].contains("2 threads"), qPrintable(lines[0]));
    QVERIFY2(lines[1].contains("ratio"), qPrintable(lines[1]));
    for (int round = 1; round <= 2; ++round) {
      const QStringList fields = lines[1 + round].split(' ', Qt::SkipEmptyParts);
      QCOMPARE(fields.size(), 5);
      QCOMPARE(fields[0].toInt(), round);
      for (int f = 1; f < 5; ++f) {
        bool number = false;
        QVERIFY2(fields[f].toDouble(&number) > 0 && number, qPrintable(lines[1 + round]));
      }
    }
    const QRegularExpression summary(
        "^median ratio ([0-9.]+), lowest ([0-9.]+) over 2 rounds; processor: .+; kernel: .+; matrix products: .+$");
    const QRegularExpressionMatch m = summary.match(lines[4]);
    QVERIFY2(m.hasMatch(), qPrintable(lines[4]));
    QVERIFY(m.captured(1).toDouble() > 0 && m.captured(2).toDouble() > 0);
    QVERIFY(m.captured(2).toDouble() <= m.captured(1).toDouble());
  }

  // --rounds belongs to --vs-sgemm.
  void roundsWithoutVsSgemmIsABadCommandLine() {
    const CliRun run = runCli({"bench", "imdb", "--preset", "tiny", "--rounds", "2"});
    QCOMPARE(run.exitCode, 2);
  }

  // --scaling on real batches: both sides timed on the same batches in alternating blocks of up to 5 steps
  // (7 steps: a block of 5 and one of 2). The speed-up is whatever the machine gives, so only what holds on any
  // machine is checked: it is the ratio of the two sides' times, and the blocks' median and middle half lie
  // between the smallest and largest block, around the median.
  void scalingComparesOneThreadWithMore() {
    writeFile(path("short.tsv"), shortReviews(400));
    const QStringList args{"bench", "imdb", "--preset", "tiny", "--data", path("short.tsv"), "--steps", "7",
                           "--threads", "2", "--scaling", "--json"};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    const QJsonObject o = jsonOf(run);
    for (const char* key : kContractFields) QVERIFY2(o.contains(key), key);
    QCOMPARE(o["threads"].toInt(), 2);
    const QJsonObject sc = o["scaling"].toObject();
    QCOMPARE(sc["blocks"].toInt(), 2);
    QCOMPARE(sc["threads"].toArray(), (QJsonArray{1, 2}));
    const QJsonArray ms = sc["ms_per_step"].toArray();
    QCOMPARE(ms.size(), 2);
    QVERIFY(ms[0].toDouble() > 0 && ms[1].toDouble() > 0);
    QCOMPARE(o["ms_per_step"].toDouble(), ms[1].toDouble());  // the contract's field is the side with more threads
    QVERIFY(qFuzzyCompare(sc["speedup"].toDouble(), ms[0].toDouble() / ms[1].toDouble()));
    const QJsonArray middle = sc["block_speedup_middle_half"].toArray();
    const double low = middle[0].toDouble(), median = sc["block_speedup_median"].toDouble(), high = middle[1].toDouble();
    QVERIFY2(0 < low && low <= median && median <= high, qPrintable(QString("%1 %2 %3").arg(low).arg(median).arg(high)));
    const double meanTokens = o["mean_tokens_per_sample"].toDouble();
    QVERIFY2(meanTokens >= 3 && meanTokens <= 30, qPrintable(QString::number(meanTokens)));  // real batches

    // Full length, as text for a person: both sides and the speed-up.
    const CliRun text = runCli({"bench", "imdb", "--preset", "tiny", "--steps", "2", "--threads", "2", "--scaling"});
    QVERIFY2(text.exitCode == 0, text.err.constData());
    QVERIFY2(text.out.contains("1 thread") && text.out.contains("2 threads") && text.out.contains("x;"),
             text.out.constData());
  }

  // --sweep-length: six lengths, 64 to 2,048; with the tiny preset's narrow layers (D 32, H*K 32) attention's
  // T² term is almost all of the arithmetic at 2,048 tokens. The measured times depend on the machine's load, so
  // only what holds whatever the load is checked: a share between 0 and 1 (the fit has no negative terms) and a
  // step of 2,048 tokens (about 600 times the arithmetic) slower than one of 64.
  void sweepLength() {
    const QStringList args{"bench", "imdb", "--preset", "tiny", "--sweep-length", "--steps", "1", "--threads", "2", "--json"};
    const CliRun run = runCli(args, 600000);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    const QJsonObject o = jsonOf(run);
    const QJsonArray rows = o["sweep"].toArray();
    QCOMPARE(rows.size(), 6);
    double previousFlopShare = 0;
    for (int i = 0; i < rows.size(); ++i) {
      const QJsonObject row = rows[i].toObject();
      QCOMPARE(row["sequence_length"].toInt(), 64 << i);
      QVERIFY(row["ms_per_step"].toDouble() > 0);
      const double flopShare = row["flop_quadratic_share"].toDouble();
      QVERIFY(flopShare > previousFlopShare && flopShare < 1);
      previousFlopShare = flopShare;
    }
    QVERIFY(rows[5].toObject()["ms_per_step"].toDouble() > rows[0].toObject()["ms_per_step"].toDouble());
    QVERIFY2(rows[5].toObject()["flop_quadratic_share"].toDouble() > 0.9, "tiny at 2048 tokens");
    for (const QJsonValue& row : rows) {
      const double fitted = row.toObject()["quadratic_share"].toDouble();
      QVERIFY2(fitted >= 0 && fitted <= 1.0, qPrintable(QString::number(fitted)));
    }
    const QJsonObject fit = o["fit"].toObject();
    for (const char* term : {"constant_ms", "ms_per_token", "ms_per_token_squared"})
      QVERIFY2(fit.contains(term) && fit[term].toDouble() >= 0, term);
  }

  // bench pretrained: the timed generation is the model's greedy generation (the ids generate --json chooses for
  // the same prompt: bench's ids (1000 + 7919·t) mod 40 are "!", <|endoftext|>, "ed", "on", "at" in gpt2-tiny's
  // vocabulary), and BERT's pass reads the tokens asked for.
  void pretrainedGenerationIsTheGreedyOne() {
    const QStringList args{"bench", "pretrained", "--model", golden("gpt2-tiny"), "--tokens", "5", "--generate", "6",
                           "--steps", "2", "--threads", "2", "--json"};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    const QJsonObject bench = jsonOf(run);
    QCOMPARE(bench["model_type"].toString(), QString("gpt2"));
    QCOMPARE(bench["prompt_tokens"].toInt(), 5);
    QVERIFY(bench["load_ms"].toDouble() > 0 && bench["generate_ms"].toDouble() >= bench["generate_ms_fastest"].toDouble());

    const CliRun generated = runCli({"generate", "--model", golden("gpt2-tiny"), "--json", "--max-new-tokens", "6",
                                     "!<|endoftext|>edonat"});
    QCOMPARE(generated.exitCode, 0);
    const QJsonObject reference = jsonOf(generated);
    QCOMPARE(reference["prompt_tokens"].toArray(), (QJsonArray{"!", "<|endoftext|>", "ed", "on", "at"}));
    QJsonArray greedy;
    for (const QJsonValue& step : reference["steps"].toArray()) greedy.append(step.toObject()["id"]);
    QCOMPARE(bench["generated_ids"].toArray(), greedy);

    const CliRun bert = runCli({"bench", "pretrained", "--model", golden("bert-tiny"), "--tokens", "9", "--steps", "1", "--json"});
    QCOMPARE(bert.exitCode, 0);
    QCOMPARE(jsonOf(bert)["model_type"].toString(), QString("bert"));
    QCOMPARE(jsonOf(bert)["tokens"].toInt(), 9);
    QVERIFY(jsonOf(bert)["forward_ms"].toDouble() > 0);

    QCOMPARE(runCli({"bench", "pretrained"}).exitCode, 2);  // no --model
    QCOMPARE(runCli({"bench", "pretrained", "--model", golden("bert-tiny"), "--preset", "tiny"}).exitCode, 2);
    QCOMPARE(runCli({"bench", "pretrained", "--model", path("nowhere")}).exitCode, 3);
  }

  // bench pretrained --vs-limits: BERT's pass against SGEMMs, GPT-2's generation against memory copies, in
  // alternating rounds. The ratios are whatever the machine gives; what holds anywhere is checked: each round's
  // ratio is its measure over its limit, the median lies in the range, and the arithmetic and the bytes counted
  // are bert-tiny's and gpt2-tiny's, counted by hand from their config.json.
  void pretrainedAgainstTheMachinesLimits() {
    const auto checkRounds = [](const QJsonObject& vs, const char* work, const char* limit) {
      const QJsonArray ratios = vs["ratios"].toArray(), a = vs[work].toArray(), b = vs[limit].toArray();
      QCOMPARE(vs["rounds"].toInt(), 2);
      QCOMPARE(ratios.size(), 2);
      for (qsizetype i = 0; i < ratios.size(); ++i) {
        QVERIFY(a[i].toDouble() > 0 && b[i].toDouble() > 0);
        QVERIFY(qAbs(ratios[i].toDouble() - a[i].toDouble() / b[i].toDouble()) < 1e-9);
      }
      QCOMPARE(vs["lowest"].toDouble(), std::min(ratios[0].toDouble(), ratios[1].toDouble()));
      QCOMPARE(vs["highest"].toDouble(), std::max(ratios[0].toDouble(), ratios[1].toDouble()));
      QVERIFY(vs["median"].toDouble() >= vs["lowest"].toDouble() && vs["median"].toDouble() <= vs["highest"].toDouble());
      QVERIFY(!vs["processor"].toString().isEmpty() && !vs["matrix_product"].toString().isEmpty());
    };
    const QStringList bertArgs{"bench", "pretrained", "--model", golden("bert-tiny"), "--tokens", "9", "--steps", "1",
                               "--vs-limits", "--rounds", "2", "--threads", "2", "--json"};
    const CliRun bert = runCli(bertArgs);
    QVERIFY2(bert.exitCode == 0, qPrintable(describe(bert, bertArgs)));
    const QJsonObject b = jsonOf(bert);
    // L 2, D 8, F 16, T 9, no next-sentence head: 2·L·(4·T·D² + 2·T·D·F + 2·T²·D) = 23,616 FLOPs.
    QVERIFY(qAbs(b["forward_gflop"].toDouble() - 23616e-9) < 1e-12);
    const QJsonObject bertVs = b["vs_limits"].toObject();
    QCOMPARE(bertVs["limit"].toString(), QString("sgemm"));
    checkRounds(bertVs, "pass_gflops", "sgemm_gflops");
    QCOMPARE(bertVs["sgemm_products"].toArray(), (QJsonArray{1, 1}));  // far below one product's arithmetic

    const QStringList gptArgs{"bench", "pretrained", "--model", golden("gpt2-tiny"), "--tokens", "5", "--generate",
                              "6", "--steps", "1", "--vs-limits", "--rounds", "2", "--threads", "2", "--json"};
    const CliRun gpt = runCli(gptArgs);
    QVERIFY2(gpt.exitCode == 0, qPrintable(describe(gpt, gptArgs)));
    const QJsonObject g = jsonOf(gpt);
    // V 40, D 8, I 32, L 2, tied: per layer 2D + 3D²+3D + D²+D + 2D + D·I+I + I·D+D = 872 floats; with wte (V·D)
    // and ln_f (2D), without wpe (one row read): 320 + 1,744 + 16 = 2,080 floats, 8,320 bytes a token.
    QCOMPARE(g["weight_bytes_per_token"].toDouble(), 8320.0);
    const QJsonObject gptVs = g["vs_limits"].toObject();
    QCOMPARE(gptVs["limit"].toString(), QString("copy"));
    checkRounds(gptVs, "generate_gbps", "copy_gbps");
    QCOMPARE(g["generated_ids"].toArray().size(), 6);

    QCOMPARE(runCli({"bench", "imdb", "--preset", "tiny", "--vs-limits"}).exitCode, 2);  // --vs-limits: pretrained
    QCOMPARE(runCli({"bench", "pretrained", "--model", golden("bert-tiny"), "--rounds", "2"}).exitCode, 2);
  }
};

QTEST_GUILESS_MAIN(TestCliBench)
#include "test_cli_bench.moc"
