package finding

import (
	"regexp"
	"strconv"
	"strings"
)

// lineRefs matches line (and column) numbers inside messages and conditions:
// "x.cuh:42", "x.cuh:42:7", "line 42", "lines 10-12".
var lineRefs = regexp.MustCompile(`(:[0-9]+)+\b|\blines? [0-9]+(-[0-9]+)?`)

// Normalize takes line (and column) numbers and runs of white space out of
// a condition or message: what stays says what a finding is about, not
// where it is.
func Normalize(s string) string {
	return strings.Join(strings.Fields(lineRefs.ReplaceAllString(s, "")), " ")
}

// AssignKeys sets the Key of every finding that has a condition: the
// condition with line numbers and runs of white space taken out, and its
// occurrence index among the findings of the same target, rule, file and
// condition, in the order given (scan.SortFindings: by line). The message
// stays out of it, so a release that rewords a message keeps the
// fingerprint; the index keeps apart the same condition written twice in a
// file (CUTLASS repeats one #if hundreds of times per header), which
// otherwise shared one fingerprint: a baseline then hid every new copy of
// a condition it held once. Two findings of one rule and condition on the
// same line (columns apart) are ordered by column, then by message: a
// rewording can swap their two keys, never lose one. scan calls it on a
// target's whole sorted list,
// before any filter drops findings, so the indices do not depend on the
// filters (and the cache keeps the keys with the findings).
func AssignKeys(fs []Finding) {
	type group struct{ target, rule, root, path, cond string }
	seen := map[group]int{}
	for i := range fs {
		f := &fs[i]
		if f.Condition == "" {
			continue
		}
		cond := Normalize(f.Condition)
		g := group{f.Target, f.RuleID, f.Location.Root, f.Location.Path, cond}
		f.Key = cond + "\x00" + strconv.Itoa(seen[g])
		seen[g]++
	}
}
