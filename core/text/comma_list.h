#pragma once
// A list the command line takes as one option, its items separated by commas: --ablate 0.1,2.0,
// --which-head 它,书包,教室. Read as written: no spaces are trimmed, and an empty item stays (the reader refuses it
// with its own message).
//
//   splitAtCommas("0.1,2.0")  ->  {"0.1", "2.0"}
//   splitAtCommas("a,,b")     ->  {"a", "", "b"}
//   splitAtCommas("")         ->  {""}
#include <string>
#include <string_view>
#include <vector>

namespace al {

// The items between the commas of `list`: one more than it has commas.
std::vector<std::string> splitAtCommas(std::string_view list);

}  // namespace al
