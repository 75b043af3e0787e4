# record.py: runs one urllib.parse function of python3 on the hex-encoded
# byte strings of standard input, one a line, and writes one result a line
# (see main.go): "x" and the hex of the output, "!" and the error, or "-"
# and why the input was not given to the function.
#
#   python3 record.py version | quote | quote_plus | unquote | unquote_plus
#
# quote and quote_plus take the bytes themselves (urllib.parse accepts
# bytes); unquote and unquote_plus take a str, the bytes read as UTF-8.
import sys
import urllib.parse

name = sys.argv[1]
if name == "version":
    print("python " + sys.version.split()[0])
    sys.exit(0)
fn = {
    "quote": lambda b: urllib.parse.quote(b),
    "quote_plus": lambda b: urllib.parse.quote_plus(b),
    "unquote": None,
    "unquote_plus": None,
}
if name not in fn:
    raise SystemExit("unknown function " + name)
out = []
for line in sys.stdin.read().splitlines():
    b = bytes.fromhex(line)
    try:
        if name in ("quote", "quote_plus"):
            r = fn[name](b)
        else:
            try:
                s = b.decode("utf-8")
            except UnicodeDecodeError:
                out.append("-invalid UTF-8: not a Python str")
                continue
            r = getattr(urllib.parse, name)(s)
        out.append("x" + r.encode("utf-8").hex())
    except Exception as e:
        out.append("!" + type(e).__name__ + ": " + str(e).replace("\n", " "))
sys.stdout.write("".join(o + "\n" for o in out))
