package filter

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/archlint/archlint/analyzer/finding"
)

// NewFromRev keeps the findings that touch a line changed since rev: the
// primary location, a related location or any step of a flow lies on a line
// that `git diff rev` adds or changes (a location without a line touches
// any change in its file). With mergeBase, rev is first replaced by
// `git merge-base rev HEAD`, so that a pull request is compared with where it
// branched off and not with a base branch that moved on. The diff is taken
// against the working tree; untracked (not ignored) files count as wholly
// changed. Findings in files outside the repository are dropped.
//
// repoDir is any directory of the repository (normally a scan root);
// relative Location.Roots are taken relative to the current directory, as
// the scan took them. Only read-only git commands run, with optional locks
// off so that not even the index is refreshed.
func NewFromRev(fs []finding.Finding, repoDir, rev string, mergeBase bool) ([]finding.Finding, error) {
	g := gitRunner{dir: repoDir}
	top, err := g.run("rev-parse", "--show-toplevel")
	if err != nil {
		return nil, fmt.Errorf("--new-from-rev needs a git repository: %s is not in one (%w)", repoDir, err)
	}
	top = strings.TrimSpace(top)
	// From the top: ls-files lists only the current directory's subtree,
	// relative to it.
	g = gitRunner{dir: top}
	if rev == "" || strings.HasPrefix(rev, "-") {
		return nil, fmt.Errorf("--new-from-rev: %q is not a revision", rev)
	}
	base, err := g.run("rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err != nil {
		return nil, fmt.Errorf("--new-from-rev: unknown revision %q in %s (fetch it first: CI checkouts are often shallow)", rev, top)
	}
	base = strings.TrimSpace(base)
	if mergeBase {
		mb, err := g.run("merge-base", base, "HEAD")
		if err != nil {
			return nil, fmt.Errorf("--new-from-merge-base: %q and HEAD have no merge base (a shallow clone? fetch with enough depth): %w", rev, err)
		}
		base = strings.TrimSpace(mb)
	}
	// Prefixes, renames, quoting, color and external diff drivers are all
	// set here: a user's diff.noprefix, diff.mnemonicPrefix, diff.external
	// or color.ui would otherwise change the output parsed below.
	diff, err := g.run("-c", "core.quotePath=false", "diff", "--unified=0", "--no-color", "--no-ext-diff",
		"--no-textconv", "--find-renames", "--src-prefix=a/", "--dst-prefix=b/", base, "--")
	if err != nil {
		return nil, fmt.Errorf("--new-from-rev: git diff %s: %w", base, err)
	}
	changed := parseUnifiedDiff(diff)
	untracked, err := g.run("ls-files", "--others", "--exclude-standard", "-z")
	if err != nil {
		return nil, fmt.Errorf("--new-from-rev: listing untracked files: %w", err)
	}
	for _, p := range strings.Split(untracked, "\x00") {
		if p != "" {
			changed[p] = lineSet{0: true}
		}
	}

	rel := repoPaths{top: canonical(top), cache: map[[2]string]string{}}
	var out []finding.Finding
	for _, f := range fs {
		if touches(f, changed, &rel) {
			out = append(out, f)
		}
	}
	return out, nil
}

// lineSet is the changed lines of one file; line 0 marks a file changed
// throughout.
type lineSet map[int]bool

func (s lineSet) has(line int) bool {
	if s == nil {
		return false
	}
	return s[0] || line <= 0 || s[line]
}

func touches(f finding.Finding, changed map[string]lineSet, rel *repoPaths) bool {
	at := func(l finding.Location) bool {
		p, ok := rel.of(l.Root, l.Path)
		return ok && changed[p].has(l.Line)
	}
	if at(f.Location) {
		return true
	}
	for _, l := range f.Related {
		if at(l) {
			return true
		}
	}
	for _, flow := range f.Flows {
		for _, l := range flow {
			if at(l) {
				return true
			}
		}
	}
	return false
}

// parseUnifiedDiff maps each file of a `git diff --unified=0` (by its new,
// repo-relative path) to the lines a hunk added or changed. A hunk that only
// deletes ("+c,0") marks the lines on either side of the gap, so that a
// finding next to a removed line (a deleted `|| __CUDA_ARCH__ >= 1200`) is
// new.
func parseUnifiedDiff(diff string) map[string]lineSet {
	out := map[string]lineSet{}
	var cur lineSet
	sc := bufio.NewScanner(strings.NewReader(diff))
	sc.Buffer(make([]byte, 1<<20), 1<<30)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "+++ "):
			name := strings.TrimPrefix(line, "+++ ")
			if unq, err := strconv.Unquote(name); err == nil && strings.HasPrefix(name, `"`) {
				name = unq // git C-quotes names with control characters or quotes
			}
			if !strings.HasPrefix(name, "b/") { // "/dev/null": deleted
				cur = nil
				continue
			}
			name = strings.TrimPrefix(name, "b/")
			if out[name] == nil {
				out[name] = lineSet{}
			}
			cur = out[name]
		case strings.HasPrefix(line, "@@ ") && cur != nil:
			start, n, ok := newRange(line)
			if !ok {
				continue
			}
			if n == 0 {
				// "+0,0" deletes the first lines: line 0 would mean
				// the whole file.
				if start > 0 {
					cur[start] = true
				}
				cur[start+1] = true
				continue
			}
			for l := start; l < start+n; l++ {
				cur[l] = true
			}
		}
	}
	return out
}

// newRange reads the "+c,d" part of a hunk header "@@ -a,b +c,d @@"; a
// missing ",d" means one line.
func newRange(header string) (start, n int, ok bool) {
	fields := strings.Fields(header)
	if len(fields) < 3 || !strings.HasPrefix(fields[2], "+") {
		return 0, 0, false
	}
	spec := strings.TrimPrefix(fields[2], "+")
	count := "1"
	if i := strings.IndexByte(spec, ','); i >= 0 {
		spec, count = spec[:i], spec[i+1:]
	}
	start, err1 := strconv.Atoi(spec)
	n, err2 := strconv.Atoi(count)
	return start, n, err1 == nil && err2 == nil
}

// repoPaths maps a location's Root and Path to its path relative to the
// repository top, caching per pair.
type repoPaths struct {
	top   string
	cache map[[2]string]string
}

func (r *repoPaths) of(root, p string) (string, bool) {
	k := [2]string{root, p}
	if v, ok := r.cache[k]; ok {
		return v, v != ""
	}
	v := ""
	abs, err := filepath.Abs(filepath.Join(root, filepath.FromSlash(p)))
	if err == nil {
		dir := canonical(filepath.Dir(abs))
		if rel, err := filepath.Rel(r.top, filepath.Join(dir, filepath.Base(abs))); err == nil &&
			rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			v = filepath.ToSlash(rel)
		}
	}
	r.cache[k] = v
	return v, v != ""
}

// canonical resolves symbolic links in a directory, since git reports the
// top level with links resolved (/tmp may be a link, as on macOS).
func canonical(dir string) string {
	if d, err := filepath.EvalSymlinks(dir); err == nil {
		return d
	}
	return dir
}

// gitRunner runs read-only git commands in one directory.
type gitRunner struct{ dir string }

func (g gitRunner) run(args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = g.dir
	// GIT_OPTIONAL_LOCKS=0 keeps git from refreshing (writing) the index
	// as a side effect; LC_ALL=C keeps its messages parseable.
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if msg := strings.TrimSpace(stderr.String()); msg != "" && errors.As(err, &ee) {
			return "", errors.New(msg)
		}
		return "", err
	}
	return stdout.String(), nil
}
