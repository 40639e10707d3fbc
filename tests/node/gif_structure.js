// Reads a GIF's structure block by block, for the tests of the module's GifWriter and of the
// app's Save GIF (the pixels are decoded natively with giflib in tests/gif_test.cpp).
'use strict';
const assert = require('node:assert/strict');

// The blocks of a GIF: {version, width, height, loopCount, frames: [{left, top, width, height,
// delay, transparent, localTable}]}. Throws on anything out of place.
function parseGif(bytes) {
  let at = 0;
  const byte = () => {
    if (at >= bytes.length) throw new Error('the GIF ends early');
    return bytes[at++];
  };
  const word = () => byte() | (byte() << 8);
  const skipSubBlocks = () => {
    for (let size = byte(); size > 0; size = byte()) at += size;
  };
  const version = String.fromCharCode(...bytes.slice(0, 6));
  assert.match(version, /^GIF8[79]a$/);
  at = 6;
  const result = { version, width: word(), height: word(), loopCount: -1, frames: [] };
  const packed = byte();
  at += 2;  // background, aspect
  if (packed & 0x80) at += 3 * (1 << ((packed & 7) + 1));
  let control = null;
  for (;;) {
    const introducer = byte();
    if (introducer === 0x3b) break;  // trailer
    if (introducer === 0x21) {
      const label = byte();
      if (label === 0xf9) {
        assert.equal(byte(), 4);
        const flags = byte();
        const delay = word();
        const transparentIndex = byte();
        assert.equal(byte(), 0);
        control = { delay, disposal: (flags >> 2) & 7, transparent: flags & 1 ? transparentIndex : -1 };
      } else if (label === 0xff) {
        const size = byte();
        const id = String.fromCharCode(...bytes.slice(at, at + size));
        at += size;
        if (id === 'NETSCAPE2.0') {
          assert.equal(byte(), 3);
          assert.equal(byte(), 1);
          result.loopCount = word();
          assert.equal(byte(), 0);
        } else {
          skipSubBlocks();
        }
      } else {
        skipSubBlocks();
      }
    } else if (introducer === 0x2c) {
      const frame = { left: word(), top: word(), width: word(), height: word() };
      const flags = byte();
      frame.localTable = (flags & 0x80) !== 0;
      if (frame.localTable) at += 3 * (1 << ((flags & 7) + 1));
      const codeSize = byte();
      assert.ok(codeSize >= 2 && codeSize <= 8, `LZW code size ${codeSize}`);
      skipSubBlocks();
      assert.ok(frame.left + frame.width <= result.width && frame.top + frame.height <= result.height);
      Object.assign(frame, control || { delay: 0, disposal: 0, transparent: -1 });
      control = null;
      result.frames.push(frame);
    } else {
      throw new Error(`unexpected byte 0x${introducer.toString(16)} at ${at - 1}`);
    }
  }
  assert.equal(at, bytes.length, 'nothing follows the trailer');
  return result;
}

module.exports = { parseGif };
