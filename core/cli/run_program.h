// Running the program under test of `gamesolver check` (core/check.h) as a child process:
// POSIX fork and execvp with three pipes, no shell. Native only.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../check.h"

namespace gs {

struct RunLimits {
  double timeoutSeconds = 2;                               // wall-clock time of one run
  std::uint64_t maxOutputBytes = std::uint64_t{64} << 20;  // standard output kept at most
};

// Runs argv[0] (found on PATH when it holds no '/') with argv[1..] as its arguments, `input` on
// its standard input, and collects its standard output and standard error. The child runs in
// a process group of its own; when the time limit or the output cap is passed, or once it has
// exited, the whole group is killed (SIGKILL), so programs it started do not linger. SIGPIPE
// is ignored in this process (a program that does not read its input is not an error). The
// error result means the program could not be started.
Expected<ProgramRun> runProgram(const std::vector<std::string>& argv, const std::string& input,
                                const RunLimits& limits);

}  // namespace gs
