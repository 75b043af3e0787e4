# port-rack.rb: runs Rack's own test/spec_utils.rb (the 2-2-stable branch)
# against the installed rack gem with a stand-in for minitest/spec, and
# writes every input the spec gives Rack::Utils.parse_nested_query and
# build_nested_query with the default parser, and what rack returns for it,
# one JSON object a line:
#
#   {"fn": "parse", "file": F, "line": N, "qhex": input, "r": result}
#   {"fn": "build", "file": F, "line": N, "tree": input, "r": {"b": hex}}
#   {"fn": ..., "file": F, "line": N, "left": why}
#
# A parse result is what record.rb writes for the query; a build input is
# a Hash of String keys whose values are Strings, nil, Arrays and such
# Hashes. "left" marks an input only Ruby has (a Symbol or Integer, a
# parse input that is not a String, a non-default parser or separator).
# The spec's own assertions are not run; what rack returns is recorded.
#
#   ruby port-rack.rb spec_utils.rb > rack-suite.jsonl
require "rack"
require "json"
require "set"
require "timeout"

OUT = []
SPEC = File.basename(ARGV[0])

require_relative "tree"

# the JSON of a build input, or nil when only Ruby has it
def plain(v)
  case v
  when nil, String then v.is_a?(String) && !v.valid_encoding? ? (raise "bytes") : v
  when Array then v.map { |x| plain(x) }
  when Hash
    v.each_key { |k| raise k.class.name unless k.is_a?(String) }
    v.to_h { |k, x| [k, plain(x)] }
  else raise v.class.name
  end
end

def at
  loc = caller_locations.find { |l| File.basename(l.path) == SPEC }
  { "file" => "test/spec_utils.rb", "line" => loc ? loc.lineno : 0 }
end

def defaults?
  p = Rack::Utils.default_query_parser
  p.key_space_limit == 65536 && p.param_depth_limit == 100 &&
    p.instance_variable_get(:@params_class) == Rack::QueryParser::Params
end

# result (tree.rb), with rack's own calls in it not recorded
def recorded(q)
  $recording = true
  result(q)
ensure
  $recording = false
end

Rack::Utils.singleton_class.prepend(Module.new do
  def parse_nested_query(qs, d = nil)
    if $recording then return super
    elsif !d.nil? then OUT << { "fn" => "parse", **at, "left" => "a separator" }
    elsif !defaults? then OUT << { "fn" => "parse", **at, "left" => "a parser with other limits" }
    elsif !qs.is_a?(String) then OUT << { "fn" => "parse", **at, "left" => "an input that is not a String (#{qs.class})" }
    else OUT << { "fn" => "parse", **at, "qhex" => hexs(qs), "r" => recorded(qs) }
    end
    super
  end

  def build_nested_query(value, prefix = nil)
    return super if !prefix.nil? || $recording # rack's own recursion, or result's
    begin
      t = plain(value)
      OUT << { "fn" => "build", **at, "tree" => t, "r" => { "b" => hexs(super.to_s) } }
    rescue RuntimeError => e
      OUT << { "fn" => "build", **at, "left" => "a #{e.message}" }
    rescue StandardError
      OUT << { "fn" => "build", **at, "left" => "an input build_nested_query refuses" }
    end
    super
  end
end)

# minitest/spec, asserting nothing: every block runs, in order
class Object
  def method_missing(name, *args, &blk)
    return super unless name.to_s.start_with?("must_", "wont_")
    if is_a?(Proc) && %i[must_raise must_throw wont_raise].include?(name)
      begin
        call
      rescue Exception => e
        return e # must_raise returns the exception, whose message the spec reads
      end
      return RuntimeError.new("nothing raised")
    end
    self
  end

  def respond_to_missing?(name, priv = false) = name.to_s.start_with?("must_", "wont_") || super
end

class SpecContext
  def describe(*, &blk) = instance_eval(&blk)
  def before(*, &blk) = (@before ||= []) << blk
  def after(*, &blk) = nil

  def it(*, &blk)
    (@before || []).each { |b| instance_eval(&b) rescue nil }
    instance_eval(&blk)
  rescue Exception
    nil
  end

  def method_missing(name, *args, &blk)
    return nil if name.to_s.start_with?("assert", "refute", "skip")
    super
  end

  def respond_to_missing?(name, priv = false) = name.to_s.start_with?("assert", "refute", "skip") || super
end

def describe(*, &blk) = SpecContext.new.instance_eval(&blk)

src = File.read(ARGV[0]).sub(/^require_relative 'helper'$/, "")
eval(src, binding, ARGV[0])
OUT.each { |o| puts JSON.generate(o, max_nesting: false) }
