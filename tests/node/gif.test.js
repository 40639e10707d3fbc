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
  refused(writer.begin(0, 10), /width and height must be 1\.\.4096/);
  refused(writer.begin(70000, 1), /width and height/);
  refused(writer.begin(65535, 65535), /width and height/);
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

// --- Memory bounds (issue 18, finding 7): 4096 x 4096 frames aborted the module
// (RuntimeError: Aborted()) at about 712 MB of GIF. Sizes past 4096 are refused, frames with
// millions of colours are counted on colour cells, and the GIF stops at 128 MiB with a sentence;
// the module keeps working afterwards.

// Noise of `levels` greys (every pixel new, hardly compressible), from a seeded generator.
function noiseFrame(rgba, seed, levels) {
  const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length / 4);
  let state = seed >>> 0;
  for (let k = 0; k < pixels.length; ++k) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const level = (state >>> 24) % levels;
    pixels[k] = 0xff000000 | (level << 16) | (level << 8) | level;  // little-endian RGBA
  }
}

test('GifWriter: sizes past 4096 pixels are refused', async () => {
  const gs = await loadModule();
  const writer = new gs.GifWriter();
  assert.deepEqual(writer.begin(4097, 16), { ok: false, error: "a GIF's width and height must be 1..4096 pixels; 4097 x 16 is not" });
  assert.deepEqual(writer.begin(16, 65535), { ok: false, error: "a GIF's width and height must be 1..4096 pixels; 16 x 65535 is not" });
  writer.delete();
});

test('GifWriter: a 2048 x 2048 frame of 4 million colours is encoded in bounded memory', async () => {
  const gs = await loadModule();
  const side = 2048;
  const rgba = new Uint8Array(side * side * 4);
  const pixels = new Uint32Array(rgba.buffer);
  for (let k = 0; k < pixels.length; ++k) pixels[k] = 0xff000000 | (k * 4 + (k >>> 20));  // all distinct
  const before = gs.heapStats();
  const writer = new gs.GifWriter();
  assert.deepEqual(writer.begin(side, side), { ok: true });
  assert.deepEqual(writer.addFrame(rgba, 10), { ok: true });
  const done = writer.finish();
  assert.equal(done.ok, true, done.error);
  assert.equal(parseGif(done.bytes).frames.length, 1);
  writer.delete();
  // Frame copy (16 MiB), previous frame (16 MiB), indices (4 MiB), blocks: no per-colour tables
  // of millions of entries (which took hundreds of MB).
  const grown = gs.heapStats().heapSize - before.heapSize;
  console.log(`# heap grew by ${(grown / 1048576).toFixed(0)} MiB for a 2048 x 2048 frame of 4 million colours`);
  assert.ok(grown <= 96 * 1048576, `the heap grew by ${grown} bytes`);
});

test('GifWriter: 4096 x 4096 frames stop at 128 MiB of GIF with a sentence; the module keeps working', async () => {
  const gs = await loadModule();
  const side = 4096;
  const writer = new gs.GifWriter();
  assert.deepEqual(writer.begin(side, side), { ok: true });
  const rgba = new Uint8Array(side * side * 4);
  let refused = null, added = 0;
  for (let frame = 0; frame < 60 && !refused; ++frame) {
    noiseFrame(rgba, frame + 1, 200);
    const before = writer.byteLength();
    const result = writer.addFrame(rgba, 10);
    if (result.ok) ++added;
    else {
      refused = result;
      assert.equal(writer.byteLength(), before, 'a refused frame leaves the GIF as it was');
    }
    assert.ok(writer.byteLength() <= 128 * 1048576);
  }
  assert.ok(refused, `${added} frames, ${writer.byteLength()} bytes, no refusal`);
  assert.equal(refused.error, `this frame would make the GIF larger than 128.0 MiB (it holds ${added} frames in ` +
    `${(writer.byteLength() / 1048576).toFixed(1)} MiB); finish() it, or use fewer or smaller frames`);
  assert.equal(writer.frameCount(), added);
  const done = writer.finish();
  assert.equal(done.ok, true, done.error);
  assert.ok(done.bytes.length <= 128 * 1048576);
  assert.equal(parseGif(done.bytes).frames.length, added);
  writer.delete();
  // The module is alive: a solve, and another GIF.
  assert.deepEqual(gs.solveJudgeInput('exchange', '1 1 2\n2\n4\n1 3\n'), { ok: true, output: 'Aoki\n' });
  const again = new gs.GifWriter();
  assert.deepEqual(again.begin(2, 2), { ok: true });
  assert.deepEqual(again.addFrame(new Uint8Array(16), 5), { ok: true });
  assert.equal(again.finish().ok, true);
  again.delete();
});
