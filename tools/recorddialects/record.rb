# record.rb: runs Ruby's CGI.escape or CGI.unescape on the hex-encoded byte
# strings of standard input, one a line, and writes one result a line (see
# main.go): "x" and the hex of the output, "!" and the error. Each input is a
# UTF-8 string holding the bytes (valid or not), as a Rack or Rails value is.
#
#   ruby record.rb version | CGI.escape | CGI.unescape
require "cgi"

name = ARGV[0]
if name == "version"
  puts "ruby #{RUBY_VERSION}p#{RUBY_PATCHLEVEL} (cgi #{CGI::VERSION rescue "bundled"})"
  exit 0
end
fn = { "CGI.escape" => CGI.method(:escape), "CGI.unescape" => CGI.method(:unescape) }[name]
raise "unknown function #{name}" unless fn
out = +""
$stdin.read.split("\n").each do |line|
  s = [line].pack("H*").force_encoding(Encoding::UTF_8)
  begin
    out << "x" << fn.call(s).unpack1("H*") << "\n"
  rescue => e
    out << "!" << e.class.name << ": " << e.message.tr("\n", " ") << "\n"
  end
end
$stdout.write(out)
