// The JS face of the module, linked with --post-js (it runs inside the module's factory, beside
// the Emscripten runtime). Two jobs about arguments that Embind alone handles badly, and a third,
// the promise-returning loads (Session.load*Async, below):
//
// 1. Missing or extra arguments. Embind throws a BindingError when a bound function is called
//    with another number of arguments than it declares. Every bound function here takes
//    emscripten::val arguments and checks them itself, so once the bindings are registered each
//    function and Session method is wrapped to pad missing arguments with undefined (and drop
//    extra ones): s.loadJudgeInput() returns {ok: false, error} like any other bad argument.
// 2. Text. Embind's UTF-8 conversion reads a lone UTF-16 surrogate (half of a pair) as the first
//    half of a pair and swallows the next character, and copies a string twice. gsTextInfo and
//    gsCopyText let TextArgument (web/js_values.h) refuse such strings and copy long texts once.

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

// Emscripten runs addOnPostRun callbacks last-added first; the steps here depend on their order
// (the async loads wrap the padded methods), so one callback at the end of this file runs them.
function gsPadArguments() {
  for (const name of Object.keys(Module)) {
    const member = Module[name];
    if (typeof member === 'function' && typeof member.argCount === 'number')
      Module[name] = gsFixedArity(member);
  }
  gsPadMethods(Module['Session'] && Module['Session'].prototype);
}

// Promise-returning loads built on the sliced solve: the page's main thread is given back
// between slices of `sliceMs` (default 8) milliseconds, so a long solve never freezes it.
//   await s.loadJudgeInputAsync(game, text, {onProgress, signal, sliceMs})
//   -> {ok: true} or {ok: false, error}; onProgress({progress, positions, elapsedMs}) after each
//   slice that leaves work to do (the last slice settles the promise instead).
//
// Every promise settles exactly once, with its own job's result (issue 18):
// - A session runs one solve at a time. A newer load that starts (async or not, or start*())
//   supersedes the running one: that one's promise settles at once with {ok: false,
//   superseded: true, error}, and the board on screen stays until the newer load finishes. A
//   load refused before solving (bad input) leaves the running one alone.
// - An aborted signal, or cancel(), settles it with {ok: false, cancelled: true, error}; a signal
//   only ever cancels its own load.
// - An onProgress that throws stops the solve (the job is freed) and settles the promise with a
//   sentence naming onProgress and what it threw; the previous board stays.
// - delete() of the session during the load settles it with {ok: false, error}, and no timer
//   touches the session afterwards.
// - advance() called by hand on an async load's job settles the promise with that report.
//
// Each async load is a driver keyed by its job's number (solving().job, unique in the module),
// so that clones of a handle and calls made by hand find it.
const gsDrivers = new Map();

const gsCancelled = 'the solve was cancelled; the previous board stays';
const gsSuperseded = 'this load was superseded by a newer load on the same session before it finished';
const gsDeleted = 'the session was deleted before the solve finished';

function gsDescribeThrown(thrown) {
  try {
    return String(thrown);
  } catch (e) {
    return 'a value that cannot be shown as text';
  }
}

// The load result of a finished advance() report.
function gsReportResult(report) {
  const result = { ok: report.ok };
  if (report.ok && report.view) result.view = report.view;
  if (!report.ok) result.error = report.error;
  return result;
}

// The driver of the job running on `session`, or undefined.
function gsRunningDriver(session, rawSolving) {
  const running = rawSolving.call(session);
  return running ? gsDrivers.get(running.job) : undefined;
}

