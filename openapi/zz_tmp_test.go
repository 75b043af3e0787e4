package openapi

import "testing"

var sinkR resolved

func BenchmarkZResolve(b *testing.B) {
	f := false
	for _, p := range []*Param{{Name: "id", In: InPath}, {Name: "id", In: InPath, Style: Simple}, {Name: "id", In: InPath, Style: Simple, Explode: &f}} {
		b.Run(string(p.Style)+"x", func(b *testing.B) {
			for range b.N {
				sinkR, _ = p.resolve()
			}
		})
	}
}

var sinkS styleID
var sinkI inID

func BenchmarkZStyleOf(b *testing.B) {
	p := &Param{Name: "id", In: InPath, Style: Simple}
	for range b.N {
		sinkS = styleOf(p.Style)
	}
}
func BenchmarkZInOf(b *testing.B) {
	p := &Param{Name: "id", In: InPath, Style: Simple}
	for range b.N {
		sinkI = inOf(p.In)
	}
}
