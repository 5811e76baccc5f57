package scan

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/archlint/archlint/analyzer/finding"
)

// invalidUTF8Prefix begins walk.Read's notification for a file that is not
// valid UTF-8 ("invalid UTF-8 (first at line 4); scanned as bytes").
const invalidUTF8Prefix = "invalid UTF-8 (first at line "

// groupInvalidUTF8 makes the files of one scan root that are not valid
// UTF-8 one notification, as conditionErrors does for one undefined macro:
// cuda-samples vendors 28 Boost headers in Latin-1, which were 28 warning
// lines for files that are scanned all the same. The notification sits at
// the first file in path order and lists each file (bounded) with the line
// where its invalid bytes begin. A root with one such file keeps its own.
func groupInvalidUTF8(ns []finding.Notification) []finding.Notification {
	byRoot := map[string][]finding.Notification{}
	var roots []string
	out := ns[:0:0]
	for _, n := range ns {
		if _, ok := invalidUTF8Line(n.Message); !ok {
			out = append(out, n)
			continue
		}
		r := n.Where.Root
		if byRoot[r] == nil {
			roots = append(roots, r)
		}
		byRoot[r] = append(byRoot[r], n)
	}
	for _, r := range roots {
		group := byRoot[r]
		slices.SortFunc(group, func(a, b finding.Notification) int { return a.Where.Compare(b.Where) })
		group = slices.CompactFunc(group, func(a, b finding.Notification) bool { return a.Where.Path == b.Where.Path })
		if len(group) == 1 {
			out = append(out, group[0])
			continue
		}
		files := make([]finding.Location, 0, min(len(group), finding.MaxLocations))
		for _, n := range group[:cap(files)] {
			line, _ := invalidUTF8Line(n.Message)
			files = append(files, finding.Location{Root: r, Path: n.Where.Path, Line: line,
				Message: fmt.Sprintf("invalid UTF-8 from line %d", line)})
		}
		n := notification(r, files[0].Path, 0, fmt.Sprintf("invalid UTF-8 in %d files (another encoding, such as Latin-1); all "+
			"are scanned as bytes, the first here from line %d", len(group), files[0].Line))
		n.Locations = files
		out = append(out, n)
	}
	return out
}

// invalidUTF8Line is the line an invalid-UTF-8 notification names.
func invalidUTF8Line(msg string) (int, bool) {
	rest, ok := strings.CutPrefix(msg, invalidUTF8Prefix)
	if !ok {
		return 0, false
	}
	num, _, ok := strings.Cut(rest, ")")
	if !ok {
		return 0, false
	}
	line, err := strconv.Atoi(num)
	return line, err == nil
}
