// The lock file records what the generator last wrote. It is how regeneration tells a hand
// edit from stale output, finds orphans, and finds the merge base: the last render of every file
// is mirrored under BASE_DIR, and the lock holds its hash.
//
// Format 2 (this generator):
//   { format: 2, generator: { name, version }, specSha256,
//     preset?: { reference, name, version?, sha256 /* of the whole preset chain */ },
//     files: { "<path>": { ownership, sha256 /* of the last render = the base */, kept?: true,
//                          artifact?: true /* a binary file written as it is: no base */ } } }
// Format 1 had the same shape without bases on disk and without `kept`; it is still read.

import { createHash } from "node:crypto";
import { Ownership } from "./files.ts";
import { resolveInside, UnsafePathError } from "./safe-path.ts";

export const LOCK_PATH = ".create-operator/lock.json";
export const LOCK_FORMAT = 2;
/** Formats this generator reads. */
const READABLE_FORMATS = [1, 2];
/** Where the last render of every emitted file is mirrored: the merge base of the next run. */
export const BASE_DIR = ".create-operator/base";
/** A writing run's transaction (write/journal.ts): present only while one runs, or after a kill. */
export const TXN_DIR = ".create-operator/txn";

export interface LockedFile {
  ownership: Ownership;
  /** sha256 of the content last rendered for this path (the base). */
  sha256: string;
  /** The user accepted their version with --keep: no question until the render changes again. */
  kept?: true;
  /** A binary file (a vendored tarball): written as it is, never merged, no base mirrored. */
  artifact?: true;
}

/** The preset operator.yaml extends, as the render that wrote the project resolved it. */
export interface LockedPreset {
  /** The extends value of operator.yaml. */
  reference: string;
  name: string;
  /** The version of the package (or folder package.json) that held it. */
  version?: string;
  /** sha256 over every preset of the chain and every file they render. */
  sha256: string;
}

export interface LockFile {
  format: number;
  generator: { name: string; version: string };
  specSha256: string;
  preset?: LockedPreset;
  files: Record<string, LockedFile>;
}

/** The base mirror of a project path. */
export function basePath(path: string): string {
  return `${BASE_DIR}/${path}`;
}

/** Of a rendered text's UTF-8, or of an artifact's bytes. */
export function sha256(content: string | Uint8Array): string {
  return createHash("sha256").update(content).digest("hex");
}

/** Stable key order and a trailing newline, so the lock file itself is deterministic. */
export function serializeLock(lock: LockFile): string {
  const files = Object.fromEntries(
    Object.entries(lock.files)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([path, f]) => [
        path,
        {
          ownership: f.ownership,
          sha256: f.sha256,
          ...(f.kept ? { kept: true } : {}),
          ...(f.artifact ? { artifact: true } : {}),
        },
      ]),
  );
  return JSON.stringify({ ...lock, files }, null, 2) + "\n";
}

/** A lock that cannot be used, with where in the file and what is wrong. */
export class LockFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LockFileError";
  }
}

const OWNERSHIPS: readonly string[] = Object.values(Ownership);

/**
 * More files than any spec renders: a spec is at most 256 KiB, and the smallest entry that adds a
 * file (a child) takes about 40 bytes of it, so some 6,500 entries; the examples render under 200
 * files. A lock listing more is damaged or planted, and refused before anything reads each file.
 */
export const MAX_LOCKED_FILES = 20_000;
const SHA256 = /^[0-9a-f]{64}$/;

