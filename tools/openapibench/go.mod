module github.com/urlcodec/percent/tools/openapibench

go 1.26.0

require (
	github.com/getkin/kin-openapi v0.153.0
	github.com/oapi-codegen/runtime v1.9.0
	github.com/urlcodec/percent v0.0.0
)

require (
	github.com/apapsch/go-jsonmerge/v2 v2.0.0 // indirect
	github.com/go-openapi/jsonpointer v0.22.5 // indirect
	github.com/go-openapi/swag/jsonname v0.25.5 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // indirect
	go.yaml.in/yaml/v4 v4.0.0 // indirect
	golang.org/x/text v0.14.0 // indirect
)

replace github.com/urlcodec/percent => ../..
