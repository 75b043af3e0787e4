module github.com/urlcodec/percent/tools/urlbench

go 1.26.0

replace github.com/urlcodec/percent => ../..

require (
	github.com/nlnwa/whatwg-url v0.6.2
	github.com/urlcodec/percent v0.0.0-00010101000000-000000000000
)

require (
	github.com/bits-and-blooms/bitset v1.20.0 // indirect
	golang.org/x/net v0.34.0 // indirect
	golang.org/x/text v0.21.0 // indirect
)
