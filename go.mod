module github.com/archlint/archlint

go 1.26

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/fatih/color v1.19.0
	github.com/mattn/go-isatty v0.0.20
	github.com/owenrumney/go-sarif/v2 v2.3.3
	github.com/tree-sitter-grammars/tree-sitter-cuda v0.21.1
	github.com/tree-sitter/go-tree-sitter v0.25.0
	github.com/tree-sitter/tree-sitter-python v0.23.6
)

require (
	github.com/mattn/go-colorable v0.1.14 // indirect
	github.com/mattn/go-pointer v0.0.1 // indirect
	golang.org/x/sys v0.42.0 // indirect
)
