// The solver worker (solver_worker.h), both sides. This file runs at the start of the app's
// script: on the page it keeps the worker and its jobs; in the worker (the same script, started
// from a blob with noInitialRun) it answers the page's messages.
//
// Messages, page to worker: {type: 'solve', job, kind, game, text, rules} (rules: a rules
// game's rules text, or ''); {type: 'judge', job, kind, game, text, rules} (the judge's output
// of the input `text` for those rules: it leaves the worker's solved board alone); {type:
// 'position', job, kind, game, text, rules} (one position of a rules board searched, the app's
// lazy board: answered by 'output', its board left alone too); {type: 'chunk', job, region,
// offset, size, buffer} (send me these bytes of a region, in this buffer if there is one);
// {type: 'release', job} (drop the tables).
// Worker to page: {type: 'ready'}; {type: 'progress', job, done, total, exact, ms};
// {type: 'search', job, outcome, ms, moves, bestCount, best} (a rules board's start by the
// search that stops at a winning move, before the whole solve: outcome '' while it runs, then
// 'win', 'loss', 'draw', or 'none' when it handed over; its moves, how many are best, and the
// first of those by name, a line each);
// {type: 'solved', job, header, sizes, ms, heapBytes, reference}; {type: 'output', job, output,
// ms} (a judge job's answer); {type: 'failed', job, message};
// {type: 'chunk', job, region, offset, size, bytes} (an ArrayBuffer, transferred; the page
// sends it back with a later request, as `buffer`).
// The page asks for at most a few chunks at a time, so the tables are never held three times
// (the worker's, the page's, and the chunks between them).

// `count` (address, size) pairs of doubles at `pointer` in the heap (solver_worker.cpp), as
// [address, size] arrays: the page's board's regions, or the worker's.
var gsRegionPairs = function(pointer, count) {
  var pairs = [];
  for (var i = 0; i < count; i++)
    pairs.push([HEAPF64[(pointer >> 3) + 2 * i], HEAPF64[(pointer >> 3) + 2 * i + 1]]);
  return pairs;
};

