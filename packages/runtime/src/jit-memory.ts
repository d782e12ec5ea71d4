// Keeping V8's optimizing compilers out of a long-running operator's resident memory. A burst of
// work (the first sync of 1,000 objects) makes Maglev and TurboFan compile the hot paths; what
// they leave behind (compiler zones in malloc arenas, code pages, the pages of the node binary
// they run) is native memory no garbage collection returns, so the container's RSS after the
// burst stays 10 to 13 MiB above idle while the JavaScript heap holds the same ~2.5 KB per cached
// object with or without them. Measured with npm run bench:operator (1,000 objects, RSS after
// the steady window minus idle): 12.8 MiB with both, 9.7 without TurboFan, 13.0 without Maglev,
// 2.4 without either. The Deployment's --jitless used to keep them off, but it removes
// WebAssembly and with it fetch (issue 24). Turning off only the two optimizing tiers keeps the
// Sparkplug baseline compiler for JavaScript and leaves WebAssembly whole. Node refuses these
// flags in NODE_OPTIONS, so the operator sets them itself, first thing at start, before any code
// is hot enough to be optimized.

import { setFlagsFromString } from "node:v8";

/** Turns off Maglev and TurboFan for JavaScript; call it first thing, before any work starts. */
export function limitJitMemory(): void {
  setFlagsFromString("--no-opt");
  setFlagsFromString("--no-maglev");
}
