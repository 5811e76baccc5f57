// Rule fixture: a capability test ANDed with a run-time value whose arm
// returns one of several enum constants (FasterTransformer's
// getAttentionType picks the fused or the unfused attention): the return
// picks a path, it is no verdict. Written for archlint.

enum Kind { FUSED, UNFUSED };

Kind pick(int sm_version, int hd) {
  if ((sm_version == 80 || sm_version == 86) && hd == 64) // want "AL201 host-side capability check admits 8.0, 8.6 and shuts out 8.7, 8.8, 8.9, 9.x, 10.x, 11.x, 12.x: .* On 8.0, 8.6 the rest of the condition decides"
    return FUSED;
  return UNFUSED;
}

namespace ft {
enum class AttentionType { UNFUSED_MHA, UNFUSED_PADDED_MHA, FUSED_MHA, FUSED_PADDED_MHA };
}  // namespace ft

// A ternary of the enum's constants picks between paths too.
ft::AttentionType getAttentionType(int size_per_head, const int sm, bool remove_padding) {
  if ((sm == 80 || sm == 86) && size_per_head == 64) { // want "AL201 host-side capability check admits 8.0, 8.6 and shuts out .*12.x: .* On 8.0, 8.6 the rest of the condition decides"
    return remove_padding ? ft::AttentionType::FUSED_MHA : ft::AttentionType::FUSED_PADDED_MHA;
  }
  return remove_padding ? ft::AttentionType::UNFUSED_MHA : ft::AttentionType::UNFUSED_PADDED_MHA;
}

// An error code is a verdict, whatever type holds it: the arm refuses a
// head size on Ampere and serves no GPU that takes it.
enum class Status { kSuccess, kErrorNotSupported };

Status check_head_dim(int sm_version, int hd) {
  if ((sm_version == 80 || sm_version == 86) && hd > 128) { // want: none
    return Status::kErrorNotSupported;
  }
  return Status::kSuccess;
}

enum Support { SUPPORTED, NOT_SUPPORTED };

Support supports(int sm_version, int hd) {
  if ((sm_version == 80 || sm_version == 86) && hd == 64) // want: none
    return SUPPORTED;
  return NOT_SUPPORTED;
}

// A number is a verdict too.
int can_fuse(int sm_version, int hd) {
  if ((sm_version == 80 || sm_version == 86) && hd == 64) { // want: none
    return 1;
  }
  return 0;
}

// A local returned is a verdict (or a value computed elsewhere): the
// function picks by no constant.
Kind pick_local(int sm_version, int hd, Kind fallback) {
  if ((sm_version == 80 || sm_version == 86) && hd == 64) // want: none
    return FUSED;
  return fallback;
}
