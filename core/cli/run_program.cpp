#include "cli/run_program.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>

#include "base/forms.h"

namespace gs {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kErrorOutputKept = 64 << 10;
constexpr int kTerminationSignals[] = {SIGINT, SIGTERM, SIGHUP};

// Shared with the signal handler (async-signal-safe state only).
volatile std::sig_atomic_t gInRun = 0;          // a program may be running: clean up first
volatile std::sig_atomic_t gPendingSignal = 0;  // a termination signal that arrived in a run
int gWakeRead = -1, gWakeWrite = -1;            // wakes the run's poll() when one arrives

void raiseAgain(int signal) {
  std::signal(signal, SIG_DFL);
  std::raise(signal);
  ::_exit(128 + signal);  // not reached: the default action of these signals ends the process
}

extern "C" void onTerminationSignal(int signal) {
  if (!gInRun) raiseAgain(signal);  // no run, nothing to kill (runs leave nothing behind)
  gPendingSignal = signal;
  if (gWakeWrite >= 0) {
    const char byte = 0;
    ssize_t ignored = ::write(gWakeWrite, &byte, 1);
    (void)ignored;
  }
}

// Ends the process by the pending termination signal, if one arrived (the run is cleaned up).
void actOnPendingSignal() {
  if (gPendingSignal) raiseAgain(gPendingSignal);
}

void closeFd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

ParseError startError(const std::string& program, int error) {
  return ParseError{
      0, 0,
      Message(forms::kCannotRun, {{"RAW", Message::verbatim(program)},
                                  {"REASON", Message::verbatim(std::strerror(error))}})};
}

// Appends the decimal numbers of a text ("12 345\n") to `pids`.
void appendNumbers(const char* text, std::size_t size, std::vector<pid_t>& pids) {
  pid_t value = 0;
  bool inNumber = false;
  for (std::size_t k = 0; k <= size; ++k) {
    if (k < size && text[k] >= '0' && text[k] <= '9') {
      value = value * 10 + (text[k] - '0');
      inNumber = true;
    } else if (inNumber) {
      pids.push_back(value);
      value = 0;
      inNumber = false;
    }
  }
}

std::size_t readSmallFile(const std::string& path, char* buffer, std::size_t size) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  std::size_t got = 0;
  while (got < size) {
    const ssize_t n = ::read(fd, buffer + got, size - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  ::close(fd);
  return got;
}

// The children of this process: /proc/self/task/*/children (each thread's children, where the
// kernel also puts the orphans it re-parents to a subreaper), or, without that file, every
// process of /proc whose parent is this one.
std::vector<pid_t> ownChildren() {
  std::vector<pid_t> children;
  static char buffer[1 << 16];
  bool haveChildrenFiles = false;
  if (DIR* tasks = ::opendir("/proc/self/task")) {
    while (const dirent* task = ::readdir(tasks)) {
      if (task->d_name[0] < '0' || task->d_name[0] > '9') continue;
      const std::string path = std::string("/proc/self/task/") + task->d_name + "/children";
      if (::access(path.c_str(), R_OK) != 0) continue;
      haveChildrenFiles = true;
      appendNumbers(buffer, readSmallFile(path, buffer, sizeof buffer), children);
    }
    ::closedir(tasks);
  }
  if (haveChildrenFiles) return children;
  const pid_t self = ::getpid();
  if (DIR* proc = ::opendir("/proc")) {
    while (const dirent* entry = ::readdir(proc)) {
      if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
      const std::size_t size =
          readSmallFile(std::string("/proc/") + entry->d_name + "/stat", buffer, 511);
      buffer[size] = '\0';
      // "pid (command) state ppid ...": the command may hold spaces and parentheses.
      const char* close = std::strrchr(buffer, ')');
      if (!close || std::strlen(close) < 5) continue;
      std::vector<pid_t> parent;
      appendNumbers(close + 4, std::strcspn(close + 4, " "), parent);
      if (parent.size() == 1 && parent[0] == self)
        appendNumbers(entry->d_name, std::strlen(entry->d_name), children);
    }
    ::closedir(proc);
  }
  return children;
}

// Kills and reaps every descendant of this process. As a subreaper it receives the orphans of
// the processes it kills, so killing its children level by level reaches the whole tree, also
// processes in other groups or sessions, and ones forked while this runs.
void killDescendants() {
  for (;;) {
    const std::vector<pid_t> children = ownChildren();
    if (children.empty()) return;
    for (pid_t child : children) ::kill(child, SIGKILL);
    for (pid_t child : children)
      while (::waitpid(child, nullptr, 0) < 0 && errno == EINTR) {
      }
  }
}

int openPidfd(pid_t pid) {
#ifdef SYS_pidfd_open
  return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
#else
  (void)pid;
  return -1;
#endif
}

bool hasExited(pid_t pid) {
  siginfo_t info{};
  return ::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
         info.si_pid == pid;
}

}  // namespace

void catchTerminationSignals() {
  if (gWakeRead < 0) {
    int ends[2];
    if (::pipe2(ends, O_CLOEXEC | O_NONBLOCK) == 0) gWakeRead = ends[0], gWakeWrite = ends[1];
  }
  for (int signal : kTerminationSignals) {
    struct sigaction old {};
    if (::sigaction(signal, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    struct sigaction action {};
    action.sa_handler = onTerminationSignal;
    sigemptyset(&action.sa_mask);
    for (int other : kTerminationSignals) sigaddset(&action.sa_mask, other);
    action.sa_flags = 0;  // no SA_RESTART: a blocking wait returns EINTR and looks again
    ::sigaction(signal, &action, nullptr);
  }
}

Expected<ProgramRun> runProgram(const std::vector<std::string>& argv, const std::string& input,
                                const RunLimits& limits) {
  if (argv.empty()) return ParseError{0, 0, "no program to run"};
  std::signal(SIGPIPE, SIG_IGN);
  // Orphans of the program come to this process (not init), to be killed after the run.
  static const bool subreaper = ::prctl(PR_SET_CHILD_SUBREAPER, 1) == 0;
  (void)subreaper;
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

  gInRun = 1;
  // The child gets the signal dispositions gamesolver had on entry: caught ones are reset by
  // exec, ignored ones stay ignored.
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
    gInRun = 0;
    actOnPendingSignal();
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
    while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
    closeFd(toChild);
    closeFd(fromOut);
    closeFd(fromErr);
    gInRun = 0;
    actOnPendingSignal();
    return startError(argv[0], execError);
  }

  for (int fd : {toChild, fromOut, fromErr})
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  // Readable when the program exits (Linux 5.3); without it, poll() looks every 5 ms.
  int exitFd = openPidfd(pid);
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
  char buffer[1 << 16];
  // Appends what one read of `fd` (at most `most` bytes) gives, and returns the bytes read: 0
  // when none are ready, -1 at the end of the pipe or on an error.
  const auto readFrom = [&](int fd, std::size_t most) -> ssize_t {
    const ssize_t read = ::read(fd, buffer, std::min(most, sizeof buffer));
    if (read < 0 && (errno == EAGAIN || errno == EINTR)) return 0;
    if (read <= 0) return -1;
    if (fd == fromOut) {
      run.output.append(buffer, static_cast<std::size_t>(read));
    } else if (run.errorOutput.size() < kErrorOutputKept) {
      run.errorOutput.append(buffer,
                             std::min<std::size_t>(static_cast<std::size_t>(read),
                                                   kErrorOutputKept - run.errorOutput.size()));
    }
    return read;
  };
  bool stopped = false;  // the time limit, the output cap or a signal ended the run
  bool exited = false;
  for (;;) {
    if (gPendingSignal) {
      stopped = true;
      break;
    }
    if (run.output.size() > limits.maxOutputBytes) {
      run.end = ProgramRun::End::kOutputTooLarge;
      stopped = true;
      break;
    }
    if (exited) break;
    const long long left = millisecondsLeft();
    if (left <= 0) {
      run.end = ProgramRun::End::kTimedOut;
      stopped = true;
      break;
    }
    pollfd fds[5];
    int count = 0;
    for (int fd : {toChild, fromOut, fromErr, exitFd, gWakeRead})
      if (fd >= 0)
        fds[count++] = pollfd{fd, static_cast<short>(fd == toChild ? POLLOUT : POLLIN), 0};
    const long long wait = exitFd >= 0 ? left + 1 : std::min<long long>(left + 1, 5);
    const int ready = ::poll(fds, static_cast<nfds_t>(count), static_cast<int>(wait));
    if (ready < 0 && errno != EINTR) break;
    for (int k = 0; k < count && ready > 0; ++k) {
      if (fds[k].revents == 0 || fds[k].fd == exitFd || fds[k].fd == gWakeRead) continue;
      if (fds[k].fd == toChild) {
        const ssize_t put = ::write(toChild, input.data() + written,
                                    std::min<std::size_t>(input.size() - written, sizeof buffer));
        if (put > 0) written += static_cast<std::size_t>(put);
        // A closed pipe (EPIPE): the program stopped reading, which is its business.
        if ((put < 0 && errno != EAGAIN && errno != EINTR) || written == input.size())
          closeFd(toChild);
        continue;
      }
      if (readFrom(fds[k].fd, sizeof buffer) < 0) closeFd(fds[k].fd == fromOut ? fromOut : fromErr);
    }
    if (hasExited(pid)) {
      // The program is gone: what it wrote is in the pipes now. Take exactly that (a child it
      // left behind may go on writing), then the run is over.
      exited = true;
      for (int fd : {fromOut, fromErr}) {
        int pending = 0;
        if (fd < 0 || ::ioctl(fd, FIONREAD, &pending) != 0) continue;
        for (auto left = static_cast<std::size_t>(pending); left > 0;) {
          const ssize_t read = readFrom(fd, left);
          if (read <= 0) break;
          left -= std::min(left, static_cast<std::size_t>(read));
        }
      }
    }
  }
  ::kill(-pid, SIGKILL);  // the program if it still runs, and its process group
  ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  killDescendants();  // whatever left the group, or was orphaned and came to this subreaper
  closeFd(toChild);
  closeFd(fromOut);
  closeFd(fromErr);
  closeFd(exitFd);
  if (gWakeRead >= 0)
    while (::read(gWakeRead, buffer, sizeof buffer) > 0) {
    }
  gInRun = 0;
  actOnPendingSignal();
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
