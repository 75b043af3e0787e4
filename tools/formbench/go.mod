module github.com/urlcodec/percent/tools/formbench

go 1.26.0

replace github.com/urlcodec/percent => ../..

require (
	github.com/ajg/form v1.9.0
	github.com/go-playground/form/v4 v4.2.1
	github.com/google/go-querystring v1.2.0
	github.com/gorilla/schema v1.4.1
	github.com/urlcodec/percent v0.0.0-00010101000000-000000000000
)
