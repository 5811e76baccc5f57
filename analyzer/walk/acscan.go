package walk

// acScanner is an Aho-Corasick automaton compiled to a dense DFA over
// byte classes (only bytes that occur in some trigger get a class of
// their own, so the table stays small). Prefilter uses it when the
// triggers have too many distinct pivot bytes for one pass each.
type acScanner struct {
	class [256]uint8
	ncls  int32
	// next[s+class] is the next state, premultiplied by ncls so that the
	// hot loop does no multiplication; -1 means a trigger just ended.
	next []int32
}

func newACScanner(needles [][]byte) *acScanner {
	a := &acScanner{}
	var used [256]bool
	distinct := 0
	for _, n := range needles {
		for _, b := range n {
			if !used[b] {
				used[b] = true
				distinct++
			}
		}
	}
	if distinct >= 256 {
		// Every byte value occurs: classes would not fit a uint8
		// alongside the "no trigger" class, so use one class per byte.
		a.ncls = 256
		for b := range a.class {
			a.class[b] = uint8(b)
		}
	} else {
		// Class 0 stands for every byte that occurs in no trigger.
		a.ncls = 1
		for b, u := range used {
			if u {
				a.class[b] = uint8(a.ncls)
				a.ncls++
			}
		}
	}
	ncls := int(a.ncls)

	// The trie: goto[s*ncls+c] is the child of s on class c, or 0.
	gotoT := make([]int32, ncls)
	final := []bool{false}
	for _, n := range needles {
		s := 0
		for _, b := range n {
			c := int(a.class[b])
			if gotoT[s*ncls+c] == 0 {
				gotoT[s*ncls+c] = int32(len(final))
				gotoT = append(gotoT, make([]int32, ncls)...)
				final = append(final, false)
			}
			s = int(gotoT[s*ncls+c])
		}
		final[s] = true
	}

	// Breadth first, fill the missing transitions from the failure
	// state's, which is shallower and therefore already complete.
	delta := make([]int32, len(gotoT))
	fail := make([]int32, len(final))
	var queue []int32
	for c := 0; c < ncls; c++ {
		if t := gotoT[c]; t != 0 {
			delta[c] = t
			queue = append(queue, t)
		}
	}
	for len(queue) > 0 {
		s := int(queue[0])
		queue = queue[1:]
		if final[fail[s]] {
			final[s] = true // a trigger ends inside this one
		}
		for c := 0; c < ncls; c++ {
			if t := gotoT[s*ncls+c]; t != 0 {
				fail[t] = delta[int(fail[s])*ncls+c]
				delta[s*ncls+c] = t
				queue = append(queue, t)
			} else {
				delta[s*ncls+c] = delta[int(fail[s])*ncls+c]
			}
		}
	}

	a.next = make([]int32, len(delta))
	for i, t := range delta {
		if final[t] {
			a.next[i] = -1
		} else {
			a.next[i] = t * a.ncls
		}
	}
	return a
}

func (a *acScanner) match(src []byte) bool {
	s := int32(0)
	next, class := a.next, &a.class
	for _, b := range src {
		s = next[s+int32(class[b])]
		if s < 0 {
			return true
		}
	}
	return false
}
