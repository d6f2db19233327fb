// The fast paths of a training step against their plain versions: the library products (core/matrix_product.h)
// against Eigen's, samples' gradient parts added up in sample order (Gradients::addSamples) against gradients added
// as they come, and a batch of very different lengths over one, two and three threads, whose gradients must be the
// same bits.
#include <oneapi/tbb/task_arena.h>

#include <QtTest>

#include <dlfcn.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <stdexcept>
#include <thread>
#include <utility>

#include "core/matrix_product.h"
#include "core/train/allocator.h"
#include "core/models/transformer_classifier.h"
#include "core/random.h"
#include "core/parallel.h"
#include "core/sample_chunks.h"
#include "core/train/optimizer.h"

using namespace al;

namespace {

Matrix randomMatrix(Index rows, Index cols, Rng& rng) {
  Matrix m(rows, cols);
  for (Index i = 0; i < m.size(); ++i) m.data()[i] = static_cast<float>(rng.uniform() * 2.0 - 1.0);
  return m;
}

// The largest difference relative to the largest entry of the expected matrix.
double relativeError(const Matrix& got, const Matrix& want) {
  return (got - want).cwiseAbs().maxCoeff() / std::max(1e-6f, want.cwiseAbs().maxCoeff());
}

// A small model (V 50, D 8) and a batch of 6 samples whose lengths run from 2 to 40 tokens.
struct Rig {
  Rig() : model(config()) {
    model.initialize(11);
    Rng rng(3);
    const int lengths[] = {40, 2, 3, 30, 5, 12};
    for (int T : lengths) {
      EncodedSample s;
      for (int t = 0; t < T; ++t) s.ids.push_back(2 + static_cast<int>(rng.below(40)));
      s.label = static_cast<float>(T % 2);
      samples.push_back(std::move(s));
    }
    for (const EncodedSample& s : samples) batch.push_back(&s);
  }
  static TransformerConfig config() {
    return {.vocabSize = 50, .sequenceLength = 48, .embedDim = 8, .numHeads = 2, .keyDim = 4, .denseDim = 6,
            .dropout = 0};  // no dropout: the same forward pass whatever the chunks
  }
  FloatBuffer gradient(int threads) {
    Gradients grads(model.parameters());
    tbb::task_arena arena(threads);
    arena.execute([&] { model.trainBatch(batch, grads, 1); });
    return grads.data();
  }
  TransformerClassifier model;
  std::vector<EncodedSample> samples;
  std::vector<const EncodedSample*> batch;
};

}  // namespace

class TestFastTraining : public QObject {
  Q_OBJECT
 private slots:
  void productsMatchEigen_data() {
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("n");
    QTest::newRow("small: Eigen") << 3 << 4 << 5;
    QTest::newRow("large: the library") << 70 << 90 << 40;
    QTest::newRow("one row") << 1 << 300 << 200;
  }
  void productsMatchEigen() {
    QFETCH(int, m);
    QFETCH(int, k);
    QFETCH(int, n);
    Rng rng(5);
    const Matrix a = randomMatrix(m, k, rng), b = randomMatrix(k, n, rng);  // m x k, k x n
    const Matrix want = a * b;                                                // m x n
    const Matrix at = a.transpose(), bt = b.transpose();
    for (bool transA : {false, true})
      for (bool transB : {false, true}) {
        Matrix got(m, n);
        got.setConstant(std::numeric_limits<float>::quiet_NaN());  // beta 0 ignores what was there
        multiply(transA ? at : a, transA ? Op::Transposed : Op::Plain, transB ? bt : b, transB ? Op::Transposed : Op::Plain, got);
        QVERIFY2(relativeError(got, want) < 1e-5, qPrintable(QString("op(a) %1, op(b) %2").arg(transA).arg(transB)));
      }
    // alpha and beta, into a block of a wider matrix: c = 0.5·a·b + 2·c
    Matrix wide = randomMatrix(m, n + 7, rng);  // m x (n + 7)
    const Matrix before = wide;
    multiply(a, Op::Plain, b, Op::Plain, wide.middleCols(3, n), 0.5f, 2.0f);
    QVERIFY(relativeError(wide.middleCols(3, n), 0.5f * want + 2.0f * before.middleCols(3, n)) < 1e-5);
    QCOMPARE(wide.leftCols(3), before.leftCols(3));  // the block's neighbours are untouched
    QCOMPARE(wide.rightCols(4), before.rightCols(4));
  }

