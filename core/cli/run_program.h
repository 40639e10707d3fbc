// Running the program under test of `gamesolver check` (core/tools/check.h) as a child process:
// POSIX fork and execvp with three pipes, no shell. Native only (Linux: /proc and
// PR_SET_CHILD_SUBREAPER).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tools/check.h"

namespace gs {

struct RunLimits {
  double timeoutSeconds = 2;                               // wall-clock time of one run
  std::uint64_t maxOutputBytes = std::uint64_t{64} << 20;  // standard output kept at most
};

// Runs argv[0] (found on PATH when it holds no '/') with argv[1..] as its arguments, `input` on
// its standard input, and collects its standard output and standard error. The error result
// means the program could not be started.
//
// The run ends when the program itself exits (what it wrote until then is kept: a child it
// left behind holding the pipes open does not make it late), passes the time limit or the
// output cap, or when a signal caught by catchTerminationSignals() arrives. Then nothing it
// started may linger: the program runs in a process group of its own, which is killed
// (SIGKILL); this process is made a child subreaper (PR_SET_CHILD_SUBREAPER), so that whatever
// the program started and left, including children that left its group or session (setsid,
// set -m), is re-parented to this process instead of init; and every remaining descendant of
// this process is killed and reaped before the call returns. The caller must therefore have
// no child of its own that should outlive a run. SIGPIPE is ignored in this process (a
// program that does not read its input is not an error).
Expected<ProgramRun> runProgram(const std::vector<std::string>& argv, const std::string& input,
                                const RunLimits& limits);

// From now on SIGINT, SIGTERM and SIGHUP (those not ignored on entry, so that nohup keeps
// working) end this process cleanly: a run in progress is ended as above, every process it
// started killed and reaped, then the signal's default action is restored and the signal
// raised again, so that the process ends by that signal (a shell sees 128 + its number).
// Outside a run there is nothing to kill, and the signal acts at once.
void catchTerminationSignals();

}  // namespace gs
