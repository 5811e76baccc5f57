package python

import "strings"

// Libraries other than torch spell the capability in forms of their own;
// callExt reads them by the module a call comes from.
//
//   - CuPy: cupy.cuda.device.get_compute_capability() and
//     cupy.cuda.Device().compute_capability are the string major*10+minor
//     in decimal ('120'; CuPy's tests compare it with '120' or int() it);
//     cupy.cuda.runtime.getDeviceProperties(i) is a dict with 'major',
//     'minor' and 'name' (bytes; .decode() keeps it the name, devname.go).
//   - cuda.core: Device().compute_capability is a named tuple
//     ComputeCapability(major, minor).
//   - numba: cuda.get_current_device().compute_capability (also through
//     select_device and current_context().device) is the tuple (12, 0).
//   - cuda-python: cudart.cudaGetDeviceProperties(dev) is (err, prop),
//     prop with .major, .minor and .name (nvmath's get_current_device_cc).

// capStr is CuPy's form of the capability.
func (w *worker) capStr() Value {
	c := w.capability()
	return vstr(itoa(c.Major*10 + c.Minor)).tainted(true)
}

// deviceObj is a device object whose compute_capability is cc; the rest
// of it is not known (nor capability-dependent).
func deviceObj(cc Value) Value {
	return vobj(nil, map[string]Value{"compute_capability": cc})
}

// libCapability is the value of a call to library p (dotted, last its
// last name) that gives the capability in the library's own form.
func (w *worker) libCapability(p, last string) (Value, bool) {
	top, _, _ := strings.Cut(p, ".")
	switch {
	case top == "cupy":
		switch last {
		case "get_compute_capability":
			return w.capStr(), true
		case "Device":
			return deviceObj(w.capStr()), true
		case "getDeviceProperties":
			t := w.capTuple()
			return dictValue([]Value{vstr("major"), vstr("minor"), vstr("name"), t.elems()[0], t.elems()[1], w.devName()}, false), true
		}
	case strings.HasPrefix(p, "cuda.core."):
		if last == "Device" {
			return deviceObj(w.capTuple()), true
		}
	case top == "numba":
		switch last {
		case "get_current_device", "select_device":
			return deviceObj(w.capTuple()), true
		case "current_context":
			return vobj(nil, map[string]Value{"device": deviceObj(w.capTuple())}), true
		}
	}
	if last == "cudaGetDeviceProperties" {
		t := w.capTuple()
		prop := vobj(nil, map[string]Value{"major": t.elems()[0], "minor": t.elems()[1], "name": w.devName()})
		return vtuple(unknown, prop), true
	}
	return Value{}, false
}
