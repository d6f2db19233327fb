#include "core/parameters.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "core/matrix_product.h"
#include "core/parallel.h"

namespace al {

int ParameterSet::add(const std::string& name, std::vector<int64_t> shape, bool trainable) {
  if (shape.empty() || shape.size() > 2) throw std::invalid_argument("parameter " + name + ": rank must be 1 or 2");
  if (find(name) >= 0) throw std::invalid_argument("parameter " + name + " registered twice");
  ParameterInfo p;
  p.name = name;
  p.rows = shape.size() == 1 ? 1 : shape[0];
  p.cols = shape.size() == 1 ? shape[0] : shape[1];
  p.shape = std::move(shape);
  p.offset = size();
  p.trainable = trainable;
  values_.resize(static_cast<size_t>(p.offset + p.size()), 0.0f);
  slots_.push_back(std::move(p));
  return static_cast<int>(slots_.size()) - 1;
}

MatrixMap ParameterSet::value(int slot) {
  const ParameterInfo& p = info(slot);
  return MatrixMap(values_.data() + p.offset, p.rows, p.cols);
}

ConstMatrixMap ParameterSet::value(int slot) const {
  const ParameterInfo& p = info(slot);
  return ConstMatrixMap(values_.data() + p.offset, p.rows, p.cols);
}

int ParameterSet::find(const std::string& name) const {
  for (size_t i = 0; i < slots_.size(); ++i)
    if (slots_[i].name == name) return static_cast<int>(i);
  return -1;
}

Gradients::Gradients(const ParameterSet& layout)
    : layout_(&layout),
      values_(static_cast<size_t>(layout.size()), 0.0f),
      written_(layout.tensors().size(), Written::Nothing),
      rowList_(layout.tensors().size()),
      rowFlag_(layout.tensors().size()) {}

Gradients Gradients::ofOneSample(const ParameterSet& layout) {
  Gradients g;
  g.layout_ = &layout;
  g.oneSample_ = true;
  g.touched_.resize(layout.tensors().size());
  return g;
}

MatrixMap Gradients::view(int slot) {
  const ParameterInfo& p = layout_->info(slot);
  return MatrixMap(values_.data() + p.offset, p.rows, p.cols);
}

MatrixMap Gradients::rows(int slot, std::span<const int> rows) {
  const auto s = static_cast<size_t>(slot);
  if (isOneSample() || written_[s] == Written::Whole) return (*this)[slot];
  written_[s] = Written::Rows;
  std::vector<uint8_t>& flag = rowFlag_[s];
  flag.resize(static_cast<size_t>(layout_->info(slot).rows), 0);
  for (int r : rows)
    if (r >= 0 && static_cast<size_t>(r) < flag.size() && !flag[static_cast<size_t>(r)]) {
      flag[static_cast<size_t>(r)] = 1;
      rowList_[s].push_back(r);
    }
  return view(slot);
}

const std::vector<Index>* Gradients::writtenRows(int slot) const {
  if (isOneSample() || written_[static_cast<size_t>(slot)] == Written::Whole) return nullptr;
  return &rowList_[static_cast<size_t>(slot)];
}

MatrixMap Gradients::operator[](int slot) {
  const ParameterInfo& p = layout_->info(slot);
  if (!isOneSample()) {
    written_[static_cast<size_t>(slot)] = Written::Whole;
    return view(slot);
  }
  Matrix& m = touched_[static_cast<size_t>(slot)];
  if (m.size() == 0) m = Matrix::Zero(p.rows, p.cols);
  return MatrixMap(m.data(), p.rows, p.cols);
}

void Gradients::addKernelGradient(int slot, const Matrix& x, const Matrix& dy) {
  if (isOneSample()) kernelFactors_.push_back({slot, &x, dy});
  else multiply(x, Op::Transposed, dy, Op::Plain, (*this)[slot], 1.0f, 1.0f);  // dW += Xᵀ·dY, in x out
}

void Gradients::addKernelGradient(int slot, const Matrix& x, Matrix&& dy) {
  if (isOneSample()) kernelFactors_.push_back({slot, &x, std::move(dy)});
  else multiply(x, Op::Transposed, dy, Op::Plain, (*this)[slot], 1.0f, 1.0f);
}

void Gradients::setZero() {
  if (isOneSample()) {
    for (Matrix& m : touched_) m.setZero();
    kernelFactors_.clear();
    return;
  }
  for (size_t slot = 0; slot < written_.size(); ++slot) {
    const ParameterInfo& p = layout_->info(static_cast<int>(slot));
    float* first = values_.data() + p.offset;
    if (written_[slot] == Written::Whole)
      forEachElementBlock(static_cast<size_t>(p.size()), [&](size_t begin, size_t end) {
        std::fill(first + begin, first + end, 0.0f);
      });
    for (Index r : rowList_[slot]) {  // Written::Rows
      std::fill(first + r * p.cols, first + (r + 1) * p.cols, 0.0f);
      rowFlag_[slot][static_cast<size_t>(r)] = 0;
    }
    rowList_[slot].clear();
    written_[slot] = Written::Nothing;
  }
}

void Gradients::addSamples(std::span<const Gradients> samples) {
  // One piece of work: columns first .. first+cols-1 of a tensor, summed over the samples in order.
  struct Piece {
    int slot;
    Index first, cols;
    std::vector<const KernelFactors*> kernelTerms;  // a kernel's recorded factors, in sample order
    double cost = 0;                                // multiply-adds, to hand out the biggest pieces first
  };
  std::map<int, std::vector<const KernelFactors*>> kernels;  // slot -> its factors in sample order
  for (const Gradients& g : samples) {
    if (!g.isOneSample()) throw std::logic_error("Gradients::addSamples: every part must come from ofOneSample");
    for (const KernelFactors& f : g.kernelFactors_) kernels[f.slot].push_back(&f);
  }
  std::vector<Piece> pieces;
  // A kernel of up to 512 columns is one piece, a wider one pieces of at most 512: a layer's four attention kernels
  // (and its two feed-forward ones) are already enough pieces to share between threads, and each piece's product
  // packs its X once for all its columns. Pieces of 256 packed X twice per kernel; 512 made the book preset's step
  // 1-4 % faster (three in-process comparisons, alternating rounds of `bench imdb --vs-sgemm` on real batches).
  constexpr Index kColumns = 512;
  for (const auto& [slot, terms] : kernels) {
    const Index cols = layout_->info(slot).cols, blocks = (cols + kColumns - 1) / kColumns;
    for (Index b = 0; b < blocks; ++b) {
      Piece piece{slot, b * cols / blocks, (b + 1) * cols / blocks - b * cols / blocks, terms};
      for (const KernelFactors* f : terms) piece.cost += double(f->x->size()) * double(piece.cols);
      pieces.push_back(std::move(piece));
    }
  }
  auto addStored = [&](int slot, MatrixRef sum, Index first) {  // the samples' stored values of these columns
    for (const Gradients& g : samples)
      if (const Matrix& part = g.touched_[static_cast<size_t>(slot)]; part.size() != 0)
        sum += part.middleCols(first, sum.cols());
  };
  for (size_t slot = 0; slot < layout_->tensors().size(); ++slot) {
    if (kernels.count(static_cast<int>(slot))) continue;  // a kernel's piece adds its stored values too
    const bool touched = std::any_of(samples.begin(), samples.end(),
                                     [&](const Gradients& g) { return g.touched_[slot].size() != 0; });
    if (touched) pieces.push_back({static_cast<int>(slot), 0, layout_->info(static_cast<int>(slot)).cols, {}, 0});
  }
  std::vector<double> cost(pieces.size());
  for (size_t i = 0; i < pieces.size(); ++i) cost[i] = pieces[i].cost;
  for (const Piece& piece : pieces) (*this)[piece.slot];  // marks the tensors written, before the threads start
  forEachSampleAsThreadsFree(longestFirst(cost), [&](size_t i) {
    const Piece& piece = pieces[i];
    auto sum = view(piece.slot).middleCols(piece.first, piece.cols);  // rows x cols
    addStored(piece.slot, sum, piece.first);
    for (const KernelFactors* f : piece.kernelTerms)  // dW += xᵀ·dy, sample after sample
      multiply(*f->x, Op::Transposed, f->dy.middleCols(piece.first, piece.cols), Op::Plain, sum, 1.0f, 1.0f);
  });
}

void Gradients::add(const Gradients& other) {
  markAllWritten();
  for (size_t i = 0; i < values_.size(); ++i) values_[i] += other.values_[i];
}

void Gradients::scale(float factor) {
  markAllWritten();
  for (float& v : values_) v *= factor;
}

}  // namespace al
