// What an `extends:` value names: a path (a preset file or a folder holding preset.yaml) or an
// npm package with an optional version range. Paths are told apart the way Node tells them apart
// in an import: they start with ".", "/" or "~"-free absolute forms; everything else is a package.

import validRange from "semver/ranges/valid.js";

export type PresetReference =
  | { kind: "path"; text: string; path: string }
  | { kind: "package"; text: string; name: string; range: string | undefined };

/** npm's rules for a package name (validate-npm-package-name, new packages): lower case, url-safe. */
const PACKAGE_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

export function parsePresetReference(text: string): PresetReference | { error: string } {
  const trimmed = text.trim();
  if (trimmed === "") return { error: "extends is empty" };
  if (
    trimmed.startsWith(".") ||
    trimmed.startsWith("/") ||
    /^[A-Za-z]:[\\/]/.test(trimmed) ||
    trimmed.endsWith(".yaml") ||
    trimmed.endsWith(".yml")
  )
    return { kind: "path", text, path: trimmed };
  // "@scope/name@range" and "name@range": the version range follows the last "@" after the name.
  const at = trimmed.indexOf("@", trimmed.startsWith("@") ? 1 : 0);
  const name = at < 0 ? trimmed : trimmed.slice(0, at);
  const range = at < 0 ? undefined : trimmed.slice(at + 1);
  if (!PACKAGE_NAME.test(name) || name.length > 214)
    return {
      error: `"${name}" is neither a path (start it with ./ or ../) nor an npm package name`,
    };
  if (range !== undefined && validRange(range) === null)
    return { error: `"${range}" is not a semver version range (e.g. ^1.2.0, ~2.0, 1.x)` };
  return { kind: "package", text, name, range };
}

/** The reference with another version range: what `upgrade --preset-version` writes. */
export function withRange(reference: PresetReference & { kind: "package" }, range: string): string {
  return `${reference.name}@${range}`;
}
