// Package verdict judges an excluded region: does the code the target is
// shut out of use something the target lacks (justified), something only a
// variant build of it has (needs-variant), or only what it supports
// (arbitrary, a port artifact)? The knowledge base is data: which features
// nvcc 13.0 compiles for which targets (data/nvcc13-feature-support.tsv,
// measured) and the source tokens that reveal each (data/features.tsv).
package verdict

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"

	"github.com/archlint/archlint/analyzer/target"
)

//go:embed data/nvcc13-feature-support.tsv
var supportTSV string

//go:embed data/features.tsv
var featuresTSV string

// Kind is a verdict.
type Kind string

const (
	Justified    Kind = "justified"
	NeedsVariant Kind = "needs-variant"
	Arbitrary    Kind = "arbitrary"
	Unknown      Kind = "unknown"
)

// Feature is one device feature with the tokens that reveal it.
type Feature struct {
	Name        string
	Description string
	Tokens      []string
	supported   map[string]bool // target name -> nvcc 13.0 compiles it
	ids         []int           // Tokens' indexes in KB.index, by position
}

// Supports reports whether nvcc 13.0 compiles the feature for a build.
func (f *Feature) Supports(a target.Arch) bool { return f.supported[a.Name()] }

// KB is the feature knowledge base. It is immutable once loaded.
type KB struct {
	Features []*Feature
	index    *tokenIndex // every feature's tokens, set by Load
}

// Load parses the embedded tables.
func Load() (*KB, error) {
	kb := &KB{}
	byName := map[string]*Feature{}
	for n, line := range strings.Split(featuresTSV, "\n") {
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 3 {
			return nil, fmt.Errorf("features.tsv line %d: want 3 columns", n+1)
		}
		f := &Feature{Name: cols[0], Description: cols[1], supported: map[string]bool{}}
		for _, t := range strings.Split(cols[2], " | ") {
			if t = strings.TrimSpace(t); t != "" {
				f.Tokens = append(f.Tokens, t)
			}
		}
		kb.Features = append(kb.Features, f)
		byName[f.Name] = f
	}
	for n, line := range strings.Split(supportTSV, "\n") {
		if strings.HasPrefix(line, "#") || strings.HasPrefix(line, "feature\t") || strings.TrimSpace(line) == "" {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) < 3 {
			return nil, fmt.Errorf("feature support table line %d: want feature, target, result", n+1)
		}
		f := byName[cols[0]]
		if f == nil {
			return nil, fmt.Errorf("feature support table line %d: feature %q has no tokens in features.tsv", n+1, cols[0])
		}
		f.supported[cols[1]] = cols[2] == "ok"
	}
	kb.index = newTokenIndex(kb.Features)
	return kb, nil
}

// Use is one feature found in a region, with the token that showed it.
type Use struct {
	Feature *Feature
	Token   string
}

// Find lists the features a piece of code uses, in knowledge-base order.
func (kb *KB) Find(code string) []Use {
	if kb.index == nil {
		return findEach(kb.Features, code)
	}
	held := kb.index.held(code)
	var out []Use
	for _, f := range kb.Features {
		for i, t := range f.Tokens {
			if held[f.ids[i]] {
				out = append(out, Use{f, t})
				break
			}
		}
	}
	return out
}

// findEach is Find without the index: a search of code for each token in
// turn. It is the reference the index must agree with (TestFindLikeEach).
func findEach(features []*Feature, code string) []Use {
	var out []Use
	for _, f := range features {
		for _, t := range f.Tokens {
			if strings.Contains(code, t) {
				out = append(out, Use{f, t})
				break
			}
		}
	}
	return out
}

// tokenIndex finds which tokens a text holds in one pass over it. A
// search per token read a verdict's code (the excluded region and its
// callees' bodies, often tens of KB, and the same code again for each
// finding it explains) once for each of the ~80 tokens: 0.02 s of
// flashinfer's CPU. The pass looks up each pair of adjacent bytes in a
// bit set of the tokens' first two bytes, and compares whole tokens only
// where a pair starts one.
type tokenIndex struct {
	tokens []string
	pairs  [1 << 16 / 64]uint64 // bit a<<8|b: a token starts with bytes a, b
	byPair map[uint16][]int     // tokens by their first two bytes
	short  []int                // tokens of fewer than two bytes, searched alone
}

