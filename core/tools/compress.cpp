#include "tools/compress.h"

#include <zlib.h>

#include <cstdint>

#include "base/forms.h"
#include "base/judge_text.h"  // quotedToken

namespace gs {
namespace {

const char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

int sextet(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '-') return 62;
  if (c == '_') return 63;
  return -1;
}

}  // namespace

std::string compressToLink(std::string_view text) {
  z_stream stream{};
  // Raw deflate (negative window bits: no zlib header), the best compression, 32 KiB window.
  deflateInit2(&stream, 9, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY);
  std::string packed(deflateBound(&stream, static_cast<uLong>(text.size())), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  stream.avail_in = static_cast<uInt>(text.size());
  stream.next_out = reinterpret_cast<Bytef*>(packed.data());
  stream.avail_out = static_cast<uInt>(packed.size());
  deflate(&stream, Z_FINISH);
  packed.resize(stream.total_out);
  deflateEnd(&stream);

  std::string out;
  out.reserve((packed.size() * 4 + 2) / 3);
  std::uint32_t bits = 0;
  int count = 0;
  for (unsigned char byte : packed) {
    bits = (bits << 8) | byte;
    count += 8;
    while (count >= 6) {
      count -= 6;
      out += kAlphabet[(bits >> count) & 63];
    }
  }
  if (count > 0) out += kAlphabet[(bits << (6 - count)) & 63];
  return out;
}

Expected<std::string> decompressFromLink(std::string_view part, std::size_t maxBytes) {
  std::string packed;
  packed.reserve(part.size() * 3 / 4 + 1);
  std::uint32_t bits = 0;
  int count = 0;
  for (std::size_t k = 0; k < part.size(); ++k) {
    const int value = sextet(part[k]);
    if (value < 0)
      return ParseError{
          0, 0,
          Message(forms::kNotBase64Url, {{"N", k + 1}, {"TOKEN", quotedToken(part.substr(k, 1))}})};
    bits = (bits << 6) | static_cast<std::uint32_t>(value);
    count += 6;
    if (count >= 8) {
      count -= 8;
      packed += static_cast<char>((bits >> count) & 0xff);
    }
  }
  z_stream stream{};
  inflateInit2(&stream, -15);
  std::string text(maxBytes + 1, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(packed.data());
  stream.avail_in = static_cast<uInt>(packed.size());
  stream.next_out = reinterpret_cast<Bytef*>(text.data());
  stream.avail_out = static_cast<uInt>(text.size());
  const int status = inflate(&stream, Z_FINISH);
  const std::size_t produced = stream.total_out;
  inflateEnd(&stream);
  if (produced > maxBytes)
    return ParseError{0, 0, Message(forms::kInflatesPast, {{"N", maxBytes}})};
  if (status != Z_STREAM_END) return ParseError{0, 0, Message(forms::kNotDeflate, {})};
  text.resize(produced);
  return text;
}

}  // namespace gs
