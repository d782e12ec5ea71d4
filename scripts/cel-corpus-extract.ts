// Builds generator/check/test/fixtures/cel-corpus.json: real x-kubernetes-validations rules from
// public CRDs, each with the schema it sits on, so the type checker is tested against rules the API
// server accepts. Run by hand with local clones of the projects:
//   node scripts/cel-corpus-extract.ts <name>=<git dir> ...   (reads the HEAD tree of each)
// The fixture records where every rule came from; re-run to refresh it.

import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { parseAllDocuments } from "yaml";

interface Entry {
  source: string;
  path: string;
  rule: string;
  schema: unknown;
}

const MAX_SCHEMA_CHARS = 12_000;
const entries: Entry[] = [];
const seen = new Set<string>();

for (const arg of process.argv.slice(2)) {
  const [name, gitDir] = arg.split("=") as [string, string];
  const git = (...args: string[]) =>
    execFileSync("git", ["--git-dir", gitDir, ...args], { encoding: "utf8", maxBuffer: 1 << 28 });
  const files = git("grep", "-l", "x-kubernetes-validations", "HEAD", "--", "*.yaml")
    .split("\n")
    .filter((f) => f && /crd|bases|customresourcedefinition/i.test(f) && !/test|example/i.test(f))
    .map((f) => f.replace(/^HEAD:/, ""));
  for (const file of files) {
    for (const doc of parseAllDocuments(git("show", `HEAD:${file}`))) {
      const crd = doc.toJS() as {
        kind?: string;
        spec?: { versions?: { schema?: { openAPIV3Schema?: unknown } }[] };
      };
      if (crd?.kind !== "CustomResourceDefinition") continue;
      const version = crd.spec?.versions?.[0]?.schema?.openAPIV3Schema;
      if (version) walk(version, `${name}:${file}`, "", true);
    }
  }
}

function walk(schema: unknown, source: string, path: string, root: boolean): void {
  if (!schema || typeof schema !== "object") return;
  const s = schema as Record<string, unknown>;
  for (const v of (s["x-kubernetes-validations"] as Record<string, unknown>[] | undefined) ?? []) {
    if (v.optionalOldSelf === true || typeof v.rule !== "string") continue;
    const key = v.rule;
    if (seen.has(key)) continue;
    seen.add(key);
    const copy = { ...s, ...(root ? { "x-create-operator-root": true } : {}) };
    // Descriptions are most of a CRD's bytes and mean nothing to a type checker.
    const text = JSON.stringify(copy, (k, value) => (k === "description" ? undefined : value));
    if (text.length <= MAX_SCHEMA_CHARS)
      entries.push({ source, path: path || ".", rule: v.rule, schema: JSON.parse(text) });
  }
  for (const [name, child] of Object.entries((s.properties as Record<string, unknown>) ?? {}))
    walk(child, source, `${path}.${name}`, false);
  walk(s.items, source, `${path}[]`, false);
  if (typeof s.additionalProperties === "object")
    walk(s.additionalProperties, source, `${path}{}`, false);
}

writeFileSync(
  "generator/check/test/fixtures/cel-corpus.json",
  JSON.stringify(entries, null, 1) + "\n",
);
console.log(`${entries.length} rules`);
