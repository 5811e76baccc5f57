package cpp

import "strings"

// systemHeaders are the headers of the C and C++ standard libraries, POSIX
// and the CUDA toolkit that projects include by their bare names. The last
// step of #include resolution, a unique path suffix anywhere in the scan,
// must not guess them: a tree that ships a stub or a wrapper under the
// same name (CUTLASS's NVRTC test stdint.h, llama.cpp's vendors/cuda.h)
// would stand in for the real header in every file of every scanned
// repository, and an unresolved <cuda.h> is what tells the engine that the
// toolkit's version macros are defined. A project's own header of such a
// name is still found relative to the includer and through the include
// directories.
var systemHeaders = func() map[string]bool {
	m := map[string]bool{}
	for _, list := range []string{
		// C (C23) and the C++ wrappers of it.
		`assert.h complex.h ctype.h errno.h fenv.h float.h inttypes.h iso646.h limits.h locale.h
		 math.h setjmp.h signal.h stdalign.h stdarg.h stdatomic.h stdbit.h stdbool.h stdckdint.h
		 stddef.h stdint.h stdio.h stdlib.h stdnoreturn.h string.h tgmath.h threads.h time.h
		 uchar.h wchar.h wctype.h`,
		// C++ (C++26).
		`algorithm any array atomic barrier bit bitset cassert ccomplex cctype cerrno cfenv cfloat
		 charconv chrono cinttypes ciso646 climits clocale cmath codecvt compare complex concepts
		 condition_variable coroutine csetjmp csignal cstdalign cstdarg cstdbool cstddef cstdint
		 cstdio cstdlib cstring ctgmath ctime cuchar cwchar cwctype debugging deque exception
		 execution expected filesystem flat_map flat_set format forward_list fstream functional
		 future generator hazard_pointer initializer_list inplace_vector iomanip ios iosfwd
		 iostream istream iterator latch limits linalg list locale map mdspan memory
		 memory_resource mutex new numbers numeric optional ostream print queue random ranges
		 ratio rcu regex scoped_allocator semaphore set shared_mutex simd source_location span
		 spanstream sstream stack stacktrace stdexcept stdfloat stop_token streambuf string
		 string_view strstream syncstream system_error text_encoding thread tuple type_traits
		 typeindex typeinfo unordered_map unordered_set utility valarray variant vector version`,
		// POSIX and common platform headers.
		`aio.h arpa/inet.h dirent.h dlfcn.h execinfo.h fcntl.h features.h getopt.h glob.h grp.h
		 intrin.h immintrin.h x86intrin.h libgen.h malloc.h netdb.h poll.h pthread.h pwd.h sched.h
		 semaphore.h spawn.h strings.h syslog.h termios.h unistd.h windows.h`,
		// The CUDA toolkit.
		`cuda.h cudaTypedefs.h cuda_runtime.h cuda_runtime_api.h cuda_fp16.h cuda_fp16.hpp cuda_bf16.h
		 cuda_bf16.hpp cuda_fp8.h cuda_fp8.hpp cuda_fp6.h cuda_fp6.hpp cuda_fp4.h cuda_fp4.hpp
		 cuda_pipeline.h cuda_pipeline_primitives.h cuda_awbarrier.h cuda_awbarrier_primitives.h
		 cuda_occupancy.h cuda_profiler_api.h cuda_texture_types.h cuda_surface_types.h
		 cuda_device_runtime_api.h cuda_egl_interop.h cuda_gl_interop.h cudaProfiler.h
		 device_launch_parameters.h device_types.h driver_types.h vector_types.h vector_functions.h
		 library_types.h host_defines.h math_constants.h math_functions.h mma.h
		 cooperative_groups.h sm_20_intrinsics.h sm_30_intrinsics.h sm_32_intrinsics.h
		 sm_35_intrinsics.h sm_60_atomic_functions.h sm_61_intrinsics.h
		 cublas.h cublas_v2.h cublasLt.h cublas_api.h cusparse.h cusparseLt.h cufft.h curand.h
		 curand_kernel.h cusolverDn.h cudnn.h nvrtc.h nvml.h nvToolsExt.h nccl.h`,
	} {
		for _, h := range strings.Fields(list) {
			m[h] = true
		}
	}
	return m
}()

// systemDirs are directories under which every header belongs to the
// system or the toolkit.
var systemDirs = []string{"sys/", "bits/", "linux/", "asm/", "crt/", "cooperative_groups/"}

// isSystemHeader says whether an #include names a standard, POSIX or CUDA
// toolkit header (never guessed by path suffix).
func isSystemHeader(name string) bool {
	if systemHeaders[name] {
		return true
	}
	for _, d := range systemDirs {
		if strings.HasPrefix(name, d) {
			return true
		}
	}
	return false
}
