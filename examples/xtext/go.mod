module github.com/urlcodec/percent/examples/xtext

go 1.26.0

require github.com/urlcodec/percent v0.0.0

require golang.org/x/text v0.44.0

replace github.com/urlcodec/percent => ../..
