// Package finding holds the plain data that flows from rules to post-processing
// and reporting: findings, locations and tool notifications. Nothing here
// computes; every stage before it produces these values and every stage after
// it only filters, sorts or renders them.
package finding

import (
	"cmp"
	"path"
	"path/filepath"
)

// Level is a SARIF result level.
type Level string

const (
	LevelError   Level = "error"
	LevelWarning Level = "warning"
	LevelNote    Level = "note"
	LevelNone    Level = "none"
)

// Rank orders levels by severity (higher is more severe).
func (l Level) Rank() int {
	switch l {
	case LevelError:
		return 3
	case LevelWarning:
		return 2
	case LevelNote:
		return 1
	}
	return 0
}

// Location is a place in a scanned file. Path is slash-separated and
// relative to Root (the scan root it was found under); lines and columns are
// 1-based, EndLine/EndCol are inclusive and 0 when unknown.
type Location struct {
	Root    string `json:"root"`
	Path    string `json:"path"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	EndLine int    `json:"endLine,omitempty"`
	EndCol  int    `json:"endCol,omitempty"`
	// Message describes the location when it is a related location or a
	// step of a code flow ("#include from csrc/x.cu").
	Message string `json:"message,omitempty"`
	// Snippet is the source text of the primary line(s), used by text
	// output and by GitHub's line hash.
	Snippet string `json:"snippet,omitempty"`
}

// Compare orders locations by root, path, line and column.
func (l Location) Compare(o Location) int {
	return cmp.Or(cmp.Compare(l.Root, o.Root), cmp.Compare(l.Path, o.Path), cmp.Compare(l.Line, o.Line), cmp.Compare(l.Col, o.Col))
}

// MessagePath is how the message of a finding under root from names l's
// file: by its path relative to its root, as the finding's own location
// is given, when that root is from; by the root first (MessageRoot) when
// the file is another scan root's (scanning flashinfer beside cutlass,
// a flashinfer finding's #define in cutlass/include/cute/arch/config.hpp),
// where the bare path would read as a file of the finding's repository.
func (l Location) MessagePath(from string) string {
	if l.Root == from {
		return l.Path
	}
	return path.Join(MessageRoot(l.Root), l.Path)
}

// MessageRoot is how a message names a scan root: as given, but an
// absolute root by its last element, as a repository's name (a message
// text has no working directory to be relative to, and an absolute path
// names the machine it ran on: /home/runner/work/x/x/include/... in CI).
func MessageRoot(root string) string {
	if filepath.IsAbs(root) {
		return filepath.Base(root)
	}
	return filepath.ToSlash(root)
}

// Finding is one result of one rule.
type Finding struct {
	RuleID  string `json:"ruleId"`
	Level   Level  `json:"level"`
	Message string `json:"message"`
	// Location is the single primary location.
	Location Location `json:"location"`
	// Condition is the exact condition text (directive or expression) that
	// shuts the target out.
	Condition string `json:"condition,omitempty"`
	// Admits and Excludes name reference targets ("sm_90..sm_110") that the
	// construct admits to the better path and shuts out of it.
	Admits   []string `json:"admits,omitempty"`
	Excludes []string `json:"excludes,omitempty"`
	// Flavors names the builds of the target the finding holds for
	// ("sm_120", "sm_120f").
	Flavors []string `json:"flavors,omitempty"`
	// Gets says what the target gets instead: "nothing", "fallback",
	// "hard failure", ...
	Gets    string     `json:"gets,omitempty"`
	Related []Location `json:"related,omitempty"`
	// Flows are chains of locations from an entry point to the primary
	// location, shortest first.
	Flows [][]Location `json:"flows,omitempty"`
	// Target is the target the scan was run for ("sm_120").
	Target string `json:"target"`
	// Properties carries machine-readable extras (verdict, evidence).
	Properties map[string]any `json:"properties,omitempty"`
	// Fixes are edits that open the gate, offered only for arbitrary
	// exclusions (never for justified ones): SARIF fixes, --diff, --fix.
	Fixes []Fix `json:"fixes,omitempty"`
	// Key identifies the finding among its rule's findings in its file,
	// independently of its line number and message: the normalized
	// condition and its occurrence index (AssignKeys, which scan calls).
	// The stable fingerprint hashes it with the rule and path; baselines
	// match on that.
	Key string `json:"-"`
}

// MaxLocations is how many locations (or related locations) GitHub keeps
// of one SARIF result; report writes no more, and what gathers places for
// one result (a notification's conditions) keeps no more.
const MaxLocations = 100

// Notification is a problem the scan met and went past (unreadable file,
// binary file, unterminated #if, syntax error), or one cause of many such
// problems: SARIF toolExecutionNotifications and one warning line in text
// mode.
type Notification struct {
	Level   Level    `json:"level"`
	Message string   `json:"message"`
	Where   Location `json:"location"`
	// Locations are the places of a problem met more than once for one
	// cause (conditions an undefined function-like macro left undecided),
	// Where first, in path order, bounded; each says what is there.
	Locations []Location `json:"locations,omitempty"`
}

// LevelOrWarning is the notification's level: a warning unless it says
// otherwise (a JIT source that matches several files is a note).
func (n Notification) LevelOrWarning() Level {
	if n.Level == "" {
		return LevelWarning
	}
	return n.Level
}

// Fix is one way to open a gate.
type Fix struct {
	Description string `json:"description"`
	Edits       []Edit `json:"edits"`
}

// Edit replaces whole lines Line..EndLine (1-based, inclusive) of a file:
// Old is their current text (without the final newline), New the text that
// replaces them. Whole-line edits keep --diff, --fix and SARIF agreeing.
type Edit struct {
	Root    string `json:"root"`
	Path    string `json:"path"`
	Line    int    `json:"line"`
	EndLine int    `json:"endLine"`
	Old     string `json:"old"`
	New     string `json:"new"`
}
