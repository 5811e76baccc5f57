package target

import "strings"

// FormatSet renders a set of passes the way a CUDA engineer reads them:
// flavors of one arch folded into the arch when all of them are in the set
// ("sm_90"), listed otherwise ("sm_90a"), and runs of three or more
// consecutive architectures as ranges ("sm_90..sm_110").
func FormatSet(passes []Arch, in func(p int) bool) []string {
	type group struct {
		base     Arch
		all, any bool
		names    []string
	}
	var groups []*group
	for p, a := range passes {
		if a.Host {
			continue
		}
		if len(groups) == 0 || groups[len(groups)-1].base != a.Base() {
			groups = append(groups, &group{base: a.Base(), all: true})
		}
		g := groups[len(groups)-1]
		if in(p) {
			g.any = true
			g.names = append(g.names, a.Name())
		} else {
			g.all = false
		}
	}
	var out []string
	for i := 0; i < len(groups); i++ {
		g := groups[i]
		if !g.any {
			continue
		}
		if !g.all {
			out = append(out, strings.Join(g.names, "/"))
			continue
		}
		j := i
		for j+1 < len(groups) && groups[j+1].all {
			j++
		}
		switch {
		case j-i >= 2:
			out = append(out, g.base.Name()+".."+groups[j].base.Name())
		default:
			for k := i; k <= j; k++ {
				out = append(out, groups[k].base.Name())
			}
		}
		i = j
	}
	return out
}
