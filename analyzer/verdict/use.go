package verdict

import "strings"

// String is how a message names the use: the feature and the token that
// showed it, "warpgroup MMA via wgmma.*". A token that is the prefix of an
// instruction family or of a set of names ("wgmma.", "tcgen05.",
// "SM100_MMA_", "UMMA::") ends with "*": written bare, its last character
// read as the sentence's punctuation ("via wgmma., which"). A feature whose
// description is its token is named once.
func (u Use) String() string {
	tok := u.Token
	if strings.HasSuffix(tok, ".") || strings.HasSuffix(tok, "_") || strings.HasSuffix(tok, "::") {
		tok += "*"
	}
	if tok == u.Feature.Description {
		// A feature named by its instruction: "setmaxnreg", not
		// "setmaxnreg via setmaxnreg".
		return tok
	}
	return u.Feature.Description + " via " + tok
}
