package python

// Import statements.

// importList parses the names of an import: dotted names, each maybe
// "as" an alias, in field name.
func (g *gparser) importList(n int32) {
	for {
		d := g.dottedName()
		if g.isKw(kAs) {
			a := g.wrap(gAliasedImport, d, gfName)
			g.pos++
			g.add(a, g.ident(), gfAlias)
			d = g.close(a)
		}
		g.add(n, d, gfName)
		if !g.isOp(oComma) {
			return
		}
		g.pos++
		if !g.plainName() {
			return
		}
	}
}

func (g *gparser) dottedName() int32 {
	n := g.open(gDottedName, g.pos)
	g.add(n, g.ident(), gfNone)
	for g.isOp(oDot) {
		g.pos++
		g.add(n, g.ident(), gfNone)
	}
	return g.close(n)
}

func (g *gparser) importFrom() int32 {
	start := g.pos
	g.pos++
	if g.isKw(kFuture) {
		n := g.open(gFutureImportStatement, start)
		g.pos++
		g.expectKw(kImport)
		g.importNames(n)
		return g.close(n)
	}
	n := g.open(gImportFromStatement, start)
	if g.isOp(oDot) || g.isOp(oEllipsis) {
		r := g.open(gRelativeImport, g.pos)
		p := g.open(gImportPrefix, g.pos)
		for g.isOp(oDot) || g.isOp(oEllipsis) {
			g.pos++
		}
		g.add(r, g.close(p), gfNone)
		if g.plainName() {
			g.add(r, g.dottedName(), gfNone)
		}
		g.add(n, g.close(r), gfModuleName)
	} else {
		g.add(n, g.dottedName(), gfModuleName)
	}
	g.expectKw(kImport)
	if g.isOp(oStar) {
		g.add(n, g.leaf(gWildcardImport), gfNone)
		return g.close(n)
	}
	g.importNames(n)
	return g.close(n)
}

// importNames: a list, maybe in parentheses.
func (g *gparser) importNames(n int32) {
	if g.isOp(oLParen) {
		g.pos++
		g.importList(n)
		g.expectOp(oRParen)
		return
	}
	g.importList(n)
}
