package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/cache"
)

// TestMain keeps every test of this package out of the user's cache
// directory: tests that do not choose one share a temporary one.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "archlint-cache-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Setenv(cache.EnvDir, dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// scanOnce runs a scan and reports whether the cache was hit.
func scanOnce(t *testing.T, args ...string) (code int, stdout, stderr string, status cache.Status) {
	t.Helper()
	var out, errb bytes.Buffer
	code = runScanCache(args, &out, &errb, func(s cache.Status) { status = s })
	return code, out.String(), errb.String(), status
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// derivedMacroTree: one header defines a macro derived from __CUDA_ARCH__,
// another uses it; only the first is edited later.
func derivedMacroTree(t *testing.T) string {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"include/arch.h": "#pragma once\n#define MY_ARCH_OK (__CUDA_ARCH__ >= 900 && __CUDA_ARCH__ < 1200)\n",
		"include/kernel.cuh": "#pragma once\n#include \"arch.h\"\n\n__global__ void scale(float* x, float a) {\n#if MY_ARCH_OK\n" +
			"  x[threadIdx.x] *= a;\n#endif\n}\n",
		"csrc/scale.cu": "#include \"../include/kernel.cuh\"\n\nvoid launch(float* x) { scale<<<1, 32>>>(x, 2.0f); }\n",
	})
	return dir
}

// TestCacheSoundAfterHeaderEdit: editing only the header that defines a
// derived macro misses the cache, and the cached run equals --no-cache.
func TestCacheSoundAfterHeaderEdit(t *testing.T) {
	t.Setenv(cache.EnvDir, t.TempDir())
	dir := derivedMacroTree(t)
	_, first, _, st := scanOnce(t, "--target", "sm_120", dir)
	if st != cache.Miss || !strings.Contains(first, "MY_ARCH_OK") {
		t.Fatalf("first run: %v, want a miss with the AL101 on MY_ARCH_OK:\n%s", st, first)
	}
	if _, again, _, st := scanOnce(t, "--target", "sm_120", dir); st != cache.Hit || again != first {
		t.Fatalf("unchanged rerun: %v (want hit), same output %v", st, again == first)
	}
	writeFiles(t, dir, map[string]string{"include/arch.h": "#pragma once\n#define MY_ARCH_OK (__CUDA_ARCH__ >= 900 && __CUDA_ARCH__ < 1300)\n"})
	_, cached, _, st := scanOnce(t, "--target", "sm_120", dir)
	if st != cache.Miss {
		t.Error("editing the defining header did not miss")
	}
	_, fresh, _, _ := scanOnce(t, "--target", "sm_120", "--no-cache", dir)
	if cached != fresh {
		t.Errorf("cached run differs from --no-cache:\n%s\n---\n%s", cached, fresh)
	}
	if cached == first {
		t.Errorf("the edit did not change the output:\n%s", cached)
	}
	if _, again, _, st := scanOnce(t, "--target", "sm_120", dir); st != cache.Hit || again != fresh {
		t.Errorf("rerun after the edit: %v (want hit), same output %v", st, again == fresh)
	}
}

