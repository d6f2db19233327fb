#pragma once
// The memory a config.json declares, checked before a model is built from it. A config.json of a few bytes
// can ask for any size ("vocab_size": 100000000, "embed_dim": 4096 is 1.6 TB of parameters), so a loader
// computes what the model would need from the fields alone, and checks it against a sane cap and against
// model.safetensors (which holds every parameter) before it allocates anything.
#include <filesystem>
#include <string>

namespace al::io {

struct DeclaredMemory {
  // Counted in double: products of a few fields of up to 10^8 each must not overflow before they are checked.
  double parameters = 0;  // float32 values held by the model's tensors, all of them stored in model.safetensors
  double working = 0;     // floats one full-length sequence needs beyond them: attention weights, tables
};

// al::InputError naming configFile if the parameters exceed limits::kMaxParameterBytes, the working memory
// exceeds limits::kMaxWorkingBytes, or tensorsFile is too small to hold the parameters (it holds 4 bytes for
// each, after its header). Reads nothing but the size of tensorsFile.
void requireDeclaredMemoryFits(const DeclaredMemory& memory, const std::string& configFile,
                               const std::filesystem::path& tensorsFile);

// The same checks without a tensor file (the caps only).
void requireDeclaredMemoryWithinLimits(const DeclaredMemory& memory, const std::string& configFile);

}  // namespace al::io
