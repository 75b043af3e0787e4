module github.com/urlcodec/percent/tools/recorddialects/aws

go 1.24

require github.com/aws/smithy-go v1.28.9
