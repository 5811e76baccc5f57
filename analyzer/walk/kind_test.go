package walk

import "testing"

func TestKindOf(t *testing.T) {
	cases := map[string]Kind{
		"a.cu": KindCUDA, "a.cuh": KindCUDA, "a.cuinl": KindCUDA,
		"a.h": KindCUDA, "a.hh": KindCUDA, "a.hpp": KindCUDA, "a.hxx": KindCUDA, "a.h++": KindCUDA,
		"a.inl": KindCUDA, "a.ipp": KindCUDA, "a.tcc": KindCUDA, "a.inc": KindCUDA,
		"a.c": KindCUDA, "a.cc": KindCUDA, "a.cpp": KindCUDA, "a.cxx": KindCUDA, "a.c++": KindCUDA,
		"A.C": KindCUDA, "dir/X.CPP": KindCUDA, `win\dir\k.Cu`: KindCUDA,
		"a.py": KindPython, "a.pyi": KindPython, "pkg/__init__.py": KindPython,
		"CMakeLists.txt": KindCMake, "sub/CMakeLists.txt": KindCMake, "FindCUDA.cmake": KindCMake, "x.CMAKE": KindCMake,
		"cmakelists.txt": KindOther, "CMakeLists.txt.bak": KindOther, "Config.cmake.in": KindOther,
		"a.pyx": KindOther, "a.hip": KindOther, "a.txt": KindOther, "Makefile": KindOther,
		".cu": KindOther, ".py": KindOther, "a.": KindOther, "": KindOther, "dir.cu/file": KindOther,
	}
	for p, want := range cases {
		if got := KindOf(p); got != want {
			t.Errorf("KindOf(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{KindOther: "other", KindCUDA: "cuda", KindPython: "python", KindCMake: "cmake", 200: "other"} {
		if k.String() != want {
			t.Errorf("%d.String() = %q, want %q", k, k.String(), want)
		}
	}
}