if (typeof document !== 'undefined') {
  // --- The page.
  Module['gsScript'] = document.currentScript;
  var gsSolver = {
    worker: null,    // the Worker, once its script is made
    code: null,      // a promise of the script's text
    ready: false,    // the worker's module has started
    dead: false,     // no worker can run here: the page solves in slices
    outbox: [],      // messages waiting for the worker to exist
    jobs: {},
    nextJob: 1,
  };
  var gsChunkBytes = 4 << 20;
  var gsChunksAhead = 3;
  // A worker whose heap passed this size is restarted after gsIdleRestartMs without a job.
  var gsHeavyBytes = 128 << 20;
  var gsIdleRestartMs = 10000;

  var gsSolverPost = function(message, transfer) {
    if (gsSolver.worker) gsSolver.worker.postMessage(message, transfer || []);
    else gsSolver.outbox.push(message);
  };

  // The worker is gone: its jobs fail (the page does them itself), or, when `resend` (the worker
  // was stopped for another job's sake), the ones not begun are sent to the next worker.
  var gsSolverFailAll = function(resend) {
    for (var id in gsSolver.jobs) {
      var job = gsSolver.jobs[id];
      if (job.state === 0 && resend) gsSolver.outbox.push(job.message);
      else if (job.state === 0 || (job.state === 1 && job.copied < job.totalBytes)) job.state = 2;
    }
  };

  var gsSolverSpawn = function() {
    if (gsSolver.worker || gsSolver.dead) return;
    var script = Module['gsScript'];
    if (typeof Worker === 'undefined' || typeof Blob === 'undefined' || !script ||
        typeof URL === 'undefined' || !URL.createObjectURL) {
      gsSolver.dead = true;
      return;
    }
    if (!gsSolver.code) {
      gsSolver.code = script.src
          ? fetch(script.src).then(function(response) {
              if (!response.ok) throw new Error('HTTP ' + response.status);
              return response.text();
            })
          : Promise.resolve(script.textContent);
    }
    gsSolver.code.then(function(code) {
      if (gsSolver.worker || gsSolver.dead) return;
      var base = new URL('.', script.src || document.baseURI).href;
      var url = URL.createObjectURL(new Blob(
          ['var Module = {gsBase: ' + JSON.stringify(base) + '};\n', code],
          {type: 'text/javascript'}));
      var worker;
      try {
        worker = new Worker(url);
      } catch (error) {
        gsSolver.dead = true;
        gsSolverFailAll();
        return;
      } finally {
        URL.revokeObjectURL(url);
      }
      gsSolver.worker = worker;
      gsSolver.ready = false;
      worker.onmessage = function(event) { gsSolverReceive(event.data); };
      worker.onerror = function(event) {
        // A worker that never started means none can here; one that stopped mid-job (out of
        // memory) is started again for the next board. The page solves this one itself.
        if (event && event.preventDefault) event.preventDefault();
        if (!gsSolver.ready) gsSolver.dead = true;
        gsSolverRestart();
      };
      var outbox = gsSolver.outbox;
      gsSolver.outbox = [];
      outbox.forEach(function(message) { worker.postMessage(message); });
    }, function() {
      gsSolver.dead = true;
      gsSolverFailAll();
    });
  };

  var gsSolverRestart = function(resend) {
    if (gsSolver.worker) gsSolver.worker.terminate();
    gsSolver.worker = null;
    gsSolver.ready = false;
    gsSolver.outbox = [];
    gsSolverFailAll(resend);
    gsSolverSpawn();
  };

  var gsSolverReceive = function(message) {
    if (message.type === 'ready') {
      gsSolver.ready = true;
      return;
    }
    var job = gsSolver.jobs[message.job];
    if (!job) return;  // a job stopped since
    if (message.type === 'progress') {
      job.done = message.done;
      job.total = message.total;
      job.exact = message.exact;
      job.ms = message.ms;
    } else if (message.type === 'search') {
      job.search = message.outcome;
      job.searchMs = message.ms;
      job.searchMoves = message.moves;
      job.searchBestCount = message.bestCount;
      job.searchBest = message.best;
    } else if (message.type === 'solved') {
      job.state = 1;
      job.header = message.header;
      job.sizes = message.sizes;
      job.ms = message.ms;
      job.done = job.total;
      job.reference = message.reference;
      gsSolver.heapBytes = message.heapBytes;
      job.totalBytes = message.sizes.reduce(function(sum, size) { return sum + size; }, 0);
      // The first chunks are asked for at once: they come while the page's board makes room.
      gsSolverRequest(job);
    } else if (message.type === 'output') {
      job.state = 1;
      job.output = message.output;
      job.ms = message.ms;
    } else if (message.type === 'failed') {
      job.state = 2;
      job.message = message.message;
    } else if (message.type === 'chunk') {
      job.inFlight--;
      job.chunks.push(message);
      // Once the page's board has its tables, each chunk is copied in the task that brings it
      // (4 MiB: a few milliseconds), and the next one is asked for at once.
      if (job.regions) {
        gsSolverCopyChunks(job, Infinity);
        gsSolverRequest(job);
      }
    }
  };

  var gsSolverCopyChunks = function(job, ms) {
    var start = performance.now();
    while (job.chunks.length > 0 && performance.now() - start < ms) {
      var chunk = job.chunks.shift();
      HEAPU8.set(new Uint8Array(chunk.bytes, 0, chunk.size),
                 job.regions[chunk.region][0] + chunk.offset);
      job.copied += chunk.size;
      job.spare.push(chunk.bytes);
    }
  };

  // Asks for the next chunks, keeping a few on their way.
  var gsSolverRequest = function(job) {
    while (job.inFlight + job.chunks.length < gsChunksAhead && job.region < job.sizes.length) {
      var size = Math.min(gsChunkBytes, job.sizes[job.region] - job.offset);
      if (size > 0) {
        // The buffers go back and forth (a fresh 4 MiB buffer each time costs its pages).
        var buffer = job.spare.pop();
        gsSolverPost({type: 'chunk', job: job.id, region: job.region, offset: job.offset,
                      size: size, buffer: buffer}, buffer ? [buffer] : []);
        job.inFlight++;
        job.offset += size;
      }
      if (job.offset >= job.sizes[job.region]) {
        job.region++;
        job.offset = 0;
      }
    }
  };

  Module['gsSolverStart'] = function(kind, game, text, rules) {
    gsSolverSpawn();
    if (gsSolver.dead) return 0;
    var id = gsSolver.nextJob++;
    // (Kind 102: a judge job, SolverWorker::kJudgeKind; 103: a position's search, kSearchKind.)
    var message = {type: kind === 102 ? 'judge' : kind === 103 ? 'position' : 'solve', job: id,
                   kind: kind, game: game, text: text, rules: rules};
    gsSolver.jobs[id] = {id: id, state: 0, done: 0, total: 0, exact: true, ms: 0, header: null,
                         sizes: [], totalBytes: 0, copied: 0, region: 0, offset: 0, inFlight: 0,
                         chunks: [], spare: [], regions: null, message: message};
    clearTimeout(gsSolver.idleTimer);
    gsSolverPost(message);
    return id;
  };

  Module['gsSolverPoll'] = function(job) {
    return gsSolver.jobs[job] || {state: 2, done: 0, total: 0, exact: true, ms: 0};
  };

  // The page's board has allocated its tables (regions: [address, size] pairs, which stay valid
  // until the job is stopped): the chunks are asked for and copied in as they come. Copies
  // what has come for about `ms` milliseconds; true once every byte is in.
  Module['gsSolverCopy'] = function(id, regions, ms) {
    var job = gsSolver.jobs[id];
    if (!job || job.state !== 1) return false;
    if (regions.length !== job.sizes.length ||
        regions.some(function(region, i) { return region[1] !== job.sizes[i]; })) {
      job.state = 2;
      return false;
    }
    job.regions = regions;
    gsSolverCopyChunks(job, ms);
    gsSolverRequest(job);
    return job.copied === job.totalBytes;
  };

  Module['gsSolverStop'] = function(id) {
    var job = gsSolver.jobs[id];
    if (!job) return;
    delete gsSolver.jobs[id];
    // A worker busy solving cannot be interrupted; one that holds large tables is started
    // afresh, which returns its heap to the system.
    if (job.state === 0) {
      gsSolverRestart(true);
      return;
    }
    // (A judge job's answer, or a position's, holds no tables: the worker's board, maybe being
    // copied, stays.)
    if (job.state === 1 && job.message.type === 'solve') gsSolverPost({type: 'release', job: id});
    // A worker whose heap grew large is started afresh once the page has been idle a while,
    // which returns its heap (a worker kept for the next board solves it faster: its memory is
    // already the process's).
    clearTimeout(gsSolver.idleTimer);
    if (gsSolver.heapBytes >= gsHeavyBytes) {
      gsSolver.idleTimer = setTimeout(function() {
        if (Object.keys(gsSolver.jobs).length === 0) gsSolverRestart();
      }, gsIdleRestartMs);
    }
  };

  Module['gsSolverWarmUp'] = function() { gsSolverSpawn(); };

  Module['gsSolverStatus'] = function() {
    return gsSolver.dead ? 'unavailable' : gsSolver.ready ? 'ready' : 'starting';
  };
} else if (typeof WorkerGlobalScope !== 'undefined') {
  // --- The worker: the same module, without its page.
  Module['noInitialRun'] = true;
  Module['locateFile'] = function(path) { return Module['gsBase'] + path; };
  var gsRegions = null;  // [address, size] of the solved tables, for the page's requests
  var gsInbox = [];
  var gsStarted = false;
  // A string in the heap: [pointer, bytes] (0 for a string that did not fit).
  var inHeapOf = function(text) {
    var bytes = lengthBytesUTF8(text);
    var pointer = _malloc(bytes + 1);
    if (pointer) stringToUTF8(text, pointer, bytes + 1);
    return [pointer, bytes];
  };
  var gsWorkerReceive = function(message) {
    if (message.type === 'solve') {
      gsRegions = null;
      var inHeap = inHeapOf;
      var game = inHeap(message.game), text = inHeap(message.text), rules = inHeap(message.rules);
      message.text = message.rules = null;
      if (game[0] && text[0] && rules[0]) {
        Module['_gsWorkerSolve'](message.job, message.kind, game[0], text[0], text[1], rules[0],
                                 rules[1]);
      } else {
        postMessage({type: 'failed', job: message.job, message: 'out of memory'});
      }
      [game, text, rules].forEach(function(string) { if (string[0]) _free(string[0]); });
    } else if (message.type === 'judge' || message.type === 'position') {
      var input = inHeapOf(message.text), judged = inHeapOf(message.rules);
      message.text = message.rules = null;
      if (input[0] && judged[0]) {
        Module[message.type === 'judge' ? '_gsWorkerJudge' : '_gsWorkerSearch'](
            message.job, input[0], input[1], judged[0], judged[1]);
      } else {
        postMessage({type: 'failed', job: message.job, message: 'out of memory'});
      }
      [input, judged].forEach(function(string) { if (string[0]) _free(string[0]); });
    } else if (message.type === 'chunk') {
      if (!gsRegions) return;
      var region = gsRegions[message.region];
      var buffer = message.buffer && message.buffer.byteLength >= message.size
                       ? message.buffer : new ArrayBuffer(message.size);
      new Uint8Array(buffer, 0, message.size).set(
          HEAPU8.subarray(region[0] + message.offset, region[0] + message.offset + message.size));
      postMessage({type: 'chunk', job: message.job, region: message.region,
                   offset: message.offset, size: message.size, bytes: buffer}, [buffer]);
    } else if (message.type === 'release') {
      gsRegions = null;
      Module['_gsWorkerRelease']();
    }
  };
  self.onmessage = function(event) {
    if (gsStarted) gsWorkerReceive(event.data);
    else gsInbox.push(event.data);
  };
  Module['onRuntimeInitialized'] = function() {
    gsStarted = true;
    postMessage({type: 'ready'});
    var inbox = gsInbox;
    gsInbox = [];
    inbox.forEach(gsWorkerReceive);
  };
}
