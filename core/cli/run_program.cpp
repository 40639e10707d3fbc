#include "run_program.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>

namespace gs {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kErrorOutputKept = 64 << 10;

void closeFd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

ParseError startError(const std::string& program, int error) {
  return ParseError{0, 0, "cannot run '" + program + "': " + std::strerror(error)};
}

}  // namespace

Expected<ProgramRun> runProgram(const std::vector<std::string>& argv, const std::string& input,
                                const RunLimits& limits) {
  if (argv.empty()) return ParseError{0, 0, "no program to run"};
  std::signal(SIGPIPE, SIG_IGN);
  // 0 its standard input, 1 its standard output, 2 its standard error, 3 the exec report (the
  // child writes errno there when execvp fails; close-on-exec closes it when exec succeeds).
  int pipes[4][2];
  for (int k = 0; k < 4; ++k) {
    if (::pipe2(pipes[k], O_CLOEXEC) != 0) {
      const int error = errno;
      for (int j = 0; j < k; ++j) ::close(pipes[j][0]), ::close(pipes[j][1]);
      return startError(argv[0], error);
    }
  }
  std::vector<char*> args;
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);

  const Clock::time_point start = Clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    // The child: only async-signal-safe calls until exec.
    ::setpgid(0, 0);
    ::signal(SIGPIPE, SIG_DFL);
    ::dup2(pipes[0][0], 0);
    ::dup2(pipes[1][1], 1);
    ::dup2(pipes[2][1], 2);
    ::execvp(args[0], args.data());
    const int error = errno;
    ssize_t ignored = ::write(pipes[3][1], &error, sizeof error);
    (void)ignored;
    ::_exit(127);
  }
  if (pid < 0) {
    const int error = errno;
    for (auto& pipe : pipes) ::close(pipe[0]), ::close(pipe[1]);
    return startError(argv[0], error);
  }
  ::setpgid(pid, pid);  // also here, so that the group exists whichever runs first
  int toChild = pipes[0][1], fromOut = pipes[1][0], fromErr = pipes[2][0];
  ::close(pipes[0][0]);
  ::close(pipes[1][1]);
  ::close(pipes[2][1]);
  ::close(pipes[3][1]);
  int execError = 0;
  ssize_t got;
  do got = ::read(pipes[3][0], &execError, sizeof execError);
  while (got < 0 && errno == EINTR);
  ::close(pipes[3][0]);
  if (got == static_cast<ssize_t>(sizeof execError)) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    closeFd(toChild);
    closeFd(fromOut);
    closeFd(fromErr);
    return startError(argv[0], execError);
  }

  for (int fd : {toChild, fromOut, fromErr})
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  ProgramRun run;
  run.timeLimitSeconds = limits.timeoutSeconds;
  run.outputLimitBytes = limits.maxOutputBytes;
  const Clock::time_point deadline =
      start + std::chrono::duration_cast<Clock::duration>(
                  std::chrono::duration<double>(limits.timeoutSeconds));
  const auto millisecondsLeft = [&deadline] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  };
  std::size_t written = 0;
  if (input.empty()) closeFd(toChild);
  bool stopped = false;  // the time limit or the output cap ended the run
  char buffer[1 << 16];
  while (toChild >= 0 || fromOut >= 0 || fromErr >= 0) {
    const long long left = millisecondsLeft();
    if (left <= 0) {
      run.end = ProgramRun::End::kTimedOut;
      stopped = true;
      break;
    }
    pollfd fds[3];
    int count = 0;
    for (int fd : {toChild, fromOut, fromErr})
      if (fd >= 0)
        fds[count++] = pollfd{fd, static_cast<short>(fd == toChild ? POLLOUT : POLLIN), 0};
    const int ready = ::poll(fds, static_cast<nfds_t>(count), static_cast<int>(left + 1));
    if (ready < 0 && errno != EINTR) break;
    for (int k = 0; k < count && ready > 0; ++k) {
      if (fds[k].revents == 0) continue;
      if (fds[k].fd == toChild) {
        const ssize_t put = ::write(toChild, input.data() + written,
                                    std::min<std::size_t>(input.size() - written, sizeof buffer));
        if (put > 0) written += static_cast<std::size_t>(put);
        // A closed pipe (EPIPE): the program stopped reading, which is its business.
        if ((put < 0 && errno != EAGAIN && errno != EINTR) || written == input.size())
          closeFd(toChild);
        continue;
      }
      const bool isOut = fds[k].fd == fromOut;
      const ssize_t read = ::read(fds[k].fd, buffer, sizeof buffer);
      if (read < 0 && (errno == EAGAIN || errno == EINTR)) continue;
      if (read <= 0) {
        closeFd(isOut ? fromOut : fromErr);
        continue;
      }
      if (isOut) {
        run.output.append(buffer, static_cast<std::size_t>(read));
      } else if (run.errorOutput.size() < kErrorOutputKept) {
        run.errorOutput.append(buffer,
                               std::min<std::size_t>(static_cast<std::size_t>(read),
                                                     kErrorOutputKept - run.errorOutput.size()));
      }
    }
    if (run.output.size() > limits.maxOutputBytes) {
      run.end = ProgramRun::End::kOutputTooLarge;
      stopped = true;
      break;
    }
  }
  // Both outputs are closed: wait (without reaping, so that its process group cannot be reused
  // yet) until the program exits or the time runs out.
  while (!stopped) {
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == pid)
      break;
    if (millisecondsLeft() <= 0) {
      run.end = ProgramRun::End::kTimedOut;
      stopped = true;
      break;
    }
    ::usleep(500);
  }
  ::kill(-pid, SIGKILL);  // the program if it still runs, and whatever it started
  ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  closeFd(toChild);
  closeFd(fromOut);
  closeFd(fromErr);
  run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (!stopped) {
    if (WIFSIGNALED(status)) {
      run.end = ProgramRun::End::kSignaled;
      run.signal = WTERMSIG(status);
    } else {
      run.end = ProgramRun::End::kExited;
      run.exitStatus = WEXITSTATUS(status);
    }
  }
  return run;
}

}  // namespace gs
