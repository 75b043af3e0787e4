// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package openapibench compares package openapi with the Go peers that
// serialize and bind OpenAPI parameters: oapi-codegen's runtime and
// kin-openapi's openapi3filter. It is a module of its own, so that the
// library never depends on them; its tests are the tables of the README.
package openapibench
