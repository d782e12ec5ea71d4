// `new --preset <name>` and the preset question: the preset the new project's operator.yaml
// extends. A path typed on the command line is relative to where the command runs; in
// operator.yaml it is relative to the project folder (where the file lives), so it is rewritten.

import { existsSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import { stringify } from "yaml";
import { parsePresetReference } from "../preset/preset-reference.ts";
import { resolvePreset } from "../preset/resolve-preset.ts";
import type { UsageError } from "./usage-checks.ts";

export function presetReferenceFor(
  typed: string,
  cwd: string,
  targetDir: string,
): { reference: string } | UsageError {
  // On the command line a folder or file that exists here is meant, even written as presets/acme
  // (which operator.yaml would read as a package name).
  const existing = existsSync(resolve(cwd, typed.trim())) && !typed.trim().startsWith("@");
  const parsed = existing
    ? ({ kind: "path", text: typed, path: typed.trim() } as const)
    : parsePresetReference(typed);
  if ("error" in parsed)
    return {
      message: `--preset ${typed}: ${parsed.error}`,
      hint: "Name a preset folder (./presets/acme) or an npm package (@acme/operator-preset@^1).",
    };
  if (parsed.kind === "package") return { reference: parsed.text.trim() };
  const full = resolve(cwd, parsed.path);
  if (isAbsolute(parsed.path)) return { reference: full };
  const fromProject = relative(resolve(targetDir), full).split("\\").join("/");
  return { reference: fromProject.startsWith(".") ? fromProject : `./${fromProject}` };
}

/**
 * The spec with `extends: <reference>` added after its `kind:` line (or at the top), the rest of
 * the text as the user wrote it. A spec that already extends something is a usage error.
 */
export function withExtends(source: string, reference: string): string | UsageError {
  if (/^extends\s*:/m.test(source))
    return {
      message: "--preset: the spec already has extends:",
      hint: "Drop --preset, or remove extends: from the spec.",
    };
  const line = `extends: ${stringify(reference, { lineWidth: 0 }).trimEnd()}\n`;
  const kind = /^kind\s*:.*\n/m.exec(source);
  if (kind) {
    const end = kind.index + kind[0].length;
    return source.slice(0, end) + line + source.slice(end);
  }
  return line + source;
}

/** For the question: true when the typed preset exists where the project will look, else why not. */
export function presetProblem(typed: string, cwd: string, targetDir: string): true | string {
  const found = presetReferenceFor(typed, cwd, targetDir);
  if ("message" in found) return found.message.replace(/^--preset /, "");
  const parsed = parsePresetReference(found.reference);
  if ("error" in parsed) return parsed.error;
  const resolved = resolvePreset(parsed, resolve(targetDir));
  return resolved.ok ? true : resolved.message;
}