  void affineAddsTheBiasToEveryRow() {
    Rng rng(9);
    const Matrix x = randomMatrix(50, 40, rng), w = randomMatrix(40, 30, rng), b = randomMatrix(1, 30, rng);
    const Matrix want = (x * w).rowwise() + b.row(0);
    QVERIFY(relativeError(affine(x, w, b), want) < 1e-5);
  }

  // BLIS exports the same CBLAS names as OpenBLAS: the link order (core/CMakeLists.txt) must give them to
  // OpenBLAS, and the run path to its pthread build (its serial build is not safe for the core's concurrent calls).
  void cblasProductsComeFromOpenBlasPthreads() {
    void* symbol = dlsym(RTLD_DEFAULT, "cblas_sgemm");
    Dl_info info{};
    QVERIFY(symbol != nullptr && dladdr(symbol, &info) != 0 && info.dli_fname != nullptr);
    QVERIFY2(std::string(info.dli_fname).find("openblas-pthread") != std::string::npos, info.dli_fname);
    const std::string& kernel = matrixProductKernel();
    QVERIFY2(kernel.starts_with("OpenBLAS ") || kernel.starts_with("BLIS "), kernel.c_str());
  }

  // The core's threads call the library at the same time. OpenBLAS's serial build is not safe for that: with
  // this test's mix of shapes it returned a wrong product now and then (11 of 6,000 in one run of seven), and
  // training with it gave a different model about once in 40 runs. Two threads, 3,000 products each, every one
  // equal bit for bit to the same product computed alone.
  void concurrentProductsEqualLoneOnes() {
    struct Case {
      Index m, n, k;
      Op opA, opB;
      float beta;
      Matrix a = {}, b = {}, c0 = {}, alone = {};  // filled below
    };
    std::vector<Case> cases = {{230, 512, 256, Op::Plain, Op::Plain, 0}, {256, 512, 230, Op::Transposed, Op::Plain, 1},
                               {230, 256, 512, Op::Plain, Op::Transposed, 0}, {64, 64, 32, Op::Plain, Op::Transposed, 0},
                               {100, 100, 256, Op::Plain, Op::Transposed, 0}, {20, 32, 256, Op::Plain, Op::Plain, 1},
                               {64, 16, 64, Op::Transposed, Op::Plain, 1}};
    Rng rng(13);
    for (Case& c : cases) {
      c.a = c.opA == Op::Plain ? randomMatrix(c.m, c.k, rng) : randomMatrix(c.k, c.m, rng);  // op(a): m x k
      c.b = c.opB == Op::Plain ? randomMatrix(c.k, c.n, rng) : randomMatrix(c.n, c.k, rng);  // op(b): k x n
      c.c0 = randomMatrix(c.m, c.n, rng);
      c.alone = c.c0;
      multiply(c.a, c.opA, c.b, c.opB, c.alone, 1.0f, c.beta);
    }
    std::atomic<int> mismatches{0};
    auto work = [&](uint64_t seed) {
      Rng pick(seed);
      for (int i = 0; i < 3000; ++i) {
        const Case& c = cases[pick.below(cases.size())];
        Matrix out = c.c0;
        multiply(c.a, c.opA, c.b, c.opB, out, 1.0f, c.beta);
        if (out != c.alone) ++mismatches;
      }
    };
    std::thread first(work, 1), second(work, 2);
    first.join();
    second.join();
    QCOMPARE(mismatches.load(), 0);
  }

  void chunksHoldEqualCounts() {
    QCOMPARE(evenChunks(12, 2).first, (std::vector<size_t>{0, 6, 12}));
    QCOMPARE(evenChunks(7, 3).first, (std::vector<size_t>{0, 2, 4, 7}));
  }

