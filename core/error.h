#pragma once
// Errors the core reports. The core never prints and never exits: it throws one of these, with a message a
// person can act on (which file, which line or entry, what was expected).
#include <stdexcept>
#include <string>

namespace al {

// Something in the input (a data file, a model directory, a sentence) is wrong. The CLI maps it to exit 3.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Something went wrong while running (a non-finite loss, a failed write). The CLI maps it to exit 1.
class RunError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace al
