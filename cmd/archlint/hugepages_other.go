//go:build !linux

package main

// adviseHugePages does nothing outside Linux (hugepages_linux.go).
func adviseHugePages() {}
