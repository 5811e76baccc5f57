package scan

import (
	"testing"

	"github.com/archlint/archlint/analyzer/filter"
)

// TestResultLacks: a scan with a probe says which of the files it read
// lacked it (the suppression filter then reads only the others), in C/C++,
// Python and CMake files alike, and knows nothing of a file it did not
// read, nor anything at all without a probe.
func TestResultLacks(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"plain.cu":       "__global__ void k() {}\n",
		"marked.cu":      "// archlint: ignore[AL101] measured\n__global__ void k() {}\n",
		"plain.py":       "import torch\n",
		"marked.py":      "x = 1  # archlint: ignore[AL201] fine\n",
		"CMakeLists.txt": "# archlint: ignore[AL202] fine\nproject(x)\n",
		"notes.txt":      "archlint\n",
		"bom.cuh":        "\xef\xbb\xbf// archlint: ignore[AL101] a BOM first\n",
	}
	writeFiles(t, dir, files)
	opt := testOptions(t, dir, "sm_120")
	opt.Probe = []byte("archlint")
	res, err := Run(opt)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"plain.cu": true, "plain.py": true, "marked.cu": false, "marked.py": false,
		"CMakeLists.txt": false, "bom.cuh": false, "notes.txt": false, "absent.cu": false}
	for name, lacks := range want {
		if got := res.Lacks(filter.FileRef{Root: opt.Roots[0], Path: name}); got != lacks {
			t.Errorf("Lacks(%s) = %v, want %v", name, got, lacks)
		}
	}
	opt.Probe = nil
	res, err = Run(opt)
	if err != nil {
		t.Fatal(err)
	}
	if res.Lacks(filter.FileRef{Root: opt.Roots[0], Path: "plain.cu"}) {
		t.Error("without a probe the scan cannot know what a file lacks")
	}
}
