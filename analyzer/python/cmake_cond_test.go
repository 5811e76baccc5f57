package python

import (
	"strings"
	"testing"
)

// TestCMakeBlocks checks which arch lists a CMake file configures under a
// toolkit: each case's lists are named by their variable, and want lists
// those whose command is configured.
func TestCMakeBlocks(t *testing.T) {
	cases := []struct {
		name string
		cuda [2]int
		src  string
		want string
	}{
		{"if else by version", [2]int{13, 0}, `
if(${CMAKE_CUDA_COMPILER_VERSION} VERSION_GREATER_EQUAL 13.0)
  set(A_ARCHS 100f)
else()
  set(B_ARCHS 100a)
endif()`, "A_ARCHS"},
		{"the other toolkit", [2]int{12, 8}, `
if(${CMAKE_CUDA_COMPILER_VERSION} VERSION_GREATER_EQUAL 13.0)
  set(A_ARCHS 100f)
else()
  set(B_ARCHS 100a)
endif()`, "B_ARCHS"},
		{"elseif chain", [2]int{12, 8}, `
if(CUDAToolkit_VERSION VERSION_GREATER_EQUAL 13.0)
  set(A_ARCHS 1)
elseif(CUDAToolkit_VERSION VERSION_GREATER_EQUAL 12.8)
  set(B_ARCHS 2)
elseif(CUDAToolkit_VERSION VERSION_GREATER_EQUAL 12.0)
  set(C_ARCHS 3)
else()
  set(D_ARCHS 4)
endif()`, "B_ARCHS"},
		{"undecided conditions keep every arm", [2]int{13, 0}, `
if(ENABLE_FP8)
  set(A_ARCHS 1)
else()
  set(B_ARCHS 2)
endif()`, "A_ARCHS B_ARCHS"},
		{"AND with an undecided test", [2]int{13, 0}, `
if(CUDA_VERSION VERSION_LESS 12.0 AND SCALED_MM_ARCHS)
  set(A_ARCHS 1)
endif()
if(CUDA_VERSION VERSION_GREATER_EQUAL 12.0 AND SCALED_MM_ARCHS)
  set(B_ARCHS 2)
endif()`, "B_ARCHS"},
		{"OR and NOT", [2]int{13, 0}, `
if(NOT CUDA_VERSION VERSION_LESS 12.9 OR FOO)
  set(A_ARCHS 1)
endif()
if(NOT ${CUDA_VERSION} VERSION_GREATER 12.0)
  set(B_ARCHS 2)
endif()`, "A_ARCHS"},
		{"the version on the right", [2]int{13, 0}, `
if(12.8 VERSION_LESS_EQUAL CUDA_VERSION)
  set(A_ARCHS 1)
endif()`, "A_ARCHS"},
		{"parentheses are not read", [2]int{13, 0}, `
if((CUDA_VERSION VERSION_LESS 12.0) AND X)
  set(A_ARCHS 1)
endif()`, "A_ARCHS"},
		{"a file ending inside a condition", [2]int{13, 0}, "set(A_ARCHS 1)\nif(", "A_ARCHS"},
		{"nested blocks", [2]int{13, 0}, `
if(X)
  if(CUDA_VERSION VERSION_LESS 11.0)
    set(A_ARCHS 1)
  endif()
  set(B_ARCHS 2)
endif()
endif()
else()
set(C_ARCHS 3)`, "B_ARCHS C_ARCHS"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := []byte(c.src)
			b := cmakeBlocks{cuda: c.cuda}
			var got []string
			for _, cmd := range cmakeCommands(src) {
				b.step(src, cmd)
				if cmd.name == "set" && b.configured() {
					got = append(got, cmd.args[0].text)
				}
			}
			if strings.Join(got, " ") != c.want {
				t.Errorf("configured %q, want %q", strings.Join(got, " "), c.want)
			}
		})
	}
}

// FuzzCMakeGates reads any CMake text: the commands, the blocks and the
// conditions never fail, whatever the toolkit.
func FuzzCMakeGates(f *testing.F) {
	f.Add([]byte("if(CUDA_VERSION VERSION_GREATER_EQUAL 13.0)\n set(A_ARCHS 100f)\nelse()\n set(B_ARCHS 90a)\nendif()\n"), 13)
	f.Add([]byte("list(APPEND X_ARCHS 89 90)\nif(NOT (A) AND"), 12)
	f.Fuzz(func(t *testing.T, src []byte, major int) {
		cmakeGates(Source{Path: "CMakeLists.txt", Src: src}, DefaultCaps(), [2]int{major % 20, 0})
	})
}

func TestArchBucket(t *testing.T) {
	for _, c := range []struct {
		name, list string
		want       bool
	}{
		{"GEMM2_SM90_ARCHS", "90", true},
		{"SM100_ARCHS", "100a;103a", true},
		{"sm_120_archs", "12.0f", true},
		{"GEMM2_SM90_ARCHS", "90;100", false},
		{"CUDA_ARCHS", "90", false},
		{"ASM90_ARCHS", "90", false},
	} {
		specs, ok := cmakeSpecs([]cmakeArg{{text: c.list}}, false)
		if !ok {
			t.Fatalf("%s: list %q not read", c.name, c.list)
		}
		if got := archBucket(c.name, specs); got != c.want {
			t.Errorf("archBucket(%q, %q) = %v, want %v", c.name, c.list, got, c.want)
		}
	}
}
