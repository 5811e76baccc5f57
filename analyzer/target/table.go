package target

import (
	_ "embed"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

//go:embed data/nvcc13-arch-macros.tsv
var archMacrosTSV string

// Table is the parsed macro table: for every device target nvcc 13 knows,
// the macros its pass defines. It is immutable once built.
type Table struct {
	passes []Arch
	macros map[string][]Macro // by Arch.Name()
}

// Macro is one predefined macro: NAME or NAME=VALUE.
type Macro struct {
	Name  string
	Value string // "1" for flag macros
}

var targetCell = regexp.MustCompile(`^sm_(\d+)(\d)([af]?)$`)

// LoadTable parses the embedded nvcc 13.0 table.
func LoadTable() (*Table, error) { return parseTable(archMacrosTSV) }

func parseTable(tsv string) (*Table, error) {
	t := &Table{macros: map[string][]Macro{}}
	for n, line := range strings.Split(tsv, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "target\t") {
			continue
		}
		name, list, ok := strings.Cut(line, "\t")
		if !ok {
			return nil, fmt.Errorf("arch macro table line %d: want TARGET<TAB>MACROS", n+1)
		}
		a, err := parseSM(name)
		if err != nil {
			return nil, fmt.Errorf("arch macro table line %d: %w", n+1, err)
		}
		var ms []Macro
		for _, f := range strings.Fields(list) {
			k, v, hasValue := strings.Cut(f, "=")
			if !hasValue {
				v = "1"
			}
			ms = append(ms, Macro{k, v})
		}
		t.passes = append(t.passes, a)
		t.macros[a.Name()] = ms
	}
	sort.Slice(t.passes, func(i, j int) bool { return t.passes[i].Less(t.passes[j]) })
	return t, nil
}

func parseSM(s string) (Arch, error) {
	m := targetCell.FindStringSubmatch(s)
	if m == nil {
		return Arch{}, fmt.Errorf("bad target %q", s)
	}
	maj, _ := strconv.Atoi(m[1])
	min, _ := strconv.Atoi(m[2])
	a := Arch{Major: maj, Minor: min}
	switch m[3] {
	case "a":
		a.Flavor = ArchSpecific
	case "f":
		a.Flavor = FamilySpecific
	}
	return a, nil
}

// Known lists every device pass in the table (sm_75 ... sm_121f), oldest first.
func (t *Table) Known() []Arch { return append([]Arch(nil), t.passes...) }

// Has reports whether nvcc knows this pass under the given toolkit.
func (t *Table) Has(a Arch, cv CUDAVersion) bool {
	if a.Host {
		return true
	}
	if _, ok := t.macros[a.Name()]; !ok {
		return false
	}
	return a.Flavor != FamilySpecific || cv.HasFamilyMacros()
}

// Reference is the set of passes every chain is evaluated for: the host pass
// and every device pass of the table that exists under cv, oldest first.
func (t *Table) Reference(cv CUDAVersion) []Arch {
	out := []Arch{HostPass}
	for _, a := range t.passes {
		if t.Has(a, cv) {
			out = append(out, a)
		}
	}
	return out
}

// Flavors returns the builds of a target's architecture that exist under cv:
// plain, a and f for a bare target, or just the named one.
func (t *Table) Flavors(tg Target, cv CUDAVersion) []Arch {
	if !tg.Bare {
		return []Arch{tg.Arch}
	}
	var out []Arch
	for _, f := range []Flavor{Plain, ArchSpecific, FamilySpecific} {
		a := tg.Arch
		a.Flavor = f
		if t.Has(a, cv) {
			out = append(out, a)
		}
	}
	return out
}
