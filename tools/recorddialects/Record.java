// Record.java: runs java.net.URLEncoder.encode or URLDecoder.decode (UTF-8)
// on the hex-encoded byte strings of standard input, one a line, and writes
// one result a line (see main.go): "x" and the hex of the output, "!" and
// the error, or "-" and why the input was not given to the function.
//
//	java Record.java version | URLEncoder.encode | URLDecoder.decode
import java.io.*;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.ByteBuffer;
import java.nio.charset.*;
import java.util.HexFormat;

public class Record {
    public static void main(String[] args) throws IOException {
        String name = args[0];
        if (name.equals("version")) {
            System.out.println("java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")");
            return;
        }
        if (!name.equals("URLEncoder.encode") && !name.equals("URLDecoder.decode")) {
            throw new IllegalArgumentException("unknown function " + name);
        }
        HexFormat hex = HexFormat.of();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.ISO_8859_1));
        StringBuilder out = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            byte[] b = hex.parseHex(line);
            String s;
            try {
                s = StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(b)).toString();
            } catch (CharacterCodingException e) {
                out.append("-invalid UTF-8: a Java String holds UTF-16 text, these bytes are none\n");
                continue;
            }
            try {
                String r = name.equals("URLEncoder.encode")
                        ? URLEncoder.encode(s, StandardCharsets.UTF_8)
                        : URLDecoder.decode(s, StandardCharsets.UTF_8);
                out.append('x').append(hex.formatHex(r.getBytes(StandardCharsets.UTF_8))).append('\n');
            } catch (IllegalArgumentException e) {
                out.append('!').append(e.getClass().getSimpleName()).append(": ")
                        .append(String.valueOf(e.getMessage()).replace('\n', ' ')).append('\n');
            }
        }
        System.out.print(out);
    }
}
