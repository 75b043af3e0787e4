module github.com/urlcodec/percent

go 1.23