// TestCacheKeyedOnAnalysisOptionsOnly: analysis options miss, output options
// and post-scan filters hit, and a hit prints what a fresh run prints.
func TestCacheKeyedOnAnalysisOptionsOnly(t *testing.T) {
	t.Setenv(cache.EnvDir, t.TempDir())
	example := filepath.Join("..", "..", "testdata", "example")
	base := []string{"--target", "sm_120", example}
	if _, _, errs, st := scanOnce(t, base...); st != cache.Miss || errs != "" {
		t.Fatalf("first run: %v, stderr %q", st, errs)
	}
	cases := []struct {
		name string
		args []string
		want cache.Status
	}{
		{"unchanged", nil, cache.Hit},
		{"format sarif", []string{"--format", "sarif"}, cache.Hit},
		{"format json", []string{"--format", "json"}, cache.Hit},
		{"format github", []string{"--format", "github"}, cache.Hit},
		{"verbose", []string{"--verbose", "--color", "always"}, cache.Hit},
		{"fail-on", []string{"--fail-on", "error"}, cache.Hit},
		{"jobs", []string{"--jobs", "1"}, cache.Hit},
		{"include-vendored", []string{"--include-vendored"}, cache.Hit},
		{"show-suppressed", []string{"--show-suppressed", "--format", "sarif"}, cache.Hit},
		{"diff", []string{"--diff"}, cache.Hit},
		{"cuda-version", []string{"--cuda-version", "12.8"}, cache.Miss},
		{"build-archs", []string{"--build-archs", "sm_80,sm_120"}, cache.Miss},
		{"exclude", []string{"--exclude", "sglang/"}, cache.Miss},
		{"no-gitignore", []string{"--no-gitignore"}, cache.Miss},
		{"max-file-size", []string{"--max-file-size", "100000"}, cache.Miss},
		{"capability-func", []string{"--capability-func", "mylib.get_sm"}, cache.Miss},
		{"jit-func", []string{"--jit-func", "mylib.build"}, cache.Miss},
		{"another target", []string{"--target", "sm_120,sm_121a"}, cache.Miss},
	}
	for _, c := range cases {
		args := append(append([]string(nil), base...), c.args...)
		code, out, errs, st := scanOnce(t, args...)
		if st != c.want {
			t.Errorf("%s: %v, want %v", c.name, st, c.want)
		}
		fcode, fout, ferrs, _ := scanOnce(t, append(args, "--no-cache")...)
		if code != fcode || comparable(t, out, args) != comparable(t, fout, args) || errs != ferrs {
			t.Errorf("%s: output with the cache (%v, exit %d) differs from --no-cache (exit %d):\n%s\n%s\n---\n%s\n%s",
				c.name, st, code, fcode, out, errs, fout, ferrs)
		}
	}
}

// comparable drops what legitimately differs between a run and its
// --no-cache twin: the command line SARIF records.
func comparable(t *testing.T, out string, args []string) string {
	t.Helper()
	isSARIF := false
	for i, a := range args {
		if a == "--format" && i+1 < len(args) && args[i+1] == "sarif" {
			isSARIF = true
		}
	}
	if !isSARIF {
		return out
	}
	var log map[string]any
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("SARIF does not parse: %v", err)
	}
	runs, _ := log["runs"].([]any)
	for _, r := range runs {
		for _, inv := range r.(map[string]any)["invocations"].([]any) {
			delete(inv.(map[string]any), "commandLine")
		}
	}
	b, err := json.Marshal(log)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "--no-cache") && strings.Contains(string(b), "--no-cache") {
		t.Fatal("the command line is recorded outside invocations[].commandLine")
	}
	return string(b)
}

// TestCacheReplaysFiltersOnFreshState: suppressions, the baseline and the
// vendored filter run after the replay, so a hit follows their inputs.
func TestCacheReplaysFiltersOnFreshState(t *testing.T) {
	t.Setenv(cache.EnvDir, t.TempDir())
	dir := t.TempDir()
	rangeLines := "#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1200)\n  x[0] = 1;\n#endif\n"
	writeFiles(t, dir, map[string]string{
		"a.cuh": "__device__ void a(float* x) {\n" + rangeLines + "}\n",
		"b.cuh": "__device__ void b(float* x) {\n// archlint: ignore[AL101] measured on sm_120\n" + rangeLines + "}\n",
		"c.py":  "x = 1  # archlint: ignore[AL201]\n",
	})
	baseline := filepath.Join(t.TempDir(), "base.sarif")
	if code, _, errs, _ := scanOnce(t, "--target", "sm_120", "--format", "sarif", "-o", baseline, dir); code == exitError {
		t.Fatal(errs)
	}
	for _, args := range [][]string{
		{"--target", "sm_120", dir},
		{"--target", "sm_120", "--show-suppressed", "--format", "sarif", dir},
		{"--target", "sm_120", "--baseline", baseline, dir},
	} {
		code, out, errs, st := scanOnce(t, args...)
		fcode, fout, ferrs, _ := scanOnce(t, append(args, "--no-cache")...)
		if st != cache.Hit {
			t.Errorf("%v: want a hit", args)
		}
		if code != fcode || comparable(t, out, args) != comparable(t, fout, args) || errs != ferrs {
			t.Errorf("%v: cached output differs from --no-cache:\n%s\n---\n%s", args, out, fout)
		}
		if strings.Contains(out, "b.cuh:3") && !strings.Contains(out, "suppress") {
			t.Errorf("%v: the suppressed range in b.cuh is reported:\n%s", args, out)
		}
	}
	// A new finding is new against the baseline on a replay too.
	writeFiles(t, dir, map[string]string{"d.cuh": "__device__ void d(float* x) {\n" + rangeLines + "}\n"})
	code, out, _, st := scanOnce(t, "--target", "sm_120", "--baseline", baseline, dir)
	if st != cache.Miss || code != exitFindings || !strings.Contains(out, "d.cuh") || strings.Contains(out, "a.cuh") {
		t.Errorf("after adding d.cuh: %v exit %d\n%s", st, code, out)
	}
}

