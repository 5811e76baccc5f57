package rules

import (
	"sync"

	"github.com/archlint/archlint/analyzer/cpp"
	"github.com/archlint/archlint/analyzer/cst"
	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/shutout"
	"github.com/archlint/archlint/analyzer/target"
)

// Context is the facts every check reads for one target. Checks never
// parse or evaluate: the stages before them did.
type Context struct {
	Target target.Target
	Passes []target.Arch
	// Flavors are the indexes in Passes of the target's builds.
	Flavors []int
	Chains  []*cpp.ChainEval
	// Functions holds the tree-sitter facts per file ID (nil when a file was
	// not parsed).
	Structure map[int]*cst.Facts

	once     sync.Once
	verdicts map[*cpp.ChainEval][]shutout.Verdict
	ages     []shutout.Pass
}

// Check is a rule with the function that produces its findings.
type Check struct {
	Rule Rule
	Run  func(Rule, *Context) []finding.Finding
}

// ShutOut returns, per flavor of the target (parallel to Flavors), the
// verdict of the branch rule on a chain.
func (c *Context) ShutOut(ce *cpp.ChainEval) []shutout.Verdict {
	c.once.Do(c.decideAll)
	return c.verdicts[ce]
}

func (c *Context) decideAll() {
	c.ages = make([]shutout.Pass, len(c.Passes))
	for i, p := range c.Passes {
		c.ages[i] = shutout.Pass{Age: p.CudaArch(), Host: p.Host}
	}
	c.verdicts = map[*cpp.ChainEval][]shutout.Verdict{}
	for _, ce := range c.Chains {
		if !ce.ArchDependent() {
			continue
		}
		vs := make([]shutout.Verdict, len(c.Flavors))
		for i, t := range c.Flavors {
			vs[i] = shutout.Decide(c.ages, ce.Branch, t)
		}
		c.verdicts[ce] = vs
	}
}

// active reports, for a logical line of a file and a pass, whether the line
// is compiled in that pass: every enclosing branch is taken. Unknown when an
// enclosing choice is undecided.
func (c *Context) active(ce map[int]*cpp.ChainEval, st *cpp.Structure, li, p int) cpp.Tri {
	ref := st.LineOwner[li]
	for ref.Chain >= 0 {
		e := ce[ref.Chain]
		if e == nil {
			return unknownTri
		}
		switch e.Taken[p] {
		case shutout.Unknown:
			return unknownTri
		case ref.Branch:
		default:
			return falseTri
		}
		ch := st.Chains[ref.Chain]
		ref = cpp.BranchRef{Chain: ch.Parent, Branch: ch.ParentBr}
	}
	return trueTri
}
