// Node's filesystem errors say `ENOSPC: no space left on device, write`; users need the path we
// were working on and the cause in words. Shared by the stages that touch the disk (parse reads
// the spec, plan reads the target, write writes it).

/** An error thrown by a Node.js system call (it has an errno code such as ENOSPC). */
export function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return (
    error instanceof Error &&
    typeof (error as NodeJS.ErrnoException).code === "string" &&
    typeof (error as NodeJS.ErrnoException).syscall === "string"
  );
}

/** `no space left on device (ENOSPC)`: the cause without the syscall and path we print anyway. */
export function systemErrorCause(error: unknown): string {
  if (!isSystemError(error)) return error instanceof Error ? error.message : String(error);
  const text = error.message
    .replace(/^[A-Z0-9_]+: /, "")
    .replace(/, \w+(?: '.*')?$/, "")
    .trim();
  return `${text} (${error.code})`;
}
