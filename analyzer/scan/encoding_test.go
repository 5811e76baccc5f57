package scan

import (
	"reflect"
	"testing"

	"github.com/archlint/archlint/analyzer/finding"
)

// TestGroupInvalidUTF8: the files of one root that are not valid UTF-8
// are one notification listing each; a root with one keeps its own, and
// other notifications pass through.
func TestGroupInvalidUTF8(t *testing.T) {
	in := []finding.Notification{
		notification("a", "z.hpp", 0, "invalid UTF-8 (first at line 7); scanned as bytes"),
		notification("a", "b.cu", 3, "#if X(1): something (treated as undecided)"),
		notification("a", "m.hpp", 0, "invalid UTF-8 (first at line 4); scanned as bytes"),
		notification("b", "one.h", 0, "invalid UTF-8 (first at line 2); scanned as bytes"),
	}
	got := groupInvalidUTF8(in)
	if len(got) != 3 {
		t.Fatalf("got %d notifications, want 3: %+v", len(got), got)
	}
	if !reflect.DeepEqual(got[0], in[1]) {
		t.Errorf("the other notification changed: %+v", got[0])
	}
	a := got[1]
	if a.Where.Path != "m.hpp" || a.Message != "invalid UTF-8 in 2 files (another encoding, such as Latin-1); all are scanned as bytes, the first here from line 4" {
		t.Errorf("root a: %+v", a)
	}
	want := []finding.Location{
		{Root: "a", Path: "m.hpp", Line: 4, Message: "invalid UTF-8 from line 4"},
		{Root: "a", Path: "z.hpp", Line: 7, Message: "invalid UTF-8 from line 7"},
	}
	if !reflect.DeepEqual(a.Locations, want) {
		t.Errorf("root a's files: %+v", a.Locations)
	}
	if !reflect.DeepEqual(got[2], in[3]) {
		t.Errorf("root b's one file: %+v, want it unchanged", got[2])
	}
}
