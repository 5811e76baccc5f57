package rules

import "sort"

// All returns every rule, ordered by ID. It builds a fresh slice on each call
// so callers can never change the catalogue.
func All() []Rule {
	all := []Rule{AL101, AL102, AL103, AL104, AL105}
	sort.Slice(all, func(i, j int) bool { return all[i].ID < all[j].ID })
	return all
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
