// Answers to the prompts are work the user did. When the project cannot be generated from them
// (a non-empty directory, a full disk, a rule only the whole spec breaks), they are kept in a
// spec file beside the target, so that fixing the cause and passing --spec is the only step left.

import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";

/** my-operator → ./my-operator.operator.yaml, or the first free -2, -3 … variant; never overwrites. */
export function answersFilePath(target: string): string {
  const full = resolve(target);
  const stem = join(dirname(full), `${basename(full)}.operator`);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? `${stem}.yaml` : `${stem}-${n}.yaml`;
    if (!existsSync(candidate)) return candidate;
  }
}

/** Writes the spec at `preferred` (or, when that folder is not writable, in a temporary one). */
export function keepAnswers(preferred: string, source: string): string {
  try {
    writeFileSync(preferred, source, { flag: "wx" });
    return preferred;
  } catch {
    const fallback = join(mkdtempSync(join(tmpdir(), "create-operator-answers-")), "operator.yaml");
    writeFileSync(fallback, source, { flag: "wx" });
    return fallback;
  }
}
