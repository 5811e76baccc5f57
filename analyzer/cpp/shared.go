package cpp

import "fmt"

// fsShared is what engines over one file set share whatever their
// configuration: it depends on the files alone. A scan makes up to 17
// engines (one per assumed configuration macro and value), and on CCCL
// rebuilding this each time was a second per engine.
type fsShared struct {
	// projectMacros are names #define'd somewhere in the files.
	projectMacros map[string]bool
	// Interned names (names.go).
	names    map[string]int32
	nameList []string
	identIDs [][]int32
	guardID  []int32
	cudartID int32
	// dirArg[f][di] is, for a directive di of f that names a macro
	// (#define, #undef, #ifdef and the like), the name's ID: looking the
	// name up by string on every pass cost more than the rest of a
	// #define. For an #include, it is the ID of the file it resolves to,
	// includeUnresolved or includeComputed: a map lookup per include read
	// (File.Include) was 0.6 s of the six-tree set. -1 for the rest.
	dirArg [][]int32
	// opaque[f] is set when f has an #include whose header name comes
	// from a macro.
	opaque  []bool
	rereads *rereadInfo
}

// sharedInfo returns the file set's shared engine inputs, made once.
func (fs *FileSet) sharedInfo() *fsShared {
	fs.sharedOnce.Do(func() {
		sh := &fsShared{projectMacros: map[string]bool{}, names: map[string]int32{}}
		n := len(fs.Files)
		sh.identIDs = make([][]int32, n)
		sh.dirArg = make([][]int32, n)
		sh.guardID = make([]int32, n)
		sh.opaque = make([]bool, n)
		for _, f := range fs.Files {
			for di := range f.St.Src.Directives {
				d := &f.St.Src.Directives[di]
				switch d.Kind {
				case DirDefine:
					if m := macroName(d.Args); m != "" {
						sh.projectMacros[m] = true
					}
				case DirInclude:
					if _, literal := f.Include(di); !literal {
						sh.opaque[f.ID] = true
					}
				}
			}
			ids := make([]int32, len(f.St.Idents))
			for i, n := range f.St.Idents {
				ids[i] = sh.intern(n)
			}
			sh.identIDs[f.ID] = ids
			sh.dirArg[f.ID] = sh.dirArgs(f)
			sh.guardID[f.ID] = -1
			if f.St.Guard != "" {
				sh.guardID[f.ID] = sh.intern(f.St.Guard)
			}
		}
		sh.cudartID = sh.intern("CUDART_VERSION")
		sh.rereads = sh.newRereads(fs)
		fs.shared = sh
	})
	return fs.shared
}

// DefinedInRoots says whether name is #define'd somewhere in the scanned
// files: then it is the project's own macro, never a build flag, and a
// value of it left undecided comes from a definition made under an
// undecided condition, not from the build.
func (fs *FileSet) DefinedInRoots(name string) bool { return fs.sharedInfo().projectMacros[name] }

// SplitUnknowns splits the names an undecided value depends on into
// configuration macros (defined nowhere in the scan roots: the build sets
// them) and project macros whose definition was conditional there.
func (fs *FileSet) SplitUnknowns(names []string) (config, conditional []string) {
	for _, n := range names {
		if fs.DefinedInRoots(n) {
			conditional = append(conditional, n)
		} else {
			config = append(config, n)
		}
	}
	return config, conditional
}

// What dirArg holds for an #include that resolves to no file in the set.
const (
	includeUnresolved = -1 // a literal one
	includeComputed   = -2 // one whose header name comes from a macro
)

// dirArgs interns the macro names f's directives name and notes the
// files its literal #includes resolve to (dirArg).
func (sh *fsShared) dirArgs(f *File) []int32 {
	ids := make([]int32, len(f.St.Src.Directives))
	for di := range f.St.Src.Directives {
		d := &f.St.Src.Directives[di]
		ids[di] = -1
		switch d.Kind {
		case DirDefine:
			if m := f.St.Defines[di]; m != nil {
				ids[di] = sh.intern(m.Name)
			}
		case DirUndef, DirIfdef, DirIfndef, DirElifdef, DirElifndef:
			// A directive without a name looks "" up, as it did by string.
			ids[di] = sh.intern(macroName(d.Args))
		case DirInclude:
			switch r, literal := f.Include(di); {
			case !literal:
				ids[di] = includeComputed
			case r.File == nil:
				ids[di] = includeUnresolved
			default:
				ids[di] = int32(r.File.ID)
			}
		}
	}
	return ids
}

func (sh *fsShared) intern(n string) int32 {
	id, ok := sh.names[n]
	if !ok {
		id = int32(len(sh.nameList))
		sh.names[n] = id
		sh.nameList = append(sh.nameList, n)
	}
	return id
}

// passDeps returns the pass dependencies for a configuration, made once
// per file set by mk.
func (fs *FileSet) passDeps(cfg Config, mk func() *passDeps) *passDeps {
	key := fmt.Sprintf("%p|%v|%v|%v", cfg.Table, cfg.CUDA, cfg.BuildList, cfg.Passes)
	fs.depsMu.Lock()
	defer fs.depsMu.Unlock()
	if fs.deps == nil {
		fs.deps = map[string]*passDeps{}
	}
	pd := fs.deps[key]
	if pd == nil {
		pd = mk()
		fs.deps[key] = pd
	}
	return pd
}