/** Parses and validates every field; each error names the field, or line:col for bad JSON. */
export function parseLock(text: string): LockFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason =
      error instanceof Error ? error.message.replace(/ \(line \d+ column \d+\)$/, "") : "";
    throw new LockFileError(`${jsonErrorLocation(text, error)}: not valid JSON (${reason})`);
  }
  const where = (field: string) => `${LOCK_PATH}: ${field}`;
  if (!isRecord(value))
    throw new LockFileError(where(`expected an object at the top, found ${kind(value)}`));
  if (typeof value.format !== "number")
    throw new LockFileError(where(`"format" must be a number, found ${kind(value.format)}`));
  if (!READABLE_FORMATS.includes(value.format))
    throw new LockFileError(
      where(
        value.format > LOCK_FORMAT
          ? `format ${value.format} was written by a newer create-operator (this one reads formats up to ${LOCK_FORMAT})`
          : `unknown format ${value.format}`,
      ),
    );
  const generator = value.generator;
  if (
    !isRecord(generator) ||
    typeof generator.name !== "string" ||
    typeof generator.version !== "string"
  )
    throw new LockFileError(where(`"generator" must be { "name": string, "version": string }`));
  if (typeof value.specSha256 !== "string")
    throw new LockFileError(
      where(`"specSha256" must be a string, found ${kind(value.specSha256)}`),
    );
  if (!isRecord(value.files))
    throw new LockFileError(where(`"files" must be an object, found ${kind(value.files)}`));
  const entries = Object.entries(value.files);
  if (entries.length > MAX_LOCKED_FILES)
    throw new LockFileError(
      where(
        `"files" lists ${entries.length} files; a generated project has at most ${MAX_LOCKED_FILES}`,
      ),
    );
  const files: Record<string, LockedFile> = {};
  for (const [path, entry] of entries) {
    const field = `files[${JSON.stringify(path)}]`;
    try {
      resolveInside("/", path);
      if (path === BASE_DIR || path.startsWith(`${BASE_DIR}/`))
        throw new UnsafePathError(path, "the base mirror is not a project file");
    } catch (error) {
      if (error instanceof UnsafePathError)
        throw new LockFileError(where(`${field}: ${error.message}`));
      throw error;
    }
    if (!isRecord(entry))
      throw new LockFileError(where(`${field} must be an object, found ${kind(entry)}`));
    if (typeof entry.ownership !== "string" || !OWNERSHIPS.includes(entry.ownership))
      throw new LockFileError(
        where(
          `${field}.ownership must be one of ${OWNERSHIPS.join(", ")}, found ${kind(entry.ownership)}`,
        ),
      );
    if (typeof entry.sha256 !== "string" || !SHA256.test(entry.sha256))
      throw new LockFileError(
        where(`${field}.sha256 must be 64 hex digits, found ${kind(entry.sha256)}`),
      );
    if (entry.kept !== undefined && entry.kept !== true)
      throw new LockFileError(
        where(`${field}.kept must be true when present, found ${kind(entry.kept)}`),
      );
    if (entry.artifact !== undefined && entry.artifact !== true)
      throw new LockFileError(
        where(`${field}.artifact must be true when present, found ${kind(entry.artifact)}`),
      );
    files[path] = {
      ownership: entry.ownership as Ownership,
      sha256: entry.sha256,
      ...(entry.kept ? { kept: true } : {}),
      ...(entry.artifact ? { artifact: true } : {}),
    };
  }
  const preset = parseLockedPreset(value.preset, where);
  return {
    format: value.format,
    generator: { name: generator.name, version: generator.version },
    specSha256: value.specSha256,
    ...(preset ? { preset } : {}),
    files,
  };
}

function parseLockedPreset(
  value: unknown,
  where: (field: string) => string,
): LockedPreset | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value))
    throw new LockFileError(where(`"preset" must be an object, found ${kind(value)}`));
  for (const field of ["reference", "name"] as const)
    if (typeof value[field] !== "string")
      throw new LockFileError(
        where(`preset.${field} must be a string, found ${kind(value[field])}`),
      );
  if (value.version !== undefined && typeof value.version !== "string")
    throw new LockFileError(where(`preset.version must be a string, found ${kind(value.version)}`));
  if (typeof value.sha256 !== "string" || !SHA256.test(value.sha256))
    throw new LockFileError(
      where(`preset.sha256 must be 64 hex digits, found ${kind(value.sha256)}`),
    );
  return {
    reference: value.reference as string,
    name: value.name as string,
    ...(typeof value.version === "string" ? { version: value.version } : {}),
    sha256: value.sha256,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function kind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (value === undefined) return "nothing";
  if (typeof value === "object") return "an object";
  return `${typeof value} ${JSON.stringify(value)}`;
}

/** V8's messages carry a character offset ("at position 12") or, newer, "(line 2 column 3)". */
function jsonErrorLocation(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : "";
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return `${LOCK_PATH}:${lineColumn[1]}:${lineColumn[2]}`;
  const position = /at position (\d+)/.exec(message);
  let offset = position ? Number(position[1]) : firstBadOffset(text, message);
  offset = Math.min(offset, text.length);
  const before = text.slice(0, offset).split("\n");
  return `${LOCK_PATH}:${before.length}:${before[before.length - 1]!.length + 1}`;
}

/** 'Unexpected token 'g', "garbage" is not valid JSON' names the token, not where it is. */
function firstBadOffset(text: string, message: string): number {
  if (/end of JSON input/.test(message)) return text.length;
  const token = /Unexpected token '(.)'/.exec(message)?.[1];
  const at = token === undefined ? -1 : text.indexOf(token);
  return at >= 0 ? at : 0;
}