function gsAddAsyncLoads() {
  const proto = Module['Session'] && Module['Session'].prototype;
  if (!proto) return;
  const raw = {};
  for (const name of ['startJudgeInput', 'startLink', 'startRecipe', 'startRules',
                      'loadJudgeInput', 'loadLink', 'loadRecipe', 'loadRules', 'advance', 'cancel',
                      'solving'])
    raw[name] = proto[name];
  // delete() is Embind's, on the base class of every handle: wrapped there (for sessions only),
  // so that Session.prototype keeps exactly the bound methods.
  const base = Object.getPrototypeOf(proto);
  const rawDelete = base['delete'];
  const Session = Module['Session'];

  function drive(session, start, options) {
    if (session.isDeleted()) return Promise.resolve({ ok: false, error: 'the session was deleted' });
    options = options || {};
    // An AbortSignal, or any object with an `aborted` flag (polled between slices).
    const signal = options.signal !== null && typeof options.signal === 'object' ? options.signal : null;
    const listens = signal !== null && typeof signal.addEventListener === 'function';
    if (signal && signal.aborted)
      return Promise.resolve({ ok: false, cancelled: true, error: gsCancelled });
    const started = start();  // through the wrappers below: supersedes the running load
    if (!started.ok) return Promise.resolve(started);
    const slice = typeof options.sliceMs === 'number' && options.sliceMs > 0 ? options.sliceMs : 8;
    const onProgress = typeof options.onProgress === 'function' ? options.onProgress : null;
    const job = raw.solving.call(session).job;
    return new Promise(function (resolve) {
      let timer = null;
      const driver = { session: session, settle: settle };
      // Whether the session is alive and still runs this load's job.
      function owns() {
        if (session.isDeleted()) return false;
        const running = raw.solving.call(session);
        return running !== null && running.job === job;
      }
      function onAbort() {
        if (gsDrivers.get(job) !== driver) return;
        if (owns()) raw.cancel.call(session);  // only ever this load's own job
        settle({ ok: false, cancelled: true, error: gsCancelled });
      }
      function settle(result) {
        if (gsDrivers.get(job) !== driver) return;  // settled already
        gsDrivers.delete(job);
        if (timer !== null) clearTimeout(timer);
        timer = null;
        if (listens) signal.removeEventListener('abort', onAbort);
        resolve(result);
      }
      function step() {
        timer = null;
        if (gsDrivers.get(job) !== driver) return;
        // A handle deleted without the wrapper (deleteLater), or a job dropped by a path the
        // wrappers do not see: settle rather than touch it.
        if (session.isDeleted()) return settle({ ok: false, error: gsDeleted });
        const running = raw.solving.call(session);
        if (!running || running.job !== job)
          return settle({ ok: false, superseded: true, error: gsSuperseded });
        if (signal && signal.aborted) return onAbort();
        const report = raw.advance.call(session, slice);
        if (report.done) return settle(gsReportResult(report));
        if (onProgress) {
          try {
            onProgress({ progress: report.progress, positions: report.positions,
                         elapsedMs: report.elapsedMs });
          } catch (thrown) {
            if (gsDrivers.get(job) === driver) {
              if (owns()) raw.cancel.call(session);
              settle({ ok: false, error: 'onProgress threw ' + gsDescribeThrown(thrown) +
                                         '; the solve was stopped and the previous board stays' });
            }
            return;
          }
        }
        // onProgress may have settled this load (cancel(), a newer load, delete()).
        if (gsDrivers.get(job) === driver) timer = setTimeout(step, 0);
      }
      gsDrivers.set(job, driver);
      if (listens) signal.addEventListener('abort', onAbort);
      timer = setTimeout(step, 0);
    });
  }

  // Calls that can end the running job settle its async load, if it has one.
  function settlingSuperseded(name) {
    return function () {
      const driver = gsRunningDriver(this, raw.solving);
      const result = raw[name].apply(this, arguments);
      if (driver) {
        const running = raw.solving.call(this);
        if (!running || gsDrivers.get(running.job) !== driver)
          driver.settle({ ok: false, superseded: true, error: gsSuperseded });
      }
      return result;
    };
  }
  for (const name of ['startJudgeInput', 'startLink', 'startRecipe', 'startRules', 'loadJudgeInput',
                      'loadLink', 'loadRecipe', 'loadRules'])
    proto[name] = settlingSuperseded(name);
  proto['cancel'] = function () {
    const driver = gsRunningDriver(this, raw.solving);
    const result = raw.cancel.apply(this, arguments);
    if (driver) driver.settle({ ok: false, cancelled: true, error: gsCancelled });
    return result;
  };
  proto['advance'] = function () {
    const driver = gsRunningDriver(this, raw.solving);
    const report = raw.advance.apply(this, arguments);
    if (driver && report.done) driver.settle(gsReportResult(report));
    return report;
  };
  base['delete'] = function () {
    if (this instanceof Session && !this.isDeleted()) {
      const driver = gsRunningDriver(this, raw.solving);
      if (driver && driver.session === this) {
        raw.cancel.call(this);
        driver.settle({ ok: false, error: gsDeleted });
      }
    }
    return rawDelete.apply(this, arguments);
  };

  proto['loadJudgeInputAsync'] = function (game, text, options) {
    const self = this;
    return drive(self, function () { return self.startJudgeInput(game, text); }, options);
  };
  proto['loadLinkAsync'] = function (fragment, options) {
    const self = this;
    return drive(self, function () { return self.startLink(fragment); }, options);
  };
  proto['loadRecipeAsync'] = function (game, recipe, options) {
    const self = this;
    return drive(self, function () { return self.startRecipe(game, recipe); }, options);
  };
  proto['loadRulesAsync'] = function (text, params, options) {
    const self = this;
    return drive(self, function () { return self.startRules(text, params); }, options);
  };
}

