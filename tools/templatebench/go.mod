module github.com/urlcodec/percent/tools/templatebench

go 1.23

require (
	github.com/std-uritemplate/std-uritemplate/go/v2 v2.0.3
	github.com/urlcodec/percent v0.0.0
	github.com/yosida95/uritemplate/v3 v3.0.2
)

replace github.com/urlcodec/percent => ../..
