package rules

import (
	"fmt"
	"strings"

	"github.com/archlint/archlint/analyzer/python"
)

// Gates on the GPU's product name (`"H100" in torch.cuda.get_device_name()`):
// the interpreter decides them for a capability when every product name its
// GPUs report answers alike (analyzer/python/devname.go); these words say so
// in the finding.

// namesMayServe says whether a capability whose product names disagree may
// take a path that serves it other than bt, the target's: `if "H20" in name:
// raise` leaves a Hopper a refusal or the target's own path, which shuts the
// target out of nothing.
func namesMayServe(g *python.Gate, bt int) bool {
	for _, nf := range g.Names {
		if nf != nil && python.SystemNames(nf.Lits) {
			// sglang's is_mnnvl_fabric_device(): "GB200" or "GB300" in
			// the name tells a B200 in an NVL72 rack from one in a
			// server, which no other GPU is shut out of.
			return false
		}
	}
	for _, o := range g.NameMay {
		if o >= 0 && o != bt && (o >= len(g.Restricts) || !g.Restricts[o]) {
			return true
		}
	}
	return false
}

// backquoted words source texts as code, comma-separated: a condition's
// tests of the name (`"H100" in name`), the run-time values it assumes.
func backquoted(texts []string, sep string) string {
	var ts []string
	for _, t := range texts {
		ts = append(ts, "`"+t+"`")
	}
	return strings.Join(ts, sep)
}

// namesOf says how the capability's names answer the condition: "false for
// every 12.0 product name (RTX PRO Blackwell, GeForce RTX 50xx)".
func namesOf(nf *python.NameFacts, c python.Capability) string {
	switch {
	case len(nf.True) == 0:
		return fmt.Sprintf("false for every %s product name (%s)", c, python.NameList(c, nf.False))
	case len(nf.False) == 0:
		return fmt.Sprintf("true for every %s product name (%s)", c, python.NameList(c, nf.True))
	}
	return fmt.Sprintf("true for %s and false for %s", python.NameList(c, nf.True), python.NameList(c, nf.False))
}

// namesDecided is the sentence that says the target's product names decide
// the gate.
func namesDecided(g *python.Gate, tc python.Capability, t int) string {
	if t >= len(g.Names) || g.Names[t] == nil {
		return ""
	}
	nf := g.Names[t]
	if len(nf.True) > 0 && len(nf.False) > 0 {
		return ""
	}
	when := ""
	if len(nf.Given) > 0 {
		when = " where " + backquoted(nf.Given, " and ") + " holds (it depends on more than the GPU)"
	}
	return fmt.Sprintf(" The condition tests the GPU's product name (%s), not its capability, and the name decides it for %s%s: it is %s.",
		backquoted(nf.Tests, ", "), tc, when, namesOf(nf, tc))
}

// namesUndecided is the sentence for the older capabilities whose product
// names disagree: "on 9.0 it is true for H100, H800 and false for H20, H200,
// GH200; 12.0 never takes that path."
func (c *Context) namesUndecided(g *python.Gate, t int) string {
	var parts []string
	for i, u := range g.Undecided {
		if !u || i >= len(g.Names) || g.Names[i] == nil || c.Caps[i].Age() >= c.Caps[t].Age() {
			continue
		}
		parts = append(parts, fmt.Sprintf("on %s it is %s", c.Caps[i], namesOf(g.Names[i], c.Caps[i])))
	}
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf(" Where one capability's product names disagree the name decides at run time: %s; %s never takes that path.",
		strings.Join(parts, "; "), c.Caps[t])
}
