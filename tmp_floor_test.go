package percent
import "testing"
func BenchmarkTmpFloor(b *testing.B) {
	in := benchSet("short")
	bin := make([][]byte, len(in))
	for i, s := range in { bin[i] = []byte(s)[:0] }
	b.Run("encode-empty", func(b *testing.B) {
		buf := make([]byte, 0, 1024)
		for range b.N { for _, s := range bin { buf = Component.AppendEncode(buf[:0], s) } }
	})
	b.Run("decode-empty", func(b *testing.B) {
		buf := make([]byte, 0, 1024)
		for range b.N { for _, s := range bin { buf, _ = Component.AppendDecode(buf[:0], s) } }
	})
	b.Run("encode-short", func(b *testing.B) {
		buf := make([]byte, 0, 1024)
		for i := range bin { bin[i] = bin[i][:cap(bin[i])] }
		for range b.N { for _, s := range bin { buf = Component.AppendEncode(buf[:0], s) } }
	})
}
