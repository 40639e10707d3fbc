// The JS face of the module, linked with --post-js (it runs inside the module's factory, beside
// the Emscripten runtime). Two jobs, both about arguments that Embind alone handles badly:
//
// 1. Missing or extra arguments. Embind throws a BindingError when a bound function is called
//    with another number of arguments than it declares. Every bound function here takes
//    emscripten::val arguments and checks them itself, so once the bindings are registered each
//    function and Session method is wrapped to pad missing arguments with undefined (and drop
//    extra ones): s.loadJudgeInput() returns {ok: false, error} like any other bad argument.
// 2. Text. Embind's UTF-8 conversion reads a lone UTF-16 surrogate (half of a pair) as the first
//    half of a pair and swallows the next character, and copies a string twice. gsTextInfo and
//    gsCopyText let web/bindings.cpp refuse such strings and copy long texts once.

// The UTF-8 length of `text`, or -1 - i when unit i is a lone surrogate.
Module['gsTextInfo'] = function (text) {
  // Strings without surrogates (all one-byte strings among them) are the common case.
  if (!/[\uD800-\uDFFF]/.test(text)) return lengthBytesUTF8(text);
  for (let i = 0; i < text.length; ++i) {
    const unit = text.charCodeAt(i);
    if (unit < 0xD800 || unit > 0xDFFF) continue;
    const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
    if (unit <= 0xDBFF && next >= 0xDC00 && next <= 0xDFFF) {
      ++i;
      continue;
    }
    return -1 - i;
  }
  return lengthBytesUTF8(text);
};

// Writes `text` as UTF-8 at `address` (`bytes` of room, plus one for the terminating zero).
Module['gsCopyText'] = function (text, address, bytes) {
  stringToUTF8(text, address, bytes + 1);
};

// Wraps a bound function so that it always receives exactly its declared arguments.
function gsFixedArity(bound) {
  const count = bound.argCount;
  if (typeof count !== 'number' || bound.overloadTable !== undefined) return bound;
  const fixed = function (...args) {
    args.length = count;  // pads with undefined, or drops extra arguments
    return bound.apply(this, args);
  };
  fixed.argCount = count;
  return fixed;
}

addOnPostRun(function () {
  for (const name of Object.keys(Module)) {
    const member = Module[name];
    if (typeof member === 'function' && typeof member.argCount === 'number')
      Module[name] = gsFixedArity(member);
  }
  const proto = Module['Session'] && Module['Session'].prototype;
  if (proto) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const member = proto[name];
      if (name !== 'constructor' && typeof member === 'function' &&
          typeof member.argCount === 'number')
        proto[name] = gsFixedArity(member);
    }
  }
});

// Promise-returning loads built on the sliced solve: the page's main thread is given back
// between slices of `sliceMs` (default 8) milliseconds, so a long solve never freezes it.
//   await s.loadJudgeInputAsync(game, text, {onProgress, signal, sliceMs})
//   -> {ok: true} or {ok: false, error}; onProgress({progress, positions, elapsedMs}) after each
//   slice; an aborted signal (AbortController) cancels the solve ({ok: false, error}) and the
//   previous board stays.
function gsSolveInSlices(session, started, options) {
  options = options || {};
  const slice = typeof options.sliceMs === 'number' && options.sliceMs > 0 ? options.sliceMs : 8;
  if (!started.ok) return Promise.resolve(started);
  return new Promise(function (resolve) {
    function step() {
      if (options.signal && options.signal.aborted) {
        session.cancel();
        resolve({ ok: false, error: 'the solve was cancelled; the previous board stays' });
        return;
      }
      const report = session.advance(slice);
      if (typeof options.onProgress === 'function')
        options.onProgress({ progress: report.progress, positions: report.positions,
                             elapsedMs: report.elapsedMs });
      if (report.done) {
        const result = { ok: report.ok };
        if (report.ok && report.view) result.view = report.view;
        if (!report.ok) result.error = report.error;
        resolve(result);
      } else {
        setTimeout(step, 0);
      }
    }
    setTimeout(step, 0);
  });
}

addOnPostRun(function () {
  const proto = Module['Session'] && Module['Session'].prototype;
  if (!proto) return;
  proto['loadJudgeInputAsync'] = function (game, text, options) {
    return gsSolveInSlices(this, this.startJudgeInput(game, text), options);
  };
  proto['loadLinkAsync'] = function (fragment, options) {
    return gsSolveInSlices(this, this.startLink(fragment), options);
  };
  proto['loadRecipeAsync'] = function (game, recipe, options) {
    return gsSolveInSlices(this, this.startRecipe(game, recipe), options);
  };
});

// GifWriter's methods get the same padding of missing arguments as Session's, so that
// w.addFrame() returns {ok: false, error} rather than throwing.
addOnPostRun(function () {
  const proto = Module['GifWriter'] && Module['GifWriter'].prototype;
  if (!proto) return;
  for (const name of Object.getOwnPropertyNames(proto)) {
    const member = proto[name];
    if (name !== 'constructor' && typeof member === 'function' && typeof member.argCount === 'number')
      proto[name] = gsFixedArity(member);
  }
});
