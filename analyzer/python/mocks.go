package python

import "bytes"

// mocksCapability says whether fn (a test) replaces a capability source
// with a stub of its own: `monkeypatch.setattr(torch.cuda,
// "get_device_capability", lambda *a: (7, 5))`, `mock.patch(
// "torch.cuda.get_device_capability", return_value=(9, 0))`, on a line of
// its body or a decorator. Its checks test a helper against the numbers it
// chose, on any GPU (unsloth's bf16_unsupported_reason test asserts what
// the helper says on a mocked 7.5): they are no gates. A capability source
// named in a string closes it (`"get_device_capability"`,
// `".get_device_capability'`); the call that installs the stub is
// setattr or patch.
func (m *module) mocksCapability(fn *funcDef) bool {
	from := m.start(fn.node)
	if len(fn.decorators) > 0 {
		from = min(from, m.start(fn.decorators[0]))
	}
	src := m.src[from:m.end(fn.node)]
	if !bytes.Contains(src, []byte("setattr(")) && !bytes.Contains(src, []byte("patch")) {
		return false
	}
	for _, name := range capSourceNames {
		for rest := src; ; {
			i := bytes.Index(rest, []byte(name))
			if i < 0 {
				break
			}
			if j := i + len(name); j < len(rest) && (rest[j] == '"' || rest[j] == '\'') && (i == 0 || rest[i-1] == '.' || rest[i-1] == rest[j]) {
				return true
			}
			rest = rest[i+len(name):]
		}
	}
	return false
}
