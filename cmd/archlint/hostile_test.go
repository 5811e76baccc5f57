package main

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/finding"
)

// shutOut is a header range that shuts sm_120 out (AL101) with an empty
// fallback: every hostile file that is still readable carries one, so the
// test can see that the scan went on and read it.
const shutOut = "#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900 && __CUDA_ARCH__ < 1200\n" +
	"__device__ void fast() { asm volatile(\"griddepcontrol.wait;\"); }\n#endif\n"

// hostileTree builds a scan root holding every kind of bad input the
// issue names, next to ordinary files that must still be found.
func hostileTree(t *testing.T) (root string, outside string) {
	t.Helper()
	base := t.TempDir()
	root = filepath.Join(base, "repo")
	outside = filepath.Join(base, "outside")
	write := func(rel string, data []byte) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("include/ok.cuh", []byte(shutOut))
	// Binary data under a CUDA name, NUL bytes in an otherwise text file,
	// invalid UTF-8.
	write("include/blob.cuh", []byte{0x7f, 'E', 'L', 'F', 0, 0, 1, 2, 3, 0, 0xff, 0xfe})
	write("include/nul.cuh", []byte("#if __CUDA_ARCH__ >= 900\nint a;\x00\x00\n#endif\n"))
	write("include/latin1.cuh", append([]byte("// caf\xe9 \xff\n"), shutOut...))
	// BOM and CRLF: still read, the range still found at its line.
	write("include/bom_crlf.cuh", []byte("\ufeff// header\r\n"+strings.ReplaceAll(shutOut, "\n", "\r\n")))
	// Deep nesting and parentheses, an unterminated #if, a stray #endif.
	var deep strings.Builder
	for range 10000 {
		deep.WriteString("#if __CUDA_ARCH__ >= 800\n")
	}
	for range 10000 {
		deep.WriteString("#endif\n")
	}
	write("include/deep.cuh", []byte(deep.String()))
	write("include/parens.cuh", []byte("#if "+strings.Repeat("(", 50000)+"__CUDA_ARCH__"+strings.Repeat(")", 50000)+" >= 900\nint p;\n#endif\n"))
	write("include/unterminated.cuh", []byte("#if __CUDA_ARCH__ >= 900 && __CUDA_ARCH__ < 1200\n__device__ int u;\n"))
	write("include/stray.cuh", []byte("#endif\n"+shutOut))
	// Two unguarded headers that include each other twice each (2^200
	// readings if nothing bounded them): the scan must finish.
	write("include/bomb_a.cuh", []byte("#include \"bomb_b.cuh\"\n#include \"bomb_b.cuh\"\n"+shutOut))
	write("include/bomb_b.cuh", []byte("#include \"bomb_a.cuh\"\n#include \"bomb_a.cuh\"\n"))
	write("src/bomb.cu", []byte("#include \"../include/bomb_a.cuh\"\n"))
	// Python that does not parse, next to a gate that does.
	write("pkg/broken.py", []byte("def f(:\n    if torch.cuda.get_device_capability()[0] == 9\n"))
	write("pkg/gate.py", []byte("import torch\n\ndef ok():\n    major, _ = torch.cuda.get_device_capability()\n    if major not in [9, 10]:\n        raise RuntimeError(\"unsupported\")\n"))
	// Paths with spaces and non-ASCII names.
	write("dir with spaces/ядро ☃.cuh", []byte(shutOut))
	// A file over the size limit (sparse: no disk is used).
	big := filepath.Join(root, "include", "huge.cuh")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(100 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	// A symlink loop, a link out of the root, and a dangling link.
	if err := os.MkdirAll(outside, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(outside, "secret.cuh"), []byte(shutOut), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, l := range [][2]string{{"loop", "loop"}, {"../outside", "out"}, {"nowhere.cuh", "include/dangling.cuh"}, {"..", "include/up"}} {
		if err := os.Symlink(l[0], filepath.Join(root, filepath.FromSlash(l[1]))); err != nil {
			t.Fatal(err)
		}
	}
	// Unreadable file and directory (root reads them anyway; see below).
	write("locked/inner.cuh", []byte(shutOut))
	write("include/locked.cuh", []byte(shutOut))
	if err := os.Chmod(filepath.Join(root, "include", "locked.cuh"), 0); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(root, "locked"), 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(filepath.Join(root, "locked"), 0o755) })
	return root, outside
}

