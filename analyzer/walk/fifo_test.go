//go:build unix

package walk

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestWalkSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	mkTree(t, dir, map[string]string{"ok.cu": ""})
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.cu"), 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	// A FIFO must be reported, never opened (that would block forever).
	got, probs := walkPaths(t, []string{dir}, Options{})
	wantPaths(t, got, "ok.cu")
	if !hasProblem(probs, "pipe.cu", "not a regular file") {
		t.Errorf("problems = %q", probs)
	}
	_, p := Read(File{Path: "pipe.cu", Abs: filepath.Join(dir, "pipe.cu")}, 0)
	if p == nil || !strings.Contains(p.Msg, "not a regular file") {
		t.Errorf("Read(fifo) problem = %v", p)
	}
}