  // Three samples' parts (kernels recorded as factors, biases stored, one kernel also written directly) added up
  // by addSamples, against the same gradients added into one buffer as they come, sample after sample.
  void samplePartsAddUpToTheSameGradient() {
    ParameterSet params;
    const int wide = params.add("wide.kernel", {16, 600});  // cut into column blocks
    const int narrow = params.add("narrow.kernel", {16, 24});
    const int bias = params.add("narrow.bias", {24});
    const int untouched = params.add("untouched", {5});
    Rng rng(7);
    Gradients direct(params), summed(params);
    std::vector<Gradients> parts;
    std::vector<Matrix> inputs;  // the x of every recorded product must outlive addSamples
    for (Index T : {3, 40, 17}) inputs.push_back(randomMatrix(T, 16, rng));
    for (size_t s = 0; s < inputs.size(); ++s) {
      const Index T = inputs[s].rows();
      const Matrix dWide = randomMatrix(T, 600, rng), dNarrow = randomMatrix(T, 24, rng);
      const Matrix extra = randomMatrix(16, 24, rng);
      Gradients part = Gradients::ofOneSample(params);
      for (Gradients* g : {&direct, &part}) {
        g->addKernelGradient(wide, inputs[s], dWide);
        g->addKernelGradient(narrow, inputs[s], Matrix(dNarrow));  // moved into the part
        (*g)[narrow] += extra;
        (*g)[bias] += dNarrow.colwise().sum();
      }
      parts.push_back(std::move(part));
    }
    summed[untouched].setConstant(2.0f);  // addSamples adds to what is there
    direct[untouched].setConstant(2.0f);
    tbb::task_arena arena(2);
    arena.execute([&] { summed.addSamples(parts); });
    for (int slot : {wide, narrow, bias, untouched})
      QVERIFY2(relativeError(summed[slot], direct[slot]) < 1e-6, params.info(slot).name.c_str());
    QCOMPARE(summed[untouched](0, 4), 2.0f);
    // A part forgets its factors when zeroed.
    parts[0].setZero();
    Gradients again(params);
    again.addSamples(std::span<const Gradients>(parts.data(), 1));
    QCOMPARE(again[wide].cwiseAbs().maxCoeff(), 0.0f);
    QVERIFY_THROWS_EXCEPTION(std::logic_error, again.addSamples(std::span<const Gradients>(&direct, 1)));
  }

  // Training keeps freed memory for the next step (core/train/allocator.h): with glibc the policy must be taken.
  // (A second definition of it once compiled to nothing and the linker chose it; only the benchmarks noticed.)
  void freedMemoryIsKeptForReuse() {
#if defined(__SANITIZE_ADDRESS__)
    keepFreedMemoryForReuse();  // AddressSanitizer's own allocator answers mallopt, and refuses it
#elif defined(__GLIBC__)
    QVERIFY(keepFreedMemoryForReuse());
#else
    QVERIFY(!keepFreedMemoryForReuse());
#endif
    void* block = std::malloc(8 << 20);  // 8 MB: the size of a long sequence's activations
    QVERIFY(block != nullptr);
    std::free(block);
    returnFreedMemory();
  }

  void forwardHandsOutTheLongestFirst() {
    const std::vector<double> work{3, 12, 1, 12, 5};
    QCOMPARE(longestFirst(work), (std::vector<size_t>{1, 3, 4, 0, 2}));  // ties keep their order
    // Every sample exactly once, whichever thread takes it.
    tbb::task_arena arena(2);
    std::vector<std::atomic<int>> visits(100);
    std::vector<double> lengths(100);
    for (size_t s = 0; s < lengths.size(); ++s) lengths[s] = double((s * 37) % 11);
    const std::vector<size_t> order = longestFirst(lengths);
    arena.execute([&] { forEachSampleAsThreadsFree(order, [&](size_t s) { visits[s]++; }); });
    for (const std::atomic<int>& v : visits) QCOMPARE(v.load(), 1);
  }