// snapshot lists every path under dir with its size and mode, to prove a
// scan wrote nothing there.
func snapshot(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			out = append(out, p+" (unreadable)")
			return nil
		}
		info, err := d.Info()
		if err == nil {
			out = append(out, p+" "+info.Mode().String()+" "+info.ModTime().String())
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// TestHostileTree: every kind of bad input becomes at most a notification,
// the scan goes on and finds what the readable files hold, the output is
// valid JSON and SARIF, nothing outside the root is read, and nothing is
// written inside it.
func TestHostileTree(t *testing.T) {
	root, _ := hostileTree(t)
	before := snapshot(t, root)

	code, out, stderr := runCLI(t, "--no-cache", "--target", "sm_120", "--format", "json", root)
	if code != exitFindings {
		t.Fatalf("exit %d, want %d (findings); stderr:\n%s", code, exitFindings, stderr)
	}
	var runs []struct {
		Findings      []finding.Finding      `json:"findings"`
		Notifications []finding.Notification `json:"notifications"`
	}
	if err := json.Unmarshal([]byte(out), &runs); err != nil || len(runs) != 1 {
		t.Fatalf("output is not the JSON document (%v):\n%s", err, out)
	}
	found := map[string]bool{}
	for _, f := range runs[0].Findings {
		found[f.Location.Path] = true
		if strings.Contains(f.Location.Path, "outside") || strings.Contains(f.Location.Path, "secret") {
			t.Errorf("finding read through a link out of the root: %s", f.Location.Path)
		}
	}
	for _, p := range []string{"include/ok.cuh", "include/latin1.cuh", "include/bom_crlf.cuh", "include/stray.cuh",
		"include/unterminated.cuh", "dir with spaces/ядро ☃.cuh", "pkg/gate.py"} {
		if !found[p] {
			t.Errorf("no finding in %s: the scan should read it and go on", p)
		}
	}
	notes := map[string]string{}
	for _, n := range runs[0].Notifications {
		notes[n.Where.Path] += n.Message + "; "
	}
	for _, p := range []string{"include/blob.cuh", "include/huge.cuh", "include/unterminated.cuh", "include/stray.cuh",
		"pkg/broken.py", "loop", "out", "include/dangling.cuh"} {
		if notes[p] == "" {
			t.Errorf("no notification for %s; notifications: %v", p, notes)
		}
	}
	if os.Geteuid() != 0 { // root reads any file whatever its mode
		for _, p := range []string{"include/locked.cuh", "locked"} {
			if notes[p] == "" {
				t.Errorf("no notification for unreadable %s; notifications: %v", p, notes)
			}
		}
	}

	code, sarif, _ := runCLI(t, "--no-cache", "--target", "sm_120", "--format", "sarif", root)
	if code != exitFindings || !json.Valid([]byte(sarif)) || !strings.Contains(sarif, "toolExecutionNotifications") {
		t.Errorf("SARIF run: exit %d, valid %v, with notifications %v", code, json.Valid([]byte(sarif)),
			strings.Contains(sarif, "toolExecutionNotifications"))
	}
	code, text, textErr := runCLI(t, "--no-cache", "--target", "sm_120", root)
	if code != exitFindings || !strings.Contains(text, "ядро ☃.cuh") {
		t.Errorf("text run: exit %d, output lacks the non-ASCII path:\n%s", code, text)
	}
	for _, line := range strings.Split(strings.TrimSpace(textErr), "\n") {
		if line != "" && !strings.HasPrefix(line, "archlint: warning: ") {
			t.Errorf("text mode stderr line is not a one-line warning: %q", line)
		}
	}
	if after := snapshot(t, root); strings.Join(after, "\n") != strings.Join(before, "\n") {
		t.Errorf("the scan changed the scanned tree")
	}
}
