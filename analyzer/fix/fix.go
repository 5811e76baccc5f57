// Package fix turns the fixes findings carry into a unified diff (--diff)
// or edits of the working tree (--fix, only when the user asks). Every edit
// replaces whole lines and is checked against the file first: if the lines
// changed since the scan, the edit is skipped, never forced.
package fix

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/archlint/archlint/analyzer/finding"
)

// fileEdits groups the edits of one file, deduplicated and sorted.
type fileEdits struct {
	root, path string
	edits      []finding.Edit
}

func collect(fs []finding.Finding) []*fileEdits {
	by := map[string]*fileEdits{}
	seen := map[string]bool{}
	for _, f := range fs {
		for _, fx := range f.Fixes {
			for _, e := range fx.Edits {
				k := fmt.Sprintf("%s\x00%s\x00%d\x00%d\x00%s", e.Root, e.Path, e.Line, e.EndLine, e.New)
				if seen[k] {
					continue
				}
				seen[k] = true
				fk := e.Root + "\x00" + e.Path
				if by[fk] == nil {
					by[fk] = &fileEdits{root: e.Root, path: e.Path}
				}
				by[fk].edits = append(by[fk].edits, e)
			}
		}
	}
	var out []*fileEdits
	for _, fe := range by {
		sort.Slice(fe.edits, func(i, j int) bool { return fe.edits[i].Line < fe.edits[j].Line })
		// Overlapping edits cannot both apply: keep the first.
		kept := fe.edits[:0]
		end := 0
		for _, e := range fe.edits {
			if e.Line > end {
				kept = append(kept, e)
				end = e.EndLine
			}
		}
		fe.edits = kept
		out = append(out, fe)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].root != out[j].root {
			return out[i].root < out[j].root
		}
		return out[i].path < out[j].path
	})
	return out
}

// apply returns the file's new content, or an error when an edit's old text
// no longer matches.
func (fe *fileEdits) apply(src []byte) ([]string, []string, error) {
	lines := strings.Split(string(src), "\n")
	out := make([]string, 0, len(lines))
	next := 0
	for _, e := range fe.edits {
		if e.Line < 1 || e.EndLine > len(lines) {
			return nil, nil, fmt.Errorf("%s: lines %d-%d are out of range", fe.path, e.Line, e.EndLine)
		}
		cur := strings.Join(lines[e.Line-1:e.EndLine], "\n")
		if strings.TrimSuffix(cur, "\r") != e.Old {
			return nil, nil, fmt.Errorf("%s:%d: the file changed since the scan; edit skipped", fe.path, e.Line)
		}
		out = append(out, lines[next:e.Line-1]...)
		out = append(out, e.New)
		next = e.EndLine
	}
	out = append(out, lines[next:]...)
	return lines, out, nil
}

// Diff renders every fix as a unified diff (a/ and b/ paths relative to
// the scan root, as `git apply -p1` expects from the root).
func Diff(fs []finding.Finding) (string, []error) {
	var sb strings.Builder
	var errs []error
	for _, fe := range collect(fs) {
		src, err := os.ReadFile(filepath.Join(fe.root, filepath.FromSlash(fe.path)))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		old, _, err := fe.apply(src)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		fmt.Fprintf(&sb, "--- a/%s\n+++ b/%s\n", fe.path, fe.path)
		const ctx = 3
		shift := 0 // line offset of the new file against the old one
		n := len(old)
		if n > 0 && old[n-1] == "" {
			n-- // the empty string after a final newline is no line
		}
		for _, e := range fe.edits {
			from := max(1, e.Line-ctx)
			to := min(n, e.EndLine+ctx)
			newLines := strings.Split(e.New, "\n")
			oldCount := to - from + 1
			newCount := oldCount - (e.EndLine - e.Line + 1) + len(newLines)
			fmt.Fprintf(&sb, "@@ -%d,%d +%d,%d @@\n", from, oldCount, from+shift, newCount)
			for l := from; l < e.Line; l++ {
				sb.WriteString(" " + old[l-1] + "\n")
			}
			for l := e.Line; l <= e.EndLine; l++ {
				sb.WriteString("-" + old[l-1] + "\n")
			}
			for _, n := range newLines {
				sb.WriteString("+" + n + "\n")
			}
			for l := e.EndLine + 1; l <= to; l++ {
				sb.WriteString(" " + old[l-1] + "\n")
			}
			shift += len(newLines) - (e.EndLine - e.Line + 1)
		}
	}
	return sb.String(), errs
}

// Apply writes the fixes into the files and returns the files it changed
// (Root/Path). It only ever writes files the findings name.
func Apply(fs []finding.Finding) ([]string, []error) {
	var changed []string
	var errs []error
	for _, fe := range collect(fs) {
		name := filepath.Join(fe.root, filepath.FromSlash(fe.path))
		info, err := os.Lstat(name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !info.Mode().IsRegular() {
			errs = append(errs, fmt.Errorf("%s: not a regular file; not edited", name))
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		_, out, err := fe.apply(src)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if err := os.WriteFile(name, []byte(strings.Join(out, "\n")), info.Mode().Perm()); err != nil {
			errs = append(errs, fmt.Errorf("writing %s: %w", name, err))
			continue
		}
		changed = append(changed, filepath.ToSlash(filepath.Join(fe.root, fe.path)))
	}
	return changed, errs
}
