// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package weburl

import (
	"strconv"
	"unicode/utf8"

	"github.com/urlcodec/percent/idna"
)

// hostError is a host parser's failure: the validation error and the
// byte of the host's input where it was found.
type hostError struct {
	reason string
	at     int
}

// appendHost runs the host parser (§3.5) on in, for a URL whose scheme is
// special or not, appends the host's serialization to dst and returns the
// kind of host (0 for a domain or an empty host). w receives the
// validation errors that do not fail the parse, when it is not nil.
func appendHost(dst []byte, in string, isSpecial bool, w func(reason string, at int)) ([]byte, uint8, *hostError) {
	if len(in) > 0 && in[0] == '[' {
		if in[len(in)-1] != ']' {
			return dst, 0, &hostError{"IPv6-unclosed", len(in) - 1}
		}
		a, err := parseIPv6(in[1:len(in)-1], w)
		if err != nil {
			err.at++
			return dst, 0, err
		}
		dst = append(dst, '[')
		dst = appendIPv6(dst, a)
		return append(dst, ']'), hostIPv6, nil
	}
	if !isSpecial {
		return appendOpaqueHost(dst, in, w)
	}
	// A domain: percent-decoded, read as UTF-8, through domain to ASCII.
	start := len(dst)
	if w == nil {
		// Most hosts are ASCII without an escape: their domain to ASCII is
		// their lower case, and one pass writes it and checks it.
		i, bad := 0, -1
		for ; i < len(in); i++ {
			c := in[i]
			if c == '%' || c >= utf8.RuneSelf {
				break // a forbidden byte before may yet combine ("<" and U+0338)
			}
			if cls[c]&forbidDomain != 0 && bad < 0 {
				bad = i
			}
			dst = append(dst, lower(c))
		}
		switch {
		case i < len(in) || i == 0:
			dst = dst[:start]
		case bad >= 0:
			return dst[:start], 0, &hostError{"domain-invalid-code-point", bad}
		default:
			return appendDomainEnd(dst, start, true, w)
		}
	}
	ascii, decoded := true, false
	for i := 0; i < len(in); i++ {
		c := in[i]
		if c == '%' && i+2 < len(in) && isHex(in[i+1]) && isHex(in[i+2]) {
			decoded = true
		}
		if c >= utf8.RuneSelf {
			ascii = false
		}
	}
	if decoded && w != nil {
		w("domain-percent-encoded", 0) // not fatal: a note for validation
	}
	domain := in
	if decoded {
		b := make([]byte, 0, len(in))
		for i := 0; i < len(in); i++ {
			c := in[i]
			if c == '%' && i+2 < len(in) && isHex(in[i+1]) && isHex(in[i+2]) {
				c = unhex(in[i+1])<<4 | unhex(in[i+2])
				i += 2
			}
			if c >= utf8.RuneSelf {
				ascii = false
			}
			b = append(b, c)
		}
		domain = string(b)
	}
	if w != nil {
		if _, err := idna.ToASCII(domain, idna.Strict); err != nil {
			w("domain-to-ASCII", 0)
		}
	}
	if ascii {
		// Domain to ASCII of an ASCII domain is its lower case (§3.3).
		for i := 0; i < len(domain); i++ {
			dst = append(dst, lower(domain[i]))
		}
	} else {
		var err error
		if dst, err = idna.AppendToASCII(dst, domain, idna.Lookup); err != nil {
			at := 0
			if e, ok := err.(*idna.Error); ok && !decoded {
				at = min(e.Offset, len(in))
			}
			return dst[:start], 0, &hostError{"domain-to-ASCII", at}
		}
	}
	host := dst[start:]
	if len(host) == 0 {
		return dst[:start], 0, &hostError{"domain-to-ASCII", 0}
	}
	for i, c := range host {
		if cls[c]&forbidDomain != 0 {
			at := 0
			if ascii && !decoded {
				at = i
			}
			return dst[:start], 0, &hostError{"domain-invalid-code-point", at}
		}
	}
	return appendDomainEnd(dst, start, ascii, w)
}

// appendDomainEnd ends a domain written at dst[start:]: an IPv4 address
// where it ends in a number (§3.5 step 9), else the domain as it stands.
func appendDomainEnd(dst []byte, start int, ascii bool, w func(string, int)) ([]byte, uint8, *hostError) {
	host := dst[start:]
	if endsInNumber(host) {
		if !ascii && w != nil {
			w("IPv4-non-ASCII-input", 0)
		}
		a, err := parseIPv4(string(host), w)
		if err != nil {
			return dst[:start], 0, err
		}
		return appendIPv4(dst[:start], a), hostIPv4, nil
	}
	return dst, 0, nil
}

func unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

// appendOpaqueHost is the opaque-host parser (§3.5): in, without a
// forbidden host code point, C0-control-percent-encoded.
func appendOpaqueHost(dst []byte, in string, w func(string, int)) ([]byte, uint8, *hostError) {
	for i := 0; i < len(in); i++ {
		if cls[in[i]]&forbidHost != 0 {
			return dst, 0, &hostError{"host-invalid-code-point", i}
		}
	}
	if w != nil {
		validateUnits(in, 0, w)
	}
	kind := uint8(hostOpaque)
	if in == "" {
		kind = 0 // the empty host
	}
	return appendEncoded(dst, in, encC0), kind, nil
}

// endsInNumber reports whether a domain ends in a number (§3.5): its last
// label, or the one before an empty last label, is all digits or an
// IPv4 number.
func endsInNumber(h []byte) bool {
	s := string(h) // no allocation: only compared and sliced
	end := len(s)
	if end > 0 && s[end-1] == '.' {
		if end == 1 {
			return false
		}
		end--
	}
	start := end
	for start > 0 && s[start-1] != '.' {
		start--
	}
	last := s[start:end]
	if last == "" {
		return false
	}
	digits := true
	for i := 0; i < len(last); i++ {
		if !isDigit(last[i]) {
			digits = false
			break
		}
	}
	if digits {
		return true
	}
	_, _, ok := parseIPv4Number(last)
	return ok
}

// parseIPv4Number reads an IPv4 number (§3.5): decimal, octal after "0",
// hexadecimal after "0x" or "0X". It returns the value (saturated past
// 2^32), whether a prefix was seen, and whether s is a number.
func parseIPv4Number(s string) (uint64, bool, bool) {
	if s == "" {
		return 0, false, false
	}
	radix, prefix := uint64(10), false
	if len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		s, radix, prefix = s[2:], 16, true
	} else if len(s) >= 2 && s[0] == '0' {
		s, radix, prefix = s[1:], 8, true
	}
	if s == "" {
		return 0, true, true
	}
	var v uint64
	for i := 0; i < len(s); i++ {
		c := s[i]
		var d uint64
		switch {
		case c >= '0' && c <= '9':
			d = uint64(c - '0')
		case radix == 16 && c|0x20 >= 'a' && c|0x20 <= 'f':
			d = uint64(c|0x20-'a') + 10
		default:
			return 0, prefix, false
		}
		if d >= radix {
			return 0, prefix, false
		}
		if v < 1<<40 {
			v = v*radix + d
		}
	}
	return v, prefix, true
}

// parseIPv4 is the IPv4 parser (§3.5).
func parseIPv4(s string, w func(string, int)) (uint32, *hostError) {
	var parts [5]string
	n := 0
	for start, i := 0, 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '.' {
			if n == len(parts) {
				return 0, &hostError{"IPv4-too-many-parts", start}
			}
			parts[n] = s[start:i]
			n++
			start = i + 1
		}
	}
	if parts[n-1] == "" {
		if w != nil {
			w("IPv4-empty-part", len(s)-1)
		}
		if n > 1 {
			n--
		}
	}
	if n > 4 {
		return 0, &hostError{"IPv4-too-many-parts", 0}
	}
	if n < 4 && w != nil {
		w("IPv4-too-few-parts", 0)
	}
	var nums [4]uint64
	for i := 0; i < n; i++ {
		v, prefix, ok := parseIPv4Number(parts[i])
		if !ok {
			return 0, &hostError{"IPv4-non-numeric-part", 0}
		}
		if prefix && w != nil {
			w("IPv4-non-decimal-part", 0)
		}
		nums[i] = v
	}
	for i := 0; i < n; i++ {
		if nums[i] > 255 {
			if w != nil {
				w("IPv4-out-of-range-part", 0)
			}
			if i < n-1 {
				return 0, &hostError{"IPv4-out-of-range-part", 0}
			}
		}
	}
	if nums[n-1] >= 1<<(8*(5-n)) {
		return 0, &hostError{"IPv4-out-of-range-part", 0}
	}
	v := nums[n-1]
	for i := 0; i < n-1; i++ {
		v += nums[i] << (8 * (3 - i))
	}
	return uint32(v), nil
}

