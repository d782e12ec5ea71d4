// `new --preset <name>` and the preset question: the preset the new project's operator.yaml
// extends. A path typed on the command line is relative to where the command runs; in
// operator.yaml it is relative to the project folder (where the file lives), so it is rewritten.

import { existsSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { isMap, isScalar, parseDocument, stringify } from "yaml";
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
  if (resolved.ok) return true;
  // The reference is the path seen from the project folder, which the user never typed: the
  // answer comes back as they typed it (the message also says where it looked).
  return parsed.kind === "path"
    ? resolved.message.replace(JSON.stringify(parsed.path), JSON.stringify(typed.trim()))
    : resolved.message;
}

/**
 * `new --spec <file>` copies the spec into the project folder, and a relative `extends:` is
 * relative to the folder of the operator.yaml holding it: so the copy names the same preset from
 * the project folder, as `validate <file>` found it from the spec's folder. Returns the source
 * unchanged (and no note) when there is nothing to move: no relative path, or the same folder.
 */
export function rebaseExtends(
  source: string,
  specFile: string,
  targetDir: string,
): { source: string; note?: string } {
  const document = parseDocument(source);
  if (document.errors.length > 0 || !isMap(document.contents)) return { source };
  const node = document.contents.get("extends", true);
  if (!isScalar(node) || typeof node.value !== "string" || !node.range) return { source };
  const parsed = parsePresetReference(node.value);
  if ("error" in parsed || parsed.kind !== "path" || isAbsolute(parsed.path)) return { source };
  const from = dirname(resolve(specFile));
  const to = resolve(targetDir);
  if (from === to) return { source };
  const moved = relative(to, resolve(from, parsed.path)).split("\\").join("/");
  const reference = moved.startsWith(".") ? moved : `./${moved}`;
  if (reference === parsed.path) return { source };
  const [start, end] = node.range;
  return {
    source:
      source.slice(0, start) + stringify(reference, { lineWidth: 0 }).trimEnd() + source.slice(end),
    note: `extends: ${parsed.path} is relative to ${from}; the project's operator.yaml has it written as ${reference}, the same preset seen from ${to}`,
  };
}
