// Drops the values of annotations the cache will not keep from a LIST or WATCH body, or from the
// object a status or finalizer write returns, while its bytes arrive, before any of it becomes a
// string. The cache keeps only an allow-list of annotations (cache-shape.ts), but stripping them
// after JSON.parse comes too late for memory: a LIST page of 25 objects with 250 KiB annotations
// is a 6 MiB body, read into a Buffer, made a 6 MiB string
// (an external one, outside the V8 heap) and parsed into 6 MiB of strings more, per page. V8 frees
// such external memory only after 64 MiB of it has piled up, and the garbage of the first pages
// survives the young-generation collections into the old one, so 800 such objects peaked at
// 200-270 MiB RSS against the Deployment's 256 MiB limit (issue 24), whatever the heap limit or
// page size. Filtered as the chunks come, a body carries `"key":""` for each such annotation and
// the process never holds more of it than one socket chunk.
//
// A small JSON scanner: it tracks the nesting of objects and arrays and the keys that lead to the
// current position, copies everything through, and skips the content of a string value whose path
// is `<annotations path>.<key>` with a key not in the allow-list. Strings are skipped with
// Buffer.indexOf (memchr), not byte by byte. Input that is not JSON passes through unchanged
// enough for JSON.parse to reject it as before.

/** Matches any array index in a path pattern. */
export const ANY_INDEX = Symbol("any index");
type PathStep = string | typeof ANY_INDEX;

/** Where the annotations are: a LIST body's items, a watch event's object, and one object (a write's response). */
export const LIST_ANNOTATIONS: readonly PathStep[] = [
  "items",
  ANY_INDEX,
  "metadata",
  "annotations",
];
export const WATCH_ANNOTATIONS: readonly PathStep[] = ["object", "metadata", "annotations"];
export const OBJECT_ANNOTATIONS: readonly PathStep[] = ["metadata", "annotations"];

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

interface Frame {
  array: boolean;
  /** On the pattern's path: every step from the root to this container matched. */
  onPath: boolean;
  /** Objects: the next string is a key. */
  expectKey: boolean;
  /** Objects: the last key read (only kept while on the path). */
  key: string | undefined;
}

export class AnnotationFilter {
  readonly #kept: ReadonlySet<string>;
  readonly #path: readonly PathStep[];
  readonly #stack: Frame[] = [];
  /** Inside a string; `#skipping`: one whose content is dropped; `#capturing`: a key on the path. */
  #inString = false;
  #skipping = false;
  #capturing: Buffer[] | undefined;
  #escaped = false;
  #output: Buffer[] = [];
  #outputBytes = 0;

  constructor(keptAnnotations: readonly string[], path: readonly PathStep[]) {
    this.#kept = new Set(keptAnnotations);
    this.#path = path;
  }

  /** Scans `chunk`, keeping the filtered bytes for take(). */
  write(chunk: Buffer): void {
    let copyFrom = 0;
    let i = 0;
    const end = chunk.length;
    // The next backslash at or after i, looked up again only once i has passed it: searched
    // afresh for every string, a chunk without one would be scanned to its end each time.
    let backslash = chunk.indexOf(BACKSLASH);
    while (i < end) {
      if (this.#inString) {
        if (this.#escaped) {
          this.#escaped = false;
          this.#capturing?.push(chunk.subarray(i, i + 1));
          i++;
          continue;
        }
        if (backslash !== -1 && backslash < i) backslash = chunk.indexOf(BACKSLASH, i);
        const quote = chunk.indexOf(QUOTE, i);
        const stop =
          quote === -1 ? backslash : backslash === -1 ? quote : Math.min(quote, backslash);
        if (stop === -1) {
          this.#capturing?.push(chunk.subarray(i, end));
          i = end;
          break;
        }
        if (stop === backslash) {
          this.#capturing?.push(chunk.subarray(i, stop + 1));
          this.#escaped = true;
          i = stop + 1;
          continue;
        }
        // The closing quote.
        this.#capturing?.push(chunk.subarray(i, stop));
        if (this.#skipping) {
          this.#skipping = false;
          copyFrom = stop; // the closing quote is copied
        }
        this.#endString();
        i = stop + 1;
        continue;
      }
      const byte = chunk[i]!;
      if (byte === QUOTE) {
        if (this.#startString()) {
          // Copy up to and with the opening quote; drop the content.
          this.#append(chunk.subarray(copyFrom, i + 1));
          this.#skipping = true;
        }
        i++;
        continue;
      }
      const top = this.#stack.at(-1);
      if (byte === 0x7b || byte === 0x5b) {
        // { or [: a container starts, on the path if its parent is and the step matches.
        const depth = this.#stack.length;
        const step = this.#path[depth - 1];
        const onPath =
          depth === 0
            ? true
            : top!.onPath &&
              depth <= this.#path.length &&
              (top!.array ? step === ANY_INDEX : step === top!.key);
        this.#stack.push({
          array: byte === 0x5b,
          onPath,
          expectKey: byte === 0x7b,
          key: undefined,
        });
      } else if (byte === 0x7d || byte === 0x5d) {
        this.#stack.pop();
      } else if (byte === 0x2c && top !== undefined && !top.array) {
        top.expectKey = true;
      }
      i++;
    }
    if (!this.#skipping) this.#append(chunk.subarray(copyFrom, end));
  }

  /** The filtered bytes written since the last take(). */
  take(): Buffer {
    const output =
      this.#output.length === 1 ? this.#output[0]! : Buffer.concat(this.#output, this.#outputBytes);
    this.#output = [];
    this.#outputBytes = 0;
    return output;
  }

  /** A string starts; true when its content is to be dropped. */
  #startString(): boolean {
    this.#inString = true;
    const top = this.#stack.at(-1);
    if (top === undefined || top.array) return false;
    if (top.expectKey) {
      // A key: read it only where the path can continue through it.
      if (top.onPath && this.#stack.length <= this.#path.length + 1) this.#capturing = [];
      return false;
    }
    // A value: an annotation's, where the path ends, and not one the cache keeps.
    return (
      top.onPath &&
      this.#stack.length === this.#path.length + 1 &&
      (top.key === undefined || !this.#kept.has(top.key))
    );
  }

  #endString(): void {
    this.#inString = false;
    const top = this.#stack.at(-1);
    if (top !== undefined && !top.array && top.expectKey) {
      top.expectKey = false;
      top.key = this.#capturing === undefined ? undefined : decodeKey(this.#capturing);
    }
    this.#capturing = undefined;
  }

  #append(bytes: Buffer): void {
    if (bytes.length === 0) return;
    // A copy: a subarray would keep the whole socket chunk (and its skipped bytes) alive.
    this.#output.push(Buffer.from(bytes));
    this.#outputBytes += bytes.length;
  }
}

/** A key's raw bytes, escapes and all, as the string JSON.parse would make of them. */
function decodeKey(parts: Buffer[]): string | undefined {
  const raw = Buffer.concat(parts).toString("utf8");
  if (!raw.includes("\\")) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return undefined; // not JSON: JSON.parse of the whole body will say so
  }
}

/** A body's bytes through `filter`, chunk by chunk: never the whole unfiltered body at once. */
export async function readFiltered(
  body: AsyncIterable<unknown>,
  filter: AnnotationFilter,
  signal: AbortSignal | undefined,
): Promise<Buffer> {
  try {
    for await (const chunk of body) filter.write(chunk as Buffer);
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    throw err;
  }
  return filter.take();
}