func appendIPv4(dst []byte, a uint32) []byte {
	for i := 3; i >= 0; i-- {
		dst = strconv.AppendUint(dst, uint64(a>>(8*i)&0xFF), 10)
		if i > 0 {
			dst = append(dst, '.')
		}
	}
	return dst
}

// parseIPv6 is the IPv6 parser (§3.5); offsets in errors are into s.
func parseIPv6(s string, w func(string, int)) ([8]uint16, *hostError) {
	var a [8]uint16
	piece, compress := 0, -1
	p := 0
	at := func(i int) int {
		if i < len(s) {
			return int(s[i])
		}
		return -1
	}
	if at(0) == ':' {
		if at(1) != ':' {
			return a, &hostError{"IPv6-invalid-compression", 0}
		}
		p += 2
		piece++
		compress = piece
	}
	for p < len(s) {
		if piece == 8 {
			return a, &hostError{"IPv6-too-many-pieces", p}
		}
		if s[p] == ':' {
			if compress >= 0 {
				return a, &hostError{"IPv6-multiple-compression", p}
			}
			p++
			piece++
			compress = piece
			continue
		}
		value, length := 0, 0
		for length < 4 && p < len(s) && isHex(s[p]) {
			value = value*16 + int(unhex(s[p]))
			p++
			length++
		}
		if at(p) == '.' {
			if length == 0 {
				return a, &hostError{"IPv4-in-IPv6-invalid-code-point", p}
			}
			p -= length
			if piece > 6 {
				return a, &hostError{"IPv4-in-IPv6-too-many-pieces", p}
			}
			seen := 0
			for p < len(s) {
				v := -1
				if seen > 0 {
					if s[p] == '.' && seen < 4 {
						p++
					} else {
						return a, &hostError{"IPv4-in-IPv6-invalid-code-point", p}
					}
				}
				if p >= len(s) || !isDigit(s[p]) {
					return a, &hostError{"IPv4-in-IPv6-invalid-code-point", p}
				}
				for p < len(s) && isDigit(s[p]) {
					d := int(s[p] - '0')
					switch v {
					case -1:
						v = d
					case 0:
						return a, &hostError{"IPv4-in-IPv6-invalid-code-point", p}
					default:
						v = v*10 + d
					}
					if v > 255 {
						return a, &hostError{"IPv4-in-IPv6-out-of-range-part", p}
					}
					p++
				}
				a[piece] = a[piece]<<8 | uint16(v)
				seen++
				if seen == 2 || seen == 4 {
					piece++
				}
			}
			if seen != 4 {
				return a, &hostError{"IPv4-in-IPv6-too-few-parts", p}
			}
			break
		} else if at(p) == ':' {
			p++
			if p == len(s) {
				return a, &hostError{"IPv6-invalid-code-point", p}
			}
		} else if p < len(s) {
			return a, &hostError{"IPv6-invalid-code-point", p}
		}
		if length > 1 && w != nil && value < 1<<(4*(length-1)) {
			w("IPv6-piece-leading-zero", p)
		}
		a[piece] = uint16(value)
		piece++
	}
	if compress >= 0 {
		swaps := piece - compress
		piece = 7
		for piece != 0 && swaps > 0 {
			a[compress+swaps-1], a[piece] = a[piece], a[compress+swaps-1]
			piece--
			swaps--
		}
	} else if piece != 8 {
		return a, &hostError{"IPv6-too-few-pieces", len(s)}
	}
	return a, nil
}

// appendIPv6 is the IPv6 serializer (§3.6): the first longest run of two
// or more zero pieces written "::", hex digits in lower case.
func appendIPv6(dst []byte, a [8]uint16) []byte {
	best, bestLen := -1, 1
	for i := 0; i < 8; {
		if a[i] != 0 {
			i++
			continue
		}
		j := i
		for j < 8 && a[j] == 0 {
			j++
		}
		if j-i > bestLen {
			best, bestLen = i, j-i
		}
		i = j
	}
	for i := 0; i < 8; i++ {
		if i == best {
			if i == 0 {
				dst = append(dst, ':')
			}
			dst = append(dst, ':')
			i += bestLen - 1
			continue
		}
		dst = strconv.AppendUint(dst, uint64(a[i]), 16)
		if i < 7 {
			dst = append(dst, ':')
		}
	}
	return dst
}
