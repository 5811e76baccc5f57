package python

import "testing"

// TestTuningArms checks which if statements only pick numbers.
func TestTuningArms(t *testing.T) {
	checkFirstOfKind(t, "tuningArms", "if_statement", []srcCase{
		{"if a:\n    BLKQ = 64\nelse:\n    BLKQ = 128\n", true},
		{"if a:\n    BLKQ, BLKK = 64, 128\n", true},
		{"if a:\n    limit = min(SIZES[cap][ws], limit)\n", true},
		{"if a:\n    self.stages = 2 if big else 1\n", true},
		{"if a:\n    n = sm_count // max(1, h // 64)\n", true},
		{"if a:\n    n -= 1\n", true},
		{"if a:\n    n = m\nelse:\n    n = k\n", false},                // names only: no number shows
		{"if a:\n    name = \"fa3\"\n", false},                         // a string picks a path
		{"if a:\n    on = True\n", false},                              // a boolean is a switch
		{"if a:\n    n = pick(4)\n", false},                            // a call may do anything
		{"if a:\n    sm_mma = 80\n", false},                            // an architecture number
		{"if a:\n    BLKQ = 64\n    run()\n", false},                   // more than assignments
		{"if a:\n    n = sizes[cap]\n", false},                         // not a constant table
		{"if a:\n    n = 4\nelif b:\n    raise ValueError()\n", false}, // a refusal
		// Config dicts: numbers, with switches beside them.
		{"if a:\n    cfg = dict(block_N=128, num_split=1)\nelse:\n    cfg = dict(block_N=128, num_split=8)\n", true},
		{"def cfg():\n    if a:\n        return {'block_M': 128, 'swizzle': True}\n    else:\n        return {'block_M': 64, 'swizzle': False}\n", true},
		{"if a:\n    cfg = dict(backend='fa3')\nelse:\n    cfg = dict(backend='fa2')\n", false},
		{"if a:\n    cfg = {'swizzle': True}\nelse:\n    cfg = {'swizzle': False}\n", false}, // no number: a path
		// A config function's arms and its fall-through return numbers.
		{"def cfg():\n    if a:\n        return {'BV': 64, 'threads': 256}\n    return {'BV': 16, 'threads': 64}\n", true},
		{"def cfg():\n    if a:\n        return 64, 128\n    return 2 * BLOCK\n", true},
		{"def cfg():\n    if a:\n        return 64\n    return None\n", false},                   // no config: a path
		{"def cfg():\n    if a:\n        return 64\n    launch()\n    return 32\n", false},       // a launch on the way
		{"def cfg(x):\n    if a:\n        return x * 2\n    return x\n", false},                  // computes a result
		{"def cfg():\n    if a:\n        return {'arch': 90}\n    return {'arch': 80}\n", false}, // an architecture
		{"def get_sm_version():\n    if a:\n        return 90\n    return 80\n", false},          // names the GPU
	}, func(m *module, n nodeID) bool { return m.tuningArms(n, m.clauses(n)) })
}

func TestArchNumberName(t *testing.T) {
	for name, want := range map[string]bool{
		"sm_mma": true, "arch": true, "target_arch": true, "cuda_version": true, "cc_major": true,
		"max_num_sm_parts": false, "num_threads": false, "BLKQ": false, "q_stage": false,
	} {
		if got := ArchNumberName(name); got != want {
			t.Errorf("ArchNumberName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestTuningTernary(t *testing.T) {
	checkFirstOfKind(t, "tuningTernary", "conditional_expression", []srcCase{
		{"pad = 128 if a else 64\n", true},
		{"pad = (128 if a else 64)\n", true},
		{"BC = min(BT, 64 if a else 32)\n", true},                 // through min()
		{"cfg = {'BK': 64 if a else 32, 'threads': 128}\n", true}, // a config entry
		{"run(num_warps=8 if a else 4)\n", true},                  // a keyword parameter
		{"def f():\n    return 128 if a else 64\n", true},         // a returned size
		{"x = shape[0 if a else 1]\n", false},                     // picks a layout
		{"cfg = {'arch': 90 if a else 80}\n", false},              // an architecture
		{"run(sm=90 if a else 80)\n", false},                      // an architecture
		{"sm_mma = 90 if a else 80\n", false},                     // an architecture
		{"def f(x):\n    return x * 2 if a else x\n", false},      // computes a result
		{"def device_cc():\n    return 90 if a else 80\n", false}, // names the GPU
		{"run(8 if a else 4)\n", false},                           // a positional argument
		{"y = 'fa3' if a else 'triton'\n", false},                 // a path
	}, (*module).tuningTernary)
}

// srcCase is a source and whether the check passes its first node of a
// kind.
type srcCase struct {
	src  string
	want bool
}

// checkFirstOfKind runs check on the first node of kind in each case's
// source (noNode when it has none).
func checkFirstOfKind(t *testing.T, name, kind string, cases []srcCase, check func(*module, nodeID) bool) {
	t.Helper()
	for _, c := range cases {
		m, pr := indexedModuleForTest(t, []byte(c.src))
		n := noNode
		for i := range pr.nodes {
			if m.kind(nodeID(i)) == kind {
				n = nodeID(i)
				break
			}
		}
		if got := check(m, n); got != c.want {
			t.Errorf("%s(%q) = %v, want %v", name, c.src, got, c.want)
		}
	}
}
