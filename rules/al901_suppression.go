package rules

import "github.com/archlint/archlint/analyzer/finding"

// AL901 is about archlint's own suppression comments. Its ID lies outside
// the AL1xx (C++/CUDA) and AL2xx (Python) ranges; analyzer/filter produces
// its findings after the checks have run.
var AL901 = Rule{
	ID:    "AL901",
	Name:  "bad-suppression",
	Short: "An archlint suppression comment has no reason, names no known rule, or matches no finding.",
	Full: "An inline suppression `// archlint: ignore[AL101] reason` (or `# archlint: ignore[AL201] reason`) hides the " +
		"findings of the named rules on its own line and the line after it. Each one must say why (a suppression " +
		"without a reason still hides the finding, and is reported), name rules that exist, and match a finding: a " +
		"suppression that matches nothing is stale (the gate was fixed or moved) and would hide a future finding.",
	Before:    "// archlint: ignore[AL101]\n#if __CUDA_ARCH__ < 1200",
	After:     "// archlint: ignore[AL101] sm_120 lacks the 228 KB shared memory this tile needs\n#if __CUDA_ARCH__ < 1200",
	Level:     finding.LevelWarning,
	Tags:      []string{"maintainability", "suppression"},
	Precision: "very-high",
}
