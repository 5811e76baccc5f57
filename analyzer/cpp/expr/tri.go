package expr

// Tri is a three-valued truth: False, True, or Unknown.
type Tri int8

// The three truth values. False is the zero value.
const (
	False Tri = iota
	True
	Unknown
)

func (t Tri) String() string {
	switch t {
	case False:
		return "false"
	case True:
		return "true"
	case Unknown:
		return "unknown"
	}
	return "Tri(?)"
}

// triOf converts a bool.
func triOf(b bool) Tri {
	if b {
		return True
	}
	return False
}

// Not is Kleene negation.
func (t Tri) Not() Tri {
	switch t {
	case True:
		return False
	case False:
		return True
	}
	return Unknown
}

// And is Kleene conjunction: False wins over Unknown.
func (t Tri) And(u Tri) Tri {
	if t == False || u == False {
		return False
	}
	if t == True && u == True {
		return True
	}
	return Unknown
}

// Or is Kleene disjunction: True wins over Unknown.
func (t Tri) Or(u Tri) Tri {
	if t == True || u == True {
		return True
	}
	if t == False && u == False {
		return False
	}
	return Unknown
}
