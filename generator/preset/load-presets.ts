// Reads the chain of presets a spec extends: operator.yaml names one, which may name another,
// and so on. Each is found (resolve-preset.ts), read and parsed with the same YAML machinery as
// the spec, so its problems come back as diagnostics located in the preset's own file. Shape
// checks belong to the check stage; this stage reads `extends` and `files` defensively.

import { realpathSync } from "node:fs";
import { dirname } from "node:path";
import { InputError, type Diagnostic } from "../base/diagnostics.ts";
import { parseSpec, type ParsedSpec } from "../parse/parse-spec.ts";
import { readSpecFile } from "../parse/read-spec-file.ts";
import { formatPath } from "./merge-preset.ts";
import { parsePresetReference } from "./preset-reference.ts";
import { resolvePresetSource } from "./preset-read-paths.ts";
import type { LoadedPreset, PresetChain } from "./preset-types.ts";
import { resolvePreset } from "./resolve-preset.ts";

/** A chain longer than this is a mistake, not a house style. */
export const MAX_PRESET_DEPTH = 8;

export interface PresetLoad {
  chain: PresetChain;
  diagnostics: Diagnostic[];
}

/**
 * @param baseDir where operator.yaml's own `extends` is resolved from: the project's root (the
 *   folder operator.yaml lives in, or will live in for `new`).
 */
export function loadPresetChain(spec: ParsedSpec, baseDir: string): PresetLoad {
  const diagnostics: Diagnostic[] = [];
  const found: LoadedPreset[] = [];
  const visited: string[] = [];
  let referrer = spec;
  let fromDir = baseDir;
  for (;;) {
    const value = record(referrer.data).extends;
    if (typeof value !== "string") break;
    const at = (code: string, message: string, hint: string): void => {
      diagnostics.push({
        severity: "error",
        code,
        path: "extends",
        message,
        hint,
        file: referrer.file,
        position: referrer.positionOf(["extends"]),
      });
    };
    const reference = parsePresetReference(value);
    if ("error" in reference) {
      at(
        "PRESET001",
        reference.error,
        "Write a path (./presets/acme) or a package (@acme/operator-preset@^1.0.0).",
      );
      break;
    }
    const resolved = resolvePreset(reference, fromDir);
    if (!resolved.ok) {
      at(resolved.code, resolved.message, resolved.hint);
      break;
    }
    const real = realpathSync(resolved.file);
    if (visited.includes(real)) {
      const names = [...found.map((p) => p.name), value];
      at(
        "PRESET003",
        `presets extend each other in a cycle: ${names.join(" → ")}`,
        "Remove extends from one of them.",
      );
      break;
    }
    if (found.length >= MAX_PRESET_DEPTH) {
      at(
        "PRESET003",
        `more than ${MAX_PRESET_DEPTH} presets extend each other`,
        "Flatten the chain: a preset that extends a few others is plenty.",
      );
      break;
    }
    visited.push(real);
    const parsed = readPreset(resolved.file, diagnostics);
    if (parsed === undefined) break;
    const metadata = record(record(parsed.data).metadata);
    found.push({
      reference: value,
      file: resolved.file,
      name: typeof metadata.name === "string" ? metadata.name : value,
      version: resolved.version,
      parsed,
      fileTexts: readFileTexts(parsed, diagnostics),
      ...licenseHeaderOf(parsed, diagnostics),
    });
    referrer = parsed;
    fromDir = dirname(resolved.file);
  }
  return { chain: { presets: found.reverse() }, diagnostics };
}

function readPreset(file: string, diagnostics: Diagnostic[]): ParsedSpec | undefined {
  let source: string;
  try {
    source = readSpecFile(file);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    diagnostics.push(...error.diagnostics);
    return undefined;
  }
  const parsed = parseSpec(source, file);
  if (!parsed.ok) {
    diagnostics.push(...parsed.diagnostics);
    return undefined;
  }
  return parsed.spec;
}

/** The text of each files[i].from, which must stay inside the preset's folder. */
function readFileTexts(preset: ParsedSpec, diagnostics: Diagnostic[]): Map<number, string> {
  const texts = new Map<number, string>();
  const files = record(preset.data).files;
  if (!Array.isArray(files)) return texts;
  files.forEach((entry, i) => {
    const from = record(entry).from;
    if (typeof from !== "string") return;
    const text = readInside(preset, from, ["files", i, "from"], diagnostics);
    if (text !== undefined) texts.set(i, text);
  });
  return texts;
}

/** licenseHeader as text: written inline, or read from the file its `from` names. */
function licenseHeaderOf(
  preset: ParsedSpec,
  diagnostics: Diagnostic[],
): { licenseHeader?: string } {
  const value = record(preset.data).licenseHeader;
  if (typeof value === "string") return { licenseHeader: value };
  const from = record(value).from;
  if (typeof from !== "string") return {};
  const text = readInside(preset, from, ["licenseHeader", "from"], diagnostics);
  return text === undefined ? {} : { licenseHeader: text };
}

/** A file the preset names, which must stay inside the preset's folder; undefined when refused. */
function readInside(
  preset: ParsedSpec,
  from: string,
  at: (string | number)[],
  diagnostics: Diagnostic[],
): string | undefined {
  const problem = (message: string): undefined => {
    diagnostics.push({
      severity: "error",
      code: "PRESET005",
      path: formatPath(at),
      message,
      hint: "Name a regular file inside the preset's folder, relative to the preset file (e.g. files/ci.yaml); copy it there rather than linking to it.",
      file: preset.file,
      position: preset.positionOf(at),
    });
    return undefined;
  };
  const source = resolvePresetSource(dirname(preset.file), from);
  if (!source.ok) return problem(source.problem);
  try {
    return readSpecFile(source.real);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return problem(`cannot read ${source.real}: ${error.diagnostics[0]?.message ?? "unreadable"}`);
  }
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