// newTokenIndex indexes the features' tokens and sets each feature's ids.
func newTokenIndex(features []*Feature) *tokenIndex {
	x := &tokenIndex{byPair: map[uint16][]int{}}
	id := map[string]int{}
	for _, f := range features {
		f.ids = make([]int, len(f.Tokens))
		for i, t := range f.Tokens {
			n, ok := id[t]
			if !ok {
				n = len(x.tokens)
				id[t] = n
				x.tokens = append(x.tokens, t)
				if len(t) < 2 {
					x.short = append(x.short, n)
				} else {
					k := uint16(t[0])<<8 | uint16(t[1])
					x.pairs[k/64] |= 1 << (k % 64)
					x.byPair[k] = append(x.byPair[k], n)
				}
			}
			f.ids[i] = n
		}
	}
	return x
}

// held says, by token index, which tokens code holds: held[i] is
// strings.Contains(code, x.tokens[i]).
func (x *tokenIndex) held(code string) []bool {
	held := make([]bool, len(x.tokens))
	for _, n := range x.short {
		held[n] = strings.Contains(code, x.tokens[n])
	}
	for p := 0; p+1 < len(code); p++ {
		k := uint16(code[p])<<8 | uint16(code[p+1])
		if x.pairs[k/64]&(1<<(k%64)) == 0 {
			continue
		}
		for _, n := range x.byPair[k] {
			if !held[n] && strings.HasPrefix(code[p:], x.tokens[n]) {
				held[n] = true
			}
		}
	}
	return held
}

// Judgement is a verdict with its evidence.
type Judgement struct {
	Kind     Kind
	Evidence string   // one sentence for the message
	Features []string // feature names found
	Missing  []string // features the target lacks in every build
	Variant  []string // builds (sm_120a, sm_120f) that have every feature found
}

// Judge decides for the builds of the target (plain, a, f of one arch).
func (kb *KB) Judge(code string, builds []target.Arch) Judgement {
	uses := kb.Find(code)
	j := Judgement{Kind: Unknown}
	if len(uses) == 0 {
		j.Evidence = "no feature archlint knows was found in the excluded code; check it by hand"
		return j
	}
	var found []string
	okIn := map[string]bool{}
	for _, b := range builds {
		okIn[b.Name()] = true
	}
	for _, u := range uses {
		found = append(found, u.String())
		j.Features = append(j.Features, u.Feature.Name)
		any := false
		for _, b := range builds {
			if u.Feature.Supports(b) {
				any = true
			} else {
				okIn[b.Name()] = false
			}
		}
		if !any {
			j.Missing = append(j.Missing, u.String())
		}
	}
	names := func(bs []target.Arch) string {
		var s []string
		for _, b := range bs {
			s = append(s, b.Name())
		}
		return strings.Join(s, ", ")
	}
	for _, b := range builds {
		if okIn[b.Name()] {
			j.Variant = append(j.Variant, b.Name())
		}
	}
	sort.Strings(j.Variant)
	switch {
	case len(j.Missing) > 0:
		j.Kind = Justified
		j.Evidence = fmt.Sprintf("justified: the excluded code uses %s, which nvcc 13.0 does not compile for %s", strings.Join(j.Missing, ", "), names(builds))
	case len(j.Variant) == len(builds):
		j.Kind = Arbitrary
		j.Evidence = fmt.Sprintf("arbitrary: everything the excluded code uses (%s) compiles for %s, so the bound is a port artifact", strings.Join(found, ", "), names(builds))
	default:
		j.Kind = NeedsVariant
		j.Evidence = fmt.Sprintf("needs a variant build: the excluded code uses %s, which compiles only for %s", strings.Join(found, ", "), strings.Join(j.Variant, ", "))
	}
	return j
}
