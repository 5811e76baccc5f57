package target

import "regexp"

// archTokenRE finds the architectures a flag list or arch list names:
// compute_120a, sm_120f, 12.0a.
var archTokenRE = regexp.MustCompile(`(?:compute_|sm_)(\d{2,3})([af]?)\b|\b(\d{1,2})\.(\d)([af]?)\b`)

// ArchsNamed returns the distinct architectures an expression names, as
// "NNN" plus the flavor letter ("120a", "90").
func ArchsNamed(expr string) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range archTokenRE.FindAllStringSubmatch(expr, -1) {
		var a string
		if m[1] != "" {
			a = m[1] + m[2]
		} else {
			a = m[3] + m[4] + m[5]
		}
		if !seen[a] {
			seen[a] = true
			out = append(out, a)
		}
	}
	return out
}
