// Whether a process of this host still exists, for files that name the pid that wrote them
// (a killed run's staging folder or temporary file): signal 0 asks without signalling; EPERM
// means it exists under another user. A reused pid looks alive, which errs on keeping files.

export function isProcessAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
