package scan

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestConditionErrorsGrouped: conditions that fail because one
// function-like macro has no definition where archlint reads them give one
// notification for the macro, which counts them, names where the tree
// defines it and lists each place in path order; so do conditions that
// fail on one identifier after an operand; another error keeps its own
// notification. The same for any number of jobs.
func TestConditionErrorsGrouped(t *testing.T) {
	var first []string
	for _, jobs := range []int{1, 2, 4} {
		opt := testOptions(t, "../../testdata/notifications", "sm_120")
		opt.Jobs = jobs
		res, err := Run(opt)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, n := range res.Notifications {
			s := fmt.Sprintf("%s:%d: %s", n.Where.Path, n.Where.Line, n.Message)
			for _, l := range n.Locations {
				s += fmt.Sprintf("\n\t%s:%d %s", l.Path, l.Line, l.Message)
			}
			got = append(got, s)
		}
		if first == nil {
			first = got
			want := []string{
				"kernels/a.cu:3: function-like macro LIB_HAS_FEATURE is not defined where archlint reads it " +
					"(#defined at ../../testdata/notifications/lib/detail/features.h:3, which archlint's reading of the includes and branches does not bring into effect here): 3 conditions in 3 files treated as undecided, " +
					"the first here: #if LIB_FEATURE_ALIAS() && defined(__CUDA_ARCH__)" +
					"\n\tkernels/a.cu:3 #if LIB_FEATURE_ALIAS() && defined(__CUDA_ARCH__)" +
					"\n\tkernels/b.cu:4 #if LIB_HAS_FEATURE()" +
					"\n\tlib/feature.h:6 #if LIB_HAS_FEATURE()",
				`kernels/a.cu:8: #if 1 / 0: #if: division by zero in #if (treated as undecided)`,
				`kernels/c.cu:3: identifier LIB_BUILD_OPTION is left unexpanded where archlint reads it ` +
					`(missing binary operator before token "LIB_BUILD_OPTION"): 2 conditions in 1 file treated as undecided, ` +
					`the first here: #if defined(__CUDA_ARCH__) LIB_BUILD_OPTION` +
					"\n\tkernels/c.cu:3 #if defined(__CUDA_ARCH__) LIB_BUILD_OPTION" +
					"\n\tkernels/c.cu:7 #if 1 LIB_BUILD_OPTION",
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("notifications:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			continue
		}
		if !reflect.DeepEqual(got, first) {
			t.Errorf("--jobs %d notifications differ from --jobs 1:\n%s\nwant:\n%s", jobs, strings.Join(got, "\n"), strings.Join(first, "\n"))
		}
	}
}

// TestDefinitionNamedByRoot: the #define a notification names is under
// its root as the root was given, and under the root's last element when
// the root is absolute: no machine path in a message.
func TestDefinitionNamedByRoot(t *testing.T) {
	abs, err := filepath.Abs("../../testdata/notifications")
	if err != nil {
		t.Fatal(err)
	}
	for root, want := range map[string]string{
		"../../testdata/notifications": "#defined at ../../testdata/notifications/lib/detail/features.h:3,",
		abs:                            "#defined at notifications/lib/detail/features.h:3,",
	} {
		res, err := Run(testOptions(t, root, "sm_120"))
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, n := range res.Notifications {
			found = found || strings.Contains(n.Message, want)
			if strings.Contains(n.Message, abs) {
				t.Errorf("root %s: a message names the absolute path: %s", root, n.Message)
			}
		}
		if !found {
			t.Errorf("root %s: no notification says %q", root, want)
		}
	}
}

// TestMessageNamesOtherRoot: a finding's message names a file of another
// scan root with that root first (an absolute root by its last element),
// since its bare path would read as a file of the finding's own root; the
// related location names the same file.
func TestMessageNamesOtherRoot(t *testing.T) {
	rel := "../../testdata/tworoots"
	abs, err := filepath.Abs(rel)
	if err != nil {
		t.Fatal(err)
	}
	for base, want := range map[string]string{
		rel: "#define at ../../testdata/tworoots/lib/include/mylib/arch_config.h:7,",
		abs: "#define at lib/include/mylib/arch_config.h:7,",
	} {
		opt := testOptions(t, base+"/app", "sm_120")
		opt.Roots = append(opt.Roots, base+"/lib")
		res, err := Run(opt)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, f := range res.Targets[0].Findings {
			if f.RuleID != "AL106" || f.Location.Path != "kernels/fence.cu" {
				continue
			}
			found = true
			if !strings.Contains(f.Message, want) {
				t.Errorf("root %s: the message does not say %q: %s", base, want, f.Message)
			}
			if len(f.Related) == 0 || f.Related[0].Root != base+"/lib" || f.Related[0].Path != "include/mylib/arch_config.h" {
				t.Errorf("root %s: related %+v, want the library's include/mylib/arch_config.h", base, f.Related)
			}
		}
		if !found {
			t.Errorf("root %s: no AL106 at kernels/fence.cu", base)
		}
	}
}
