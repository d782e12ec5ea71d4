// Property-style test of diagnostic positions: an unknown key inserted anywhere in the examples
// is reported exactly where it was written. The expected position comes from the text edit itself
// (the line we inserted, the indentation we used), never from the YAML parser's lookup under test.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";
import { parseSpec } from "../../parse/parse-spec.ts";
import { checkSpec } from "../check-spec.ts";
import { formatPath } from "../report.ts";

const EXAMPLES = ["database", "dns-zone", "web-app"];
const CASES_PER_EXAMPLE = 120;

/** mulberry32: a tiny seeded PRNG, so every run tries the same cases and a failure reproduces. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface BlockMap {
  path: (string | number)[];
  /** Offsets where a new `key: value` line may start (line starts holding only indentation). */
  lineStarts: number[];
  indent: number;
  keys: string[];
}

/** Every block mapping of the document whose keys can be preceded by a new line at their indentation. */
function blockMaps(source: string): { maps: BlockMap[]; allKeys: string[] } {
  const lineCounter = new LineCounter();
  const document = parseDocument(source, { lineCounter });
  const maps: BlockMap[] = [];
  const allKeys = new Set<string>();
  const visit = (node: unknown, path: (string | number)[]): void => {
    if (isMap(node)) {
      const keys = node.items.map((pair) => String(isScalar(pair.key) ? pair.key.value : ""));
      keys.forEach((k) => allKeys.add(k));
      if (!node.flow) {
        const lineStarts: number[] = [];
        let indent = -1;
        for (const pair of node.items) {
          const offset = (pair.key as Node).range![0];
          const { col } = lineCounter.linePos(offset);
          indent = col - 1;
          const lineStart = offset - indent;
          if (/^ *$/.test(source.slice(lineStart, offset))) lineStarts.push(lineStart);
        }
        if (lineStarts.length > 0) maps.push({ path, lineStarts, indent, keys });
      }
      for (const pair of node.items)
        visit(pair.value, [...path, String(isScalar(pair.key) ? pair.key.value : "")]);
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => visit(item, [...path, i]));
    }
  };
  visit(document.contents, []);
  return { maps, allKeys: [...allKeys] };
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

for (const example of EXAMPLES) {
  test(`${example}: an unknown key inserted anywhere is reported at that key`, () => {
    const source = readFileSync(
      new URL(`../../../examples/${example}.yaml`, import.meta.url),
      "utf8",
    );
    const { maps, allKeys } = blockMaps(source);
    const next = random(0x5eed + example.length);
    let unknownKeyReports = 0;
    let namedLikeAncestor = 0;
    let missingUnderNewKey = 0;
    for (let i = 0; i < CASES_PER_EXAMPLE; i++) {
      const map = pick(next, maps);
      const ancestors = map.path.filter((s): s is string => typeof s === "string");
      const choice = next();
      const candidate =
        choice < 0.5 && ancestors.length > 0
          ? pick(next, ancestors)
          : choice < 0.8
            ? pick(next, allKeys)
            : `k${Math.floor(next() * 1e6).toString(36)}`;
      if (map.keys.includes(candidate)) continue; // a duplicate key is a different error (YAML002)
      const lineStart = pick(next, map.lineStarts);
      // An empty mapping as the value makes the new key the parent of missing required keys
      // (SPEC002 is anchored at it), a scalar makes it an unknown key or a wrong type.
      const marker = next() < 0.4 ? "{}" : `oops${i}`;
      const text = `${source.slice(0, lineStart)}${" ".repeat(map.indent)}${candidate}: ${marker}\n${source.slice(lineStart)}`;
      const line = source.slice(0, lineStart).split("\n").length;
      const keyAt = { line, col: map.indent + 1 };
      const valueAt = { line, col: map.indent + candidate.length + 3 };

      const parsed = parseSpec(text, "operator.yaml");
      assert.ok(parsed.ok, `case ${i} does not parse`);
      const path = formatPath([...map.path, candidate]);
      const here = checkSpec(parsed.spec).filter((d) => d.path === path);
      for (const d of here) {
        const at = d.code === "SPEC001" ? keyAt : d.position.col === keyAt.col ? keyAt : valueAt;
        assert.deepEqual(d.position, at, `${d.code} for ${path} (inserted at ${line}):\n${text}`);
      }
      const missing = checkSpec(parsed.spec).filter(
        (d) => d.code === "SPEC002" && d.path.startsWith(`${path}.`),
      );
      for (const d of missing)
        assert.deepEqual(
          d.position,
          keyAt,
          `SPEC002 for ${d.path} (inserted at ${line}):\n${text}`,
        );
      if (missing.length > 0) missingUnderNewKey++;
      if (here.some((d) => d.code === "SPEC001")) {
        unknownKeyReports++;
        if (ancestors.includes(candidate)) namedLikeAncestor++;
      }
    }
    // The property must not hold vacuously: most insertions are unknown keys, many named like an ancestor.
    assert.ok(unknownKeyReports >= CASES_PER_EXAMPLE / 4, `only ${unknownKeyReports} SPEC001`);
    assert.ok(namedLikeAncestor >= 10, `only ${namedLikeAncestor} keys named like an ancestor`);
    assert.ok(missingUnderNewKey >= 1, `only ${missingUnderNewKey} new keys missing required keys`);
  });
}

interface RemovableLine {
  /** Path of the key whose line is removed. */
  path: (string | number)[];
  start: number;
  end: number;
  /** Where the mapping that should hold it begins: its own key, or its list item. */
  parentAt: { line: number; col: number };
}

/** Every `key: scalar` line inside a nested block mapping, with where its parent begins. */
function removableLines(source: string): RemovableLine[] {
  const lineCounter = new LineCounter();
  const document = parseDocument(source, { lineCounter });
  const lines: RemovableLine[] = [];
  const at = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, col };
  };
  const visit = (node: unknown, path: (string | number)[], parentOffset?: number): void => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = String(isScalar(pair.key) ? pair.key.value : "");
        const keyOffset = (pair.key as Node).range![0];
        const value = pair.value as Node | null;
        if (!node.flow && parentOffset !== undefined && isScalar(value) && value.range) {
          const start = source.lastIndexOf("\n", keyOffset) + 1;
          const end = source.indexOf("\n", value.range[1] - 1) + 1;
          const sameLine = !source.slice(start, end - 1).includes("\n");
          if (sameLine && /^ *$/.test(source.slice(start, keyOffset)))
            lines.push({ path: [...path, key], start, end, parentAt: at(parentOffset) });
        }
        visit(pair.value, [...path, key], keyOffset);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => visit(item, [...path, i], (item as Node).range?.[0]));
    }
  };
  visit(document.contents, []);
  return lines;
}

for (const example of EXAMPLES) {
  test(`${example}: a required key removed anywhere is reported at the mapping that lacks it`, () => {
    const source = readFileSync(
      new URL(`../../../examples/${example}.yaml`, import.meta.url),
      "utf8",
    );
    let missingKeyReports = 0;
    for (const removed of removableLines(source)) {
      const text = source.slice(0, removed.start) + source.slice(removed.end);
      const parsed = parseSpec(text, "operator.yaml");
      if (!parsed.ok) continue;
      const path = formatPath(removed.path);
      for (const d of checkSpec(parsed.spec).filter(
        (d) => d.code === "SPEC002" && d.path === path,
      )) {
        assert.deepEqual(d.position, removed.parentAt, `SPEC002 for ${path}:\n${text}`);
        missingKeyReports++;
      }
    }
    assert.ok(missingKeyReports >= 3, `only ${missingKeyReports} SPEC002`);
  });
}