// A table in slices, as the loads are: resolves {ok, values, pattern, table} (the RulesTable
// handle, for table.format(...); the caller deletes it) or {ok: false, error, line?}; the
// options are the loads' ({onProgress, signal, sliceMs}).
function gsAddTableAsync() {
  const RulesTable = Module['RulesTable'];
  if (!RulesTable) return;
  gsPadMethods(RulesTable.prototype);
  Module['tableAsync'] = function (text, spec, options) {
    options = options || {};
    const signal = options.signal;
    if (signal && signal.aborted) return Promise.resolve({ ok: false, cancelled: true, error: gsCancelled });
    const table = new RulesTable();
    const started = table.start(text, spec);
    if (!started.ok) {
      table.delete();
      return Promise.resolve(started);
    }
    const slice = typeof options.sliceMs === 'number' && options.sliceMs > 0 ? options.sliceMs : 8;
    const onProgress = typeof options.onProgress === 'function' ? options.onProgress : null;
    return new Promise(function (resolve) {
      let settled = false;
      function finish(result) {
        if (settled) return;
        settled = true;
        if (signal) signal.removeEventListener('abort', onAbort);
        if (!result.ok) table.delete();
        resolve(result);
      }
      function onAbort() {
        finish({ ok: false, cancelled: true, error: 'the table was cancelled' });
      }
      function step() {
        if (settled) return;
        const report = table.advance(slice);
        if (report.done) {
          if (!report.ok) return finish(report.line ? { ok: false, error: report.error, line: report.line }
                                                    : { ok: false, error: report.error });
          return finish({ ok: true, values: table.values(), pattern: table.pattern(), table: table });
        }
        if (onProgress) {
          try {
            onProgress({ progress: report.progress, rows: report.rows, positions: report.positions });
          } catch (thrown) {
            return finish({ ok: false, error: 'onProgress threw ' + gsDescribeThrown(thrown) +
                                              '; the table was stopped' });
          }
        }
        setTimeout(step, 0);
      }
      if (signal) signal.addEventListener('abort', onAbort);
      setTimeout(step, 0);
    });
  };
}

// A handle's methods padded like Session's, so that a missing argument gives {ok: false,
// error} rather than a throw.
function gsPadMethods(proto) {
  if (!proto) return;
  for (const name of Object.getOwnPropertyNames(proto)) {
    const member = proto[name];
    if (name !== 'constructor' && typeof member === 'function' && typeof member.argCount === 'number')
      proto[name] = gsFixedArity(member);
  }
}

// GifWriter's methods get the same padding, so that w.addFrame() returns {ok: false, error}.
function gsPadGifWriter() {
  gsPadMethods(Module['GifWriter'] && Module['GifWriter'].prototype);
}

addOnPostRun(function () {
  gsPadArguments();
  gsPadGifWriter();
  gsAddAsyncLoads();
  gsAddTableAsync();
});
