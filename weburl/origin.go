// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package weburl

// Origin returns the serialization of u's origin (HTML's serialization of
// an origin, as the URL API's origin getter): scheme "://" host [":" port]
// for http, https, ws, wss and ftp; for blob, the origin of the URL its
// path holds when that is http or https; "null" for every other URL (an
// opaque origin). Without credentials it is a prefix of the serialization,
// and no copy.
func (u *URL) Origin() string {
	switch u.Scheme() {
	case "http", "https", "ws", "wss", "ftp":
		if u.hostStart == u.schemeEnd+3 {
			return u.href[:u.pathStart]
		}
		return u.Protocol() + "//" + u.Host()
	case "blob":
		inner, err := Parse(u.Pathname())
		if err != nil || inner.Scheme() != "http" && inner.Scheme() != "https" {
			return "null"
		}
		return inner.Origin()
	}
	return "null"
}
