#include "core/pretrained/checkpoint_reader.h"

#include <stdexcept>
#include <utility>

#include "core/error.h"
#include "core/io/safetensors.h"

namespace al::pretrained {

namespace {

// "x.LayerNorm.weight" -> "x.LayerNorm.gamma", "x.LayerNorm.bias" -> "x.LayerNorm.beta"; else "".
std::string oldNormName(const std::string& name) {
  for (const auto& [now, old] : {std::pair<std::string, std::string>{"LayerNorm.weight", "LayerNorm.gamma"},
                                 {"LayerNorm.bias", "LayerNorm.beta"}})
    if (name.size() >= now.size() && name.compare(name.size() - now.size(), now.size(), now) == 0)
      return name.substr(0, name.size() - now.size()) + old;
  return {};
}

Index rowsOf(const std::vector<int64_t>& shape) { return shape.size() == 2 ? shape[0] : 1; }
Index colsOf(const std::vector<int64_t>& shape) { return shape.empty() ? 1 : shape.back(); }

}  // namespace

CheckpointReader::CheckpointReader(const std::filesystem::path& file, std::string prefix)
    : file_(file), prefix_(std::move(prefix)) {}

const MappedSafetensors::Entry* CheckpointReader::find(const std::string& name) const {
  const std::string old = oldNormName(name);
  for (const std::string& candidate : {prefix_ + name, name, old.empty() ? old : prefix_ + old, old})
    if (!candidate.empty())
      if (const auto* e = file_.find(candidate)) return e;
  return nullptr;
}

const MappedSafetensors::Entry& CheckpointReader::require(const std::string& name, const std::vector<int64_t>& shape) const {
  const MappedSafetensors::Entry* e = find(name);
  if (!e)
    throw InputError(ErrorKind::TensorMissing, {.file = fileName(), .name = name, .expected = io::shapeToString(shape)},
                     fileName() + ": tensor \"" + name + "\" is missing (the model needs shape " + io::shapeToString(shape) +
                     (prefix_.empty() ? std::string() : ", with or without the prefix \"" + prefix_ + "\"") + ")");
  if (e->shape != shape)
    throw InputError(ErrorKind::TensorWrongShape,
                     {.file = fileName(), .name = e->name, .expected = io::shapeToString(shape), .found = io::shapeToString(e->shape)},
                     fileName() + ": tensor \"" + e->name + "\" has shape " + io::shapeToString(e->shape) +
                     ", but the model needs " + io::shapeToString(shape));
  return *e;
}

void CheckpointReader::copy(const std::string& name, const std::vector<int64_t>& shape, MatrixMap dst) const {
  const MappedSafetensors::Entry& e = require(name, shape);
  if (dst.rows() != rowsOf(shape) || dst.cols() != colsOf(shape))
    throw std::logic_error("CheckpointReader::copy: destination of " + name + " has the wrong size");
  file_.read(e, dst.data());  // the map is row-major and contiguous, like the stored tensor
}

void CheckpointReader::copyTransposed(const std::string& name, const std::vector<int64_t>& shape, MatrixMap dst) const {
  if (dst.rows() != colsOf(shape) || dst.cols() != rowsOf(shape))
    throw std::logic_error("CheckpointReader::copyTransposed: destination of " + name + " has the wrong size");
  dst = matrix(name, shape).transpose();  // one weight matrix at a time (BERT base's largest: 9 MB)
}

Matrix CheckpointReader::matrix(const std::string& name, const std::vector<int64_t>& shape) const {
  const MappedSafetensors::Entry& e = require(name, shape);
  Matrix m(rowsOf(shape), colsOf(shape));
  file_.read(e, m.data());
  return m;
}

}  // namespace al::pretrained
