// Package shutout decides, from which branch each compilation pass (or each
// GPU capability, for Python) takes, whether a target is shut out of a code
// path. It is the rule of design.md section 4, written once and used for
// preprocessor chains and for Python gates alike.
//
// Let B(x) be the branch pass x takes, None when it takes no branch or an
// empty one. The target T is shut out when some pass X older than T takes a
// branch with content B(X) != B(T), and either B(T) is None (the target gets
// nothing where X gets code) or some pass W older than X, or the host pass,
// also takes B(T) (the target is lumped with older architectures). Flavors
// of one architecture are the same age; the host pass is older than every
// architecture but only ever serves as a witness W, never as X.
package shutout

// Branch values besides branch indexes (>= 0).
const (
	None    = -1 // no branch taken, or the branch taken is empty
	Unknown = -2 // the evaluator could not decide
)

// Pass is one point of comparison: a device pass or a capability.
type Pass struct {
	Age  int  // __CUDA_ARCH__ (or major*100+minor*10); the host pass is 0
	Host bool // witness only
}

// Verdict says whether and why the target is shut out.
type Verdict struct {
	Shut bool
	// Maybe is set when the answer depends on undecided values: the rule
	// holds for some resolutions of the unknown branches.
	Maybe bool
	// Lumped is set when the target takes a content branch that an older
	// pass W also takes (a fallback); otherwise it gets nothing.
	Lumped bool
	// X is the index of the newest older pass that gets a different branch
	// with content; W the index of the newest witness of B(T) older than X
	// (-1 if none).
	X, W int
	// Xs are all the passes that qualify as X with certainty, newest first:
	// every older architecture with a better path (a table with entries for
	// 9.0 and 10.0 has two).
	Xs []int
}

// Decide applies the rule for the target pass t over branch choices b.
//
// The host pass as a witness needs one refinement the rule's wording leaves
// open: when only the host shares the target's branch, the target is lumped
// with host code (treated as "not a GPU") only if no device pass older than
// the target shares that branch either. Otherwise the target sits with newer
// GPUs, as in `#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800 legacy #else
// modern`, where sm_120 takes the modern path with sm_80..sm_110.
//
// A second refinement keeps legacy paths out: when every device pass that
// takes B(X) is older than every device pass older than the target that
// takes B(T), then B(X) is a path for old GPUs only and the target sits with
// the newer ones (`#if __CUDA_ARCH__ < 800 bf16_emulation #endif` gives sm_80
// through sm_110 nothing, just like sm_120), so X does not count.
func Decide(passes []Pass, b []int, t int) Verdict {
	return decide(passes, b, t, false)
}

// DecideRefusals is Decide where None is a refusal (a raise, a failed
// check), as in Python and host-code gates, not an empty path. The second
// refinement then does not apply: an old-GPUs-only path is a reason for
// newer GPUs to get nothing, never for them to be refused. `if sm >= 80 &&
// sm < 90 {...} else if sm == 90 {...} else { TORCH_CHECK(false) }` shuts
// sm_120 out even though sm_100 is refused too.
func DecideRefusals(passes []Pass, b []int, t int) Verdict {
	return decide(passes, b, t, true)
}

func decide(passes []Pass, b []int, t int, refusals bool) Verdict {
	v := Verdict{X: -1, W: -1}
	bt := b[t]
	minBT := -1 // youngest-first bound: the oldest device pass older than t taking B(T)
	if bt != Unknown {
		for p := range passes {
			if !passes[p].Host && passes[p].Age < passes[t].Age && b[p] == bt && (minBT < 0 || passes[p].Age < minBT) {
				minBT = passes[p].Age
			}
		}
	}
	legacy := func(x int) bool {
		if minBT < 0 || b[x] == Unknown || refusals && bt == None {
			return false
		}
		for p := range passes {
			if !passes[p].Host && b[p] == b[x] && passes[p].Age >= minBT {
				return false
			}
		}
		return true
	}
	withNewer := Unknown // whether a device pass older than t takes B(T) (True=1, False=0)
	if bt != Unknown {
		withNewer = 0
		for p := range passes {
			if !passes[p].Host && passes[p].Age < passes[t].Age && b[p] == bt {
				withNewer = 1
				break
			}
		}
	}
	// Newest first: the most telling X is the newest older architecture
	// with its own path (sm_110 in a ">= 900 && < 1200" range), and the
	// most telling witness the newest one that shares the target's path.
	for x := len(passes) - 1; x >= 0; x-- {
		if passes[x].Host || passes[x].Age >= passes[t].Age {
			continue
		}
		bx := b[x]
		// Both undecided: most often the same configuration macro decides
		// both alike, so that alone is no evidence of a shut-out.
		if bx == None || (bx == Unknown && bt == Unknown) {
			continue
		}
		certain := bx != Unknown && bt != Unknown
		if (certain && bx == bt) || legacy(x) {
			continue
		}
		if bt == None {
			v.record(x, -1, certain, false)
			continue
		}
		for w := len(passes) - 1; w >= 0; w-- {
			if !passes[w].Host && passes[w].Age >= passes[x].Age {
				continue
			}
			bw := b[w]
			if bw == None && bt != Unknown {
				continue
			}
			same := bw != Unknown && bt != Unknown && bw == bt
			maybe := bw == Unknown || bt == Unknown
			if passes[w].Host {
				switch withNewer {
				case 1:
					same, maybe = false, false
				case Unknown:
					same, maybe = false, maybe || same
				}
			}
			if same {
				v.record(x, w, certain, true)
				break
			}
			if maybe {
				v.record(x, w, false, true)
			}
		}
	}
	return v
}

// record keeps the first certain reason, falling back to a possible one.
func (v *Verdict) record(x, w int, certain, lumped bool) {
	if certain && (len(v.Xs) == 0 || v.Xs[len(v.Xs)-1] != x) {
		v.Xs = append(v.Xs, x)
	}
	if v.Shut && !v.Maybe {
		return
	}
	if certain {
		v.Shut, v.Maybe, v.X, v.W, v.Lumped = true, false, x, w, lumped
		return
	}
	if !v.Shut {
		v.Shut, v.Maybe, v.X, v.W, v.Lumped = true, true, x, w, lumped
	}
}
