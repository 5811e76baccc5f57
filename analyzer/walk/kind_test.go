package walk

import "testing"

// TestKindOfScripts: Dockerfiles under the names projects give them, shell
// scripts, and documentation about them (not scripts).
func TestKindOfScripts(t *testing.T) {
	for p, want := range map[string]Kind{
		"Dockerfile":                  KindScript,
		"docker/Dockerfile.gpu":       KindScript,
		"dockerfiles/Dockerfile_5090": KindScript,
		"Dockerfile-cu128":            KindScript,
		"base.Dockerfile":             KindScript,
		"Containerfile":               KindScript,
		"scripts/build.sh":            KindScript,
		"Dockerfile.md":               KindOther,
		"Dockerfile_notes.txt":        KindOther,
		"Dockerfiles":                 KindOther,
		"CMakeLists.txt":              KindCMake,
		"relu/build.toml":             KindKernelBuild,
		"Build.toml":                  KindOther,
		"pyproject.toml":              KindOther,
		"setup.py":                    KindPython,
		"k.cu":                        KindCUDA,
	} {
		if got := KindOf(p); got != want {
			t.Errorf("KindOf(%q) = %v, want %v", p, got, want)
		}
	}
}
