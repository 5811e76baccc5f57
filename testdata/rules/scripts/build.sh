#!/bin/bash
# Rule fixture: arch lists a build script sets. Written for archlint.
set -e

case "$CUDA_VERSION" in
  # CUDA 12.6 cannot build for 12.0 (12.8 brought it): no finding.
  12.6.1)
    CHOSEN_TORCH_CUDA_ARCH_LIST='9.0'
    ;;
  12.8*) CHOSEN_TORCH_CUDA_ARCH_LIST='9.0;10.0' ;; # want "AL202 This build script's arch list admits 9.x, 10.x and shuts out 11.x, 12.x: .* It is the list of the script's arm for CUDA 12.8\\*."
  13.*) CHOSEN_TORCH_CUDA_ARCH_LIST='9.0;10.0;12.0' ;;
esac
TORCH_CUDA_ARCH_LIST="${CHOSEN_TORCH_CUDA_ARCH_LIST}" pip install .

if [ "$NVCC_VER" = "12.4" ]; then
  CHOSEN_TORCH_CUDA_ARCH_LIST='8.0;9.0'
elif [ "$NVCC_VER" = "12.9" ]; then
  CHOSEN_TORCH_CUDA_ARCH_LIST='9.0;10.0' # want "AL202 This build script's arch list admits 9.x, 10.x and shuts out 11.x, 12.x: .* It is the list of the script's arm for CUDA 12.9."
else
  # Any other toolkit, older ones among them: still a finding.
  CHOSEN_TORCH_CUDA_ARCH_LIST='9.0' # want "AL202 This build script's arch list admits 9.x and shuts out 10.x, 11.x, 12.x: on 12.0 .sm_120.: not listed: no code for this capability. It sets CHOSEN_TORCH_CUDA_ARCH_LIST for the builds that run after it: .* on the device.\\. The code's comment there"
fi
TORCH_CUDA_ARCH_LIST="${CHOSEN_TORCH_CUDA_ARCH_LIST}" pip install .

export TORCH_CUDA_ARCH_LIST="8.0;8.6" # want "AL202 This build script's arch list admits 8.x and shuts out 9.x, 10.x, 11.x, 12.x"
cmake -B build -DCMAKE_CUDA_ARCHITECTURES="80-real;90-real" . # want "AL202 This build script's arch list admits 8.x, 9.x and shuts out 10.x, 11.x, 12.x: .* It sets CMAKE_CUDA_ARCHITECTURES for the builds that run after it: CMake compiles CUDA code"
cmake -B build2 -DCMAKE_CUDA_ARCHITECTURES=native .
cmake -B build3 -DCMAKE_CUDA_ARCHITECTURES="80;90" .  # PTX of 9.0 reaches 12.0: no finding
export TORCH_CUDA_ARCH_LIST="All"

# The GPU the build runs on picks the list, one arm per device: no fixed
# list, whatever the other arms say.
cc_major="$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | cut -d. -f1)"
cc_minor="$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | cut -d. -f2)"
if [ "${cc_major}" = "9" ] && [ "${cc_minor}" = "0" ]; then
  export TORCH_CUDA_ARCH_LIST="9.0a"
elif [ "${cc_major}" = "10" ]; then
  export TORCH_CUDA_ARCH_LIST="10.0a"
else
  export TORCH_CUDA_ARCH_LIST="${cc_major}.${cc_minor}"
fi

# A wheel tag's toolkit (cu126) in a test joined over lines: a toolkit
# older than 12.8 cannot build for 12.0, so its arm is no finding; the
# cu128 arm's list without 12.x is.
if [[ "$CU_VERSION" == "cu130" ]] ||
     [[ "$CU_VERSION" == "cu128" ]]; then
  export TORCH_CUDA_ARCH_LIST="8.0;9.0a;10.0a" # want "AL202 This build script's arch list admits 8.x, 9.x, 10.0 and shuts out 10.3, 11.x, 12.x: .* It is the list of the script's arm for CUDA 13.0 and 12.8."
elif [[ "$CU_VERSION" == "cu126" ]] ||
     [[ "$CU_VERSION" == "cu118" ]]; then
  export TORCH_CUDA_ARCH_LIST="8.0;9.0a"
fi
