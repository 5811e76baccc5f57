package rules

import "sort"

// All returns every rule, ordered by ID. It builds a fresh slice on each call
// so callers can never change the catalogue.
func All() []Rule {
	var all []Rule
	for _, c := range Checks() {
		all = append(all, c.Rule)
	}
	// Rules whose findings post-processing makes, not a check.
	all = append(all, AL901)
	sort.Slice(all, func(i, j int) bool { return all[i].ID < all[j].ID })
	return all
}

// Checks returns every rule with its check.
func Checks() []Check {
	return []Check{
		{AL101, checkShutOut},
		{AL102, checkEmptyKernel},
		{AL103, checkHardFailure},
		{AL104, checkFlavorOnly},
		{AL105, checkTuning},
		{AL106, checkOverInclusion},
		{AL201, checkPythonGates},
		{AL202, checkPythonGates},
		{AL203, checkPythonGates},
		{AL204, checkForeignRoute},
	}
}

// ByID returns the rule with the given ID.
func ByID(id string) (Rule, bool) {
	for _, r := range All() {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}
