package finding

import "testing"

func TestAssignKeys(t *testing.T) {
	at := func(target, rule, path string, line int, cond, msg string) Finding {
		return Finding{RuleID: rule, Target: target, Condition: cond, Message: msg,
			Location: Location{Root: "r", Path: path, Line: line}}
	}
	fs := []Finding{
		at("sm_120", "AL101", "x.cuh", 3, "#if __CUDA_ARCH__ >= 900", "first, at x.cuh:3"),
		at("sm_120", "AL101", "x.cuh", 9, "#if  __CUDA_ARCH__ >= 900", "second, at x.cuh:9"),
		at("sm_120", "AL104", "x.cuh", 9, "#if __CUDA_ARCH__ >= 900", "another rule"),
		at("sm_120", "AL101", "y.cuh", 2, "#if __CUDA_ARCH__ >= 900", "another file"),
		at("sm_121", "AL101", "x.cuh", 3, "#if __CUDA_ARCH__ >= 900", "another target"),
		at("sm_120", "AL901", "x.cuh", 1, "", "no condition"),
	}
	AssignKeys(fs)
	if fs[0].Key == fs[1].Key {
		t.Errorf("the same condition twice in a file shares the key %q", fs[0].Key)
	}
	for _, i := range []int{2, 3, 4} {
		if fs[i].Key != fs[0].Key {
			t.Errorf("finding %d: key %q, want %q (its own group's first occurrence)", i, fs[i].Key, fs[0].Key)
		}
	}
	if fs[5].Key != "" {
		t.Errorf("a finding without a condition got the key %q", fs[5].Key)
	}

	// Rewording the messages and moving the lines keeps every key.
	again := append([]Finding(nil), fs...)
	for i := range again {
		again[i].Message, again[i].Key = "reworded", ""
		again[i].Location.Line += 40
	}
	AssignKeys(again)
	for i := range fs {
		if again[i].Key != fs[i].Key {
			t.Errorf("finding %d: key %q after rewording and moving, was %q", i, again[i].Key, fs[i].Key)
		}
	}
}
