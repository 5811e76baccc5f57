# Rule fixture: nvcc flags put together in pieces (as NVIDIA warp's
# build_dll.py does). Written for archlint.

import os


def gencode_flags(arch, ctk_version):
    gencode = ["-gencode=arch=compute_80,code=sm_80", "-gencode=arch=compute_90,code=sm_90"]  # want: none
    if ctk_version >= (12, 8):
        gencode.extend(["-gencode=arch=compute_100,code=sm_100", "-gencode=arch=compute_120,code=sm_120"])  # want: none
    if arch == "aarch64":
        # Jetson's architectures, added to the list above: no list of
        # their own.
        gencode.extend(["-gencode=arch=compute_87,code=sm_87", "-gencode=arch=compute_72,code=sm_72"])  # want: none
        gencode += ["-gencode=arch=compute_53,code=sm_53", "-gencode=arch=compute_62,code=sm_62"]  # want: none
        return gencode + ["-gencode=arch=compute_110,code=sm_110", "-gencode=arch=compute_121,code=sm_121"]  # want: none
    return gencode


def fixed_flags(arch):
    # What the scope adds is read with the list: 8.0 added, 12.0 still out.
    archs = ["9.0"]  # want "AL202 This arch list admits 8.x, 9.x and shuts out 10.x, 11.x, 12.x"
    if arch == "x86_64":
        archs += ["8.0"]  # want: none
    return archs


def cmake_args(args):
    # A list that goes to CMake as CMAKE_CUDA_ARCHITECTURES: "90" builds
    # compute_90 PTX too, which reaches 12.0 (ktransformers' kt-kernel).
    archs = os.environ.get("MYLIB_CUDA_ARCHS", "80;86;89;90").strip()  # want: none
    args.append(f"-DCMAKE_CUDA_ARCHITECTURES={archs}")
    os.environ["CMAKE_CUDA_ARCHITECTURES"] = "80;90"  # want: none
    os.environ["CMAKE_CUDA_ARCHITECTURES"] = "80-real;90-real"  # want "AL202 This arch list admits 8.x, 9.x and shuts out 10.x, 11.x, 12.x"
    return args


def gencode_from(env_list):
    # The same list given to nvcc one code= at a time builds no PTX.
    archs = os.environ.get("MYLIB_GENCODE_ARCHS", "80;86;89;90")  # want "AL202 This arch list admits 8.x, 9.x and shuts out 10.x, 11.x, 12.x"
    return [f"-gencode=arch=compute_{a},code=sm_{a}" for a in archs.split(";")]


def build_fbgemm(path):
    # A list set on the command line of a build the script runs.
    cmd = ["python", "setup.py", "install", "-DTORCH_CUDA_ARCH_LIST=8.0;9.0;9.0a"]  # want "AL202 This arch list admits 8.x, 9.x and shuts out 10.x, 11.x, 12.x"
    cmake = ["cmake", "-B", "build", "-DCMAKE_CUDA_ARCHITECTURES=80;90"]  # want: none
    return cmd, cmake
