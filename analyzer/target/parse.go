package target

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Target is what the user asked for. A bare target (sm_120) names the GPU,
// which runs code built in several flavors; a suffixed one (sm_120a) names
// exactly that build.
type Target struct {
	Arch Arch
	Bare bool
}

func (t Target) String() string { return t.Arch.Name() }

var (
	smForm      = regexp.MustCompile(`^(?:sm_|compute_)?(\d{2,3})([af]?)$`)
	dottedForm  = regexp.MustCompile(`^(\d{1,2})\.(\d)([af]?)$`)
	flavorOfSfx = map[string]Flavor{"": Plain, "a": ArchSpecific, "f": FamilySpecific}
)

// ParseTargets parses a comma-separated list: sm_120, sm_120a, sm_121f,
// compute_120, 120, 12.0, 12.0a. Unknown targets are an error that lists the
// known ones.
func (t *Table) ParseTargets(spec string, cv CUDAVersion) ([]Target, error) {
	var out []Target
	seen := map[string]bool{}
	for _, part := range strings.Split(spec, ",") {
		part = strings.ToLower(strings.TrimSpace(part))
		if part == "" {
			continue
		}
		tg, err := t.parseOne(part, cv)
		if err != nil {
			return nil, err
		}
		key := tg.Arch.Name()
		if tg.Bare {
			key += "*"
		}
		if !seen[key] {
			seen[key] = true
			out = append(out, tg)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no target given; known targets: %s", t.knownList(cv))
	}
	return out, nil
}

func (t *Table) parseOne(s string, cv CUDAVersion) (Target, error) {
	var a Arch
	var sfx string
	if m := smForm.FindStringSubmatch(s); m != nil {
		n, _ := strconv.Atoi(m[1])
		a = Arch{Major: n / 10, Minor: n % 10}
		sfx = m[2]
	} else if m := dottedForm.FindStringSubmatch(s); m != nil {
		a.Major, _ = strconv.Atoi(m[1])
		a.Minor, _ = strconv.Atoi(m[2])
		sfx = m[3]
	} else {
		return Target{}, fmt.Errorf("unknown target %q; known targets: %s", s, t.knownList(cv))
	}
	a.Flavor = flavorOfSfx[sfx]
	if !t.Has(a, cv) {
		why := ""
		if a.Flavor == FamilySpecific && !cv.HasFamilyMacros() {
			why = fmt.Sprintf(" (f targets need CUDA 12.9 or newer; assumed CUDA %s)", cv)
		}
		return Target{}, fmt.Errorf("unknown target %q%s; known targets: %s", s, why, t.knownList(cv))
	}
	return Target{Arch: a, Bare: sfx == ""}, nil
}

func (t *Table) knownList(cv CUDAVersion) string {
	var names []string
	for _, a := range t.Reference(cv) {
		if !a.Host {
			names = append(names, a.Name())
		}
	}
	return strings.Join(names, ", ")
}