  // The update skips rows with a zero gradient and owes them their decay: the weights must be those of the plain
  // formula applied to every element at every step, and a skipped row's weights exactly unchanged.
  void rmsPropSkipsRowsWithoutGradient() {
    ParameterSet params;
    const int table = params.add("table", {6, 4});
    const int bias = params.add("bias", {4});
    Rng rng(3);
    for (float& w : params.data()) w = rng.uniform(-1.0f, 1.0f);
    const FloatBuffer start = params.data();
    std::vector<double> w(start.begin(), start.end()), a(w.size(), 0.0);  // the plain formula, in double
    const double lr = 0.01, rho = 0.9, eps = 1e-7;
    RmsProp optimizer{float(lr), float(rho), float(eps)};
    for (long step = 1; step <= 7; ++step) {
      Gradients grads(params);
      for (Index row = 0; row < 6; ++row)
        if ((row + step) % 3 == 0 || (row == 5 && step == 1))  // each row has a gradient now and then; row 4 and 5 rarely
          for (Index c = 0; c < 4; ++c) grads[table](row, c) = rng.uniform(-1.0f, 1.0f);
      for (Index c = 0; c < 4; ++c) grads[bias](0, c) = rng.uniform(-1.0f, 1.0f);
      const FloatBuffer before = params.data();
      optimizer.update(params, grads, step);
      for (size_t i = 0; i < w.size(); ++i) {
        const double g = grads.data()[i];
        a[i] = rho * a[i] + (1 - rho) * g * g;
        w[i] -= lr * g / (std::sqrt(a[i]) + eps);
        if (g == 0.0) QCOMPARE(params.data()[i], before[i]);  // bit for bit
        QVERIFY2(std::abs(params.data()[i] - w[i]) < 1e-5,
                 qPrintable(QString("step %1 element %2: %3, expected %4").arg(step).arg(i).arg(params.data()[i]).arg(w[i])));
      }
    }
    QVERIFY(params.data() != start);
  }

  // A table written row by row: setZero clears those rows, and RMSprop, visiting only them, gives the same weights
  // as visiting every row of the same gradient.
  void rowsWrittenAreTheRowsVisited() {
    ParameterSet params;
    const int table = params.add("table", {6, 4});
    const int bias = params.add("bias", {4});
    Rng rng(5);
    for (float& w : params.data()) w = rng.uniform(-1.0f, 1.0f);
    Gradients sparse(params);
    QVERIFY(sparse.writtenRows(table) != nullptr && sparse.writtenRows(table)->empty());
    const std::vector<int> ids{3, 1, 3};
    MatrixMap rows = sparse.rows(table, ids);
    for (int id : ids) rows.row(id).array() += 0.5f;
    sparse[bias].setConstant(0.25f);
    QCOMPARE(*sparse.writtenRows(table), (std::vector<Index>{3, 1}));
    QVERIFY(sparse.writtenRows(bias) == nullptr);

    Gradients dense(params);
    dense.data() = std::as_const(sparse).data();  // the same values, reached as a whole
    QVERIFY(dense.writtenRows(table) == nullptr);
    ParameterSet viaRows = params, viaAll = params;
    RmsProp first{0.01f, 0.9f, 1e-7f}, second{0.01f, 0.9f, 1e-7f};
    first.update(viaRows, sparse, 1);
    second.update(viaAll, dense, 1);
    QVERIFY(viaRows.data() == viaAll.data());
    QVERIFY(viaRows.data() != params.data());

    sparse.setZero();
    const FloatBuffer& cleared = std::as_const(sparse).data();
    QVERIFY(std::all_of(cleared.begin(), cleared.end(), [](float g) { return g == 0.0f; }));
    QVERIFY(sparse.writtenRows(table)->empty());
    sparse[table](0, 0) = 1.0f;  // reached as a whole: any row may be non-zero
    sparse.rows(table, ids);
    QVERIFY(sparse.writtenRows(table) == nullptr);
  }

  // Every sample's part is added in sample order, whichever thread ran it: any thread count gives the same bits.
  void everyThreadCountGivesTheSameBits() {
    Rig rig;
    const FloatBuffer one = rig.gradient(1), two = rig.gradient(2), three = rig.gradient(3);
    QCOMPARE(two.size(), one.size());
    QVERIFY(std::any_of(one.begin(), one.end(), [](float g) { return g != 0.0f; }));
    QVERIFY(std::memcmp(one.data(), two.data(), one.size() * sizeof(float)) == 0);
    QVERIFY(std::memcmp(one.data(), three.data(), one.size() * sizeof(float)) == 0);
  }

  void aThreadCountRepeatsBitForBit() {
    Rig rig;
    // Three batches in a row, then a fresh model: the same bits.
    const FloatBuffer first = rig.gradient(2), second = rig.gradient(2), third = rig.gradient(2);
    QVERIFY(std::memcmp(first.data(), second.data(), first.size() * sizeof(float)) == 0);
    QVERIFY(std::memcmp(first.data(), third.data(), first.size() * sizeof(float)) == 0);
    Rig fresh;
    const FloatBuffer again = fresh.gradient(2);
    QVERIFY(std::memcmp(first.data(), again.data(), first.size() * sizeof(float)) == 0);
  }
};

QTEST_MAIN(TestFastTraining)
#include "test_fast_training.moc"
