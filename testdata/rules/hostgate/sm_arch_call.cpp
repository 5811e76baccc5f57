// Rule fixture: TransformerEngine's capability helper
// transformer_engine::cuda::sm_arch() (major * 10 + minor), compared where
// it is called or kept in a local whose name says nothing of a capability.
// No other capability spelling is in this file: the prefilter must let it
// through on the helper's name. Written for archlint.
#include <stdexcept>

namespace transformer_engine {
namespace cuda {
int sm_arch(int device_id = -1);
int current_device();
}  // namespace cuda
}  // namespace transformer_engine

void quantize_1d();
void quantize_2d();
void gemm_hopper();
void gemm_generic();

void quantize_blockwise() {
  if (transformer_engine::cuda::sm_arch() >= 100 && transformer_engine::cuda::sm_arch() < 110) { // want "AL201 host-side capability check admits 10.x and shuts out 11.x, 12.x: on 12.0 .sm_120.: throws"
    quantize_1d();
  } else {
    throw std::runtime_error("blockwise quantization needs Blackwell");
  }
}

void grouped_gemm() {
  const int arch = transformer_engine::cuda::sm_arch(transformer_engine::cuda::current_device());
  if (arch == 90) { // want "AL201 host-side capability check admits 9.x, 10.0 and shuts out 10.3, 11.x, 12.x: on 12.0 .sm_120.: throws"
    gemm_hopper();
  } else if (arch == 100) {
    gemm_generic();
  } else {
    throw std::runtime_error("unsupported GPU");
  }
}
