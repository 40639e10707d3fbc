// The module's GifWriter: RGBA frames in, a GIF out. The bytes are read back here block by block
// (header, screen, colour tables, extensions, image blocks with their LZW sub-blocks), which
// counts the frames and checks the delays; the native tests (tests/gif_test.cpp) decode the
// pixels with giflib. Wrong arguments give {ok: false, error}.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadModule } = require('./common');
const { parseGif } = require('./gif_structure');

// A board-like frame: a flat background, stones (discs) for the first `stones` cells.
function boardFrame(width, height, stones) {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let k = 0; k < rgba.length; k += 4) rgba.set([0xe3, 0xb5, 0x65, 255], k);
  const cell = Math.floor(Math.min(width, height) / 10);
  for (let s = 0; s < stones; ++s) {
    const cx = (s % 10 + 0.5) * cell, cy = (Math.floor(s / 10) + 0.5) * cell;
    for (let y = Math.floor(cy - cell / 2); y < cy + cell / 2; ++y)
      for (let x = Math.floor(cx - cell / 2); x < cx + cell / 2; ++x) {
        const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
        const cover = Math.min(1, Math.max(0, cell * 0.4 - d + 0.5));
        if (cover === 0) continue;
        const at = (y * width + x) * 4;
        const ink = s % 2 ? 250 : 30;
        for (let c = 0; c < 3; ++c) rgba[at + c] = Math.round(rgba[at + c] * (1 - cover) + ink * cover);
      }
  }
  return rgba;
}

test('GifWriter: frames in, a GIF with one image block per frame out', async () => {
  const gs = await loadModule();
  const writer = new gs.GifWriter();
  assert.deepEqual(writer.begin(200, 160), { ok: true });
  for (let k = 0; k < 30; ++k) {
    const frame = k % 2 ? new Uint8Array(boardFrame(200, 160, k).buffer) : boardFrame(200, 160, k);
    assert.deepEqual(writer.addFrame(frame, 10 + k), { ok: true });
  }
  assert.equal(writer.frameCount(), 30);
  assert.ok(writer.byteLength() > 0);
  const done = writer.finish();
  assert.equal(done.ok, true, done.error);
  assert.ok(done.bytes instanceof Uint8Array);
  const gif = parseGif(done.bytes);
  assert.equal(gif.version, 'GIF89a');
  assert.equal(gif.width, 200);
  assert.equal(gif.height, 160);
  assert.equal(gif.loopCount, 0);
  assert.equal(gif.frames.length, 30);
  assert.deepEqual(gif.frames.map((f) => f.delay), Array.from({ length: 30 }, (_, k) => 10 + k));
  assert.ok(gif.frames.every((f) => f.disposal === 1));
  // Frame 1 is whole; frame 2 (the first stone) is only that stone's rectangle.
  assert.deepEqual([gif.frames[0].width, gif.frames[0].height], [200, 160]);
  assert.ok(gif.frames[2].width <= 16 && gif.frames[2].height <= 16, JSON.stringify(gif.frames[2]));
  assert.ok(done.bytes.length < 30 * 1024, `${done.bytes.length} bytes`);
  // The writer is free again: finish() without begin() is refused.
  assert.equal(writer.frameCount(), 0);
  assert.equal(writer.finish().ok, false);
  writer.delete();
});

test('GifWriter: a 100-frame 600 x 640 line stays far under 2 MB and frees its memory', async () => {
  const gs = await loadModule();
  const before = gs.heapStats().inUse;
  const writer = new gs.GifWriter();
  assert.deepEqual(writer.begin(600, 640, -1), { ok: true });
  for (let k = 1; k <= 100; ++k) assert.deepEqual(writer.addFrame(boardFrame(600, 640, k), 80), { ok: true });
  const done = writer.finish();
  assert.equal(done.ok, true, done.error);
  const gif = parseGif(done.bytes);
  assert.equal(gif.frames.length, 100);
  assert.equal(gif.loopCount, -1);  // plays once: no loop extension
  assert.ok(done.bytes.length < 2 * 1024 * 1024, `${done.bytes.length} bytes`);
  writer.delete();
  assert.ok(gs.heapStats().inUse - before < 64 * 1024, 'the writer frees what it held');
});

test('GifWriter: wrong arguments give {ok: false, error}', async () => {
  const gs = await loadModule();
  const writer = new gs.GifWriter();
  const refused = (result, pattern) => {
    assert.equal(result.ok, false);
    assert.equal(typeof result.error, 'string');
    if (pattern) assert.match(result.error, pattern);
  };
  refused(writer.addFrame(new Uint8Array(4), 1), /call begin\(width, height\) first/);
  refused(writer.finish(), /call begin/);
  refused(writer.begin(), /whole numbers/);
  refused(writer.begin('10', 10), /whole numbers/);
  refused(writer.begin(10.5, 10), /whole numbers/);
  refused(writer.begin(0, 10), /width and height must be 1\.\.65535/);
  refused(writer.begin(70000, 1), /width and height/);
  refused(writer.begin(65535, 65535), /too large/);
  refused(writer.begin(10, 10, -2), /loop count/);
  refused(writer.begin(10, 10, NaN), /whole numbers/);
  assert.deepEqual(writer.begin(2, 2), { ok: true });
  refused(writer.finish(), /at least one frame/);
  assert.deepEqual(writer.begin(2, 2), { ok: true });
  refused(writer.addFrame(), /Uint8Array/);
  refused(writer.addFrame([0, 0, 0, 255], 1), /Uint8Array/);
  refused(writer.addFrame(new Float32Array(16), 1), /Uint8Array/);
  refused(writer.addFrame(new Uint8Array(15), 1), /16 bytes of RGBA \(4 a pixel\); this one has 15/);
  refused(writer.addFrame(new Uint8Array(16)), /delay/);
  refused(writer.addFrame(new Uint8Array(16), '5'), /delay/);
  refused(writer.addFrame(new Uint8Array(16), -1), /delay/);
  refused(writer.addFrame(new Uint8Array(16), 65536), /delay/);
  refused(writer.addFrame(new Uint8Array(16), 1.5), /delay/);
  assert.equal(writer.frameCount(), 0);
  assert.deepEqual(writer.addFrame(new Uint8Array(16), 0, 'extra'), { ok: true });
  const done = writer.finish();
  assert.equal(done.ok, true);
  assert.equal(parseGif(done.bytes).frames.length, 1);
  writer.delete();
});
