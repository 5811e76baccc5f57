package python

import "testing"

// TestTuningArms checks which if statements only pick numbers.
func TestTuningArms(t *testing.T) {
	cases := []struct {
		src  string
		want bool
	}{
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
	}
	for _, c := range cases {
		m, pr := indexedModuleForTest(t, []byte(c.src))
		var stmt nodeID = noNode
		for i := range pr.nodes {
			if m.kind(nodeID(i)) == "if_statement" {
				stmt = nodeID(i)
				break
			}
		}
		if got := m.tuningArms(m.clauses(stmt)); got != c.want {
			t.Errorf("tuningArms(%q) = %v, want %v", c.src, got, c.want)
		}
	}
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
