// Reading the spec file: the one place the parse stage touches the disk. The file is opened once
// and checked through its descriptor before a byte is read, so a directory, a FIFO or a 3 GB file
// is refused at once instead of being read into memory (or waited on) first.

import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readlinkSync,
  readSync,
} from "node:fs";
import { isUtf8 } from "node:buffer";
import { InputError, type Diagnostic } from "../base/diagnostics.ts";
import { MAX_SPEC_BYTES } from "./parse-spec.ts";

/** The spec's text, or an InputError naming the path and the cause (IO001–IO003, YAML003, YAML011). */
export function readSpecFile(path: string): string {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO for reading must not wait for a writer; regular files ignore it.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw refuse(path, ...openFailure(path, error));
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      throw refuse(
        path,
        "IO002",
        `is ${kindOf(stat)}, not a spec file`,
        "Pass the path of an operator.yaml file with --spec.",
      );
    }
    if (stat.size > MAX_SPEC_BYTES) throw tooLarge(path, stat.size);
    return decode(path, readBounded(path, fd));
  } finally {
    closeSync(fd);
  }
}

/** At most MAX_SPEC_BYTES + 1 bytes, whatever the size said: the file may grow while we read. */
function readBounded(path: string, fd: number): Buffer {
  const buffer = Buffer.alloc(MAX_SPEC_BYTES + 1);
  let length = 0;
  try {
    for (;;) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
      if (length > MAX_SPEC_BYTES) throw tooLarge(path, length, "more than ");
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw refuse(
      path,
      "IO003",
      `cannot be read: ${cause(error)}`,
      "Check the file and its permissions.",
    );
  }
  return buffer.subarray(0, length);
}

function decode(path: string, bytes: Buffer): string {
  if (isUtf8(bytes)) return bytes.toString("utf8");
  // Point at the first line that is not UTF-8, and at the first character that fails in it.
  let lineStart = 0;
  let line = 1;
  for (;;) {
    const newline = bytes.indexOf(0x0a, lineStart);
    const end = newline < 0 ? bytes.length : newline;
    const text = bytes.subarray(lineStart, end);
    if (!isUtf8(text) || newline < 0) {
      const col = new TextDecoder("utf-8").decode(text).indexOf("\uFFFD") + 1;
      throw refuse(path, "YAML011", "is not UTF-8 text", "Save the file as UTF-8.", {
        line,
        col: Math.max(col, 1),
      });
    }
    lineStart = newline + 1;
    line++;
  }
}

function openFailure(path: string, error: unknown): [string, string, string] {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR") {
    const dangling = danglingTarget(path);
    return [
      "IO001",
      dangling === undefined
        ? "spec file not found"
        : `spec file not found: it is a symbolic link to ${dangling}, which does not exist`,
      "Pass the path of an operator.yaml with --spec.",
    ];
  }
  return ["IO003", `cannot be opened: ${cause(error)}`, "Check the path and its permissions."];
}

function danglingTarget(path: string): string | undefined {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : undefined;
  } catch {
    return undefined;
  }
}

function kindOf(stat: ReturnType<typeof fstatSync>): string {
  if (stat.isDirectory()) return "a directory";
  if (stat.isFIFO()) return "a named pipe";
  if (stat.isSocket()) return "a socket";
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device";
  return "not a regular file";
}

/** `permission denied (EACCES)`: Node's message without the syscall and path we already print. */
export function cause(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  if (!e?.code) return String(error instanceof Error ? error.message : error);
  const text = e.message.replace(/^[A-Z]+: /, "").replace(/, \w+ '.*'$/, "");
  return `${text} (${e.code})`;
}

function tooLarge(path: string, bytes: number, qualifier = ""): InputError {
  return refuse(
    path,
    "YAML003",
    `the spec is ${qualifier}${bytes} bytes; the limit is ${MAX_SPEC_BYTES}`,
    "A domain spec fits on a page; check that this is the right file.",
  );
}

function refuse(
  file: string,
  code: string,
  message: string,
  hint: string,
  position = { line: 1, col: 1 },
): InputError {
  const diagnostic: Diagnostic = {
    severity: "error",
    code,
    path: "",
    message,
    hint,
    file,
    position,
  };
  return new InputError([diagnostic]);
}
