// The read half of the preset boundary: a file a preset names (`files[].from`,
// `licenseHeader.from`) is read only when its real path, after every symbolic link and `..`,
// is inside the preset's own real folder. A link to /etc/passwd, a linked folder leading out,
// or an npm package whose files are links elsewhere is refused, never copied into the project.
//
// Hard links: a hard link is a second name for the same file, so no path says where it
// "really" is. A file with more than one link is refused: it may be a name for a file outside
// the preset (a secret on the same disk). The cost is pnpm's default store, which hard-links
// package files; such users set `package-import-method=copy` (or keep the preset in a folder).
//
// The preset's content is static input, not a racing adversary: the check and the read are two
// steps, and the read uses the real path the check approved, so a later link swap inside the
// folder cannot redirect it through a different name.

import { realpathSync, statSync } from "node:fs";
import { isAbsolute, relative } from "node:path";
import { resolveInside } from "../base/safe-path.ts";

export type PresetSource = { ok: true; real: string } | { ok: false; problem: string };

/** The real path of `from` (relative to presetDir), when it stays inside presetDir's real path. */
export function resolvePresetSource(presetDir: string, from: string): PresetSource {
  let lexical: string;
  try {
    lexical = resolveInside(presetDir, from);
  } catch (error) {
    return { ok: false, problem: (error as Error).message };
  }
  let realDir: string;
  let real: string;
  try {
    realDir = realpathSync(presetDir);
    real = realpathSync(lexical);
  } catch (error) {
    return {
      ok: false,
      problem: `cannot read ${lexical}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file (or a symbolic link to nothing)" : (error as Error).message}`,
    };
  }
  if (!isInside(realDir, real))
    return {
      ok: false,
      problem: `refusing "${from}": its real path ${real} is outside the preset's folder ${realDir} (a symbolic link leads out)`,
    };
  const stat = statSync(real);
  if (stat.isFile() && stat.nlink > 1)
    return {
      ok: false,
      problem: `refusing "${from}": it has ${stat.nlink} hard links, so it may be a file outside the preset's folder under another name`,
    };
  return { ok: true, real };
}

/** Whether `path` is `dir` or below it; both are real paths. */
export function isInside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === "" || !(rel === ".." || rel.startsWith("../") || isAbsolute(rel));
}
