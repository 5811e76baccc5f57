package expr

// Name sets: the Unknowns of values and the Used macros of a result.

// mergeNames returns the sorted union of two sorted name lists, sharing
// storage when one contains the other.
func mergeNames(a, b []string) []string {
	if len(b) == 0 {
		return a
	}
	if len(a) == 0 {
		return b
	}
	if len(a) == len(b) {
		same := true
		for i := range a {
			if a[i] != b[i] {
				same = false
				break
			}
		}
		if same {
			return a
		}
	}
	out := make([]string, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			out = append(out, a[i])
			i++
		case a[i] > b[j]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// nameSet is a set of names that stays a slice while small.
type nameSet struct {
	list []string
	idx  map[string]bool
}

func (s *nameSet) add(name string) {
	if s.idx != nil {
		if !s.idx[name] {
			s.idx[name] = true
			s.list = append(s.list, name)
		}
		return
	}
	for _, n := range s.list {
		if n == name {
			return
		}
	}
	s.list = append(s.list, name)
	if len(s.list) > deepStack {
		s.idx = make(map[string]bool, 2*len(s.list))
		for _, n := range s.list {
			s.idx[n] = true
		}
	}
}