// TestCorruptCacheEntries: damaged entries are misses and the scan goes on.
func TestCorruptCacheEntries(t *testing.T) {
	cdir := t.TempDir()
	t.Setenv(cache.EnvDir, cdir)
	dir := derivedMacroTree(t)
	_, first, _, _ := scanOnce(t, "--target", "sm_120", dir)
	ents, err := filepath.Glob(filepath.Join(cdir, "*"))
	if err != nil || len(ents) != 1 {
		t.Fatalf("want one entry, got %v (%v)", ents, err)
	}
	if err := os.WriteFile(ents[0], []byte("archlint scan cache\n1\ngarbage"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errs, st := scanOnce(t, "--target", "sm_120", dir)
	if st != cache.Miss || out != first || code != exitFindings || errs != "" {
		t.Errorf("corrupt entry: %v exit %d, stderr %q, same output %v", st, code, errs, out == first)
	}
	if _, _, _, st := scanOnce(t, "--target", "sm_120", dir); st != cache.Hit {
		t.Error("the entry was not rewritten after the corrupt one")
	}
}

// TestCacheDirInsideScanRoot: the cache is not used, the tree is left as
// it was, and text mode says why once.
func TestCacheDirInsideScanRoot(t *testing.T) {
	dir := derivedMacroTree(t)
	t.Setenv(cache.EnvDir, filepath.Join(dir, ".cache", "archlint"))
	before := listTree(t, dir)
	code, out, errs, st := scanOnce(t, "--target", "sm_120", dir)
	if st != cache.Miss || code != exitFindings || !strings.Contains(out, "MY_ARCH_OK") {
		t.Errorf("scan with the cache dir in the root: %v exit %d\n%s", st, code, out)
	}
	if strings.Count(errs, "cache not used") != 1 {
		t.Errorf("want one line saying the cache is not used, got %q", errs)
	}
	if _, _, errs, _ := scanOnce(t, "--target", "sm_120", "--format", "json", dir); errs != "" {
		t.Errorf("json mode must keep stderr quiet: %q", errs)
	}
	if after := listTree(t, dir); !reflect.DeepEqual(before, after) {
		t.Errorf("the scan changed the tree:\n%v\n%v", before, after)
	}
}

// listTree lists every path under dir with its size and mode.
func listTree(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		out = append(out, fmt.Sprintf("%s %d %v %v", p, info.Size(), info.Mode(), info.ModTime()))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestNoCacheWritesNothing: --no-cache neither reads nor writes entries.
func TestNoCacheWritesNothing(t *testing.T) {
	cdir := filepath.Join(t.TempDir(), "c")
	t.Setenv(cache.EnvDir, cdir)
	dir := derivedMacroTree(t)
	if _, _, _, st := scanOnce(t, "--target", "sm_120", "--no-cache", dir); st != cache.Miss {
		t.Error("--no-cache hit")
	}
	if _, err := os.Stat(cdir); !os.IsNotExist(err) {
		t.Errorf("--no-cache created the cache directory (%v)", err)
	}
}
