import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { mergeJson } from "./json.ts";

const pkg = (value: unknown) => JSON.stringify(value, null, 2) + "\n";

test("npm install's dependency and a user script survive a generated change", () => {
  const base = pkg({ name: "x", scripts: { test: "node --test" }, dependencies: { a: "1" } });
  const ours = pkg({
    name: "x",
    scripts: { test: "node --test", lint: "eslint ." },
    dependencies: { a: "1", "left-pad": "^1.3.0" },
  });
  const theirs = pkg({ name: "x", scripts: { test: "node --test --x" }, dependencies: { a: "2" } });
  const result = mergeJson(base, ours, theirs);
  assert.deepEqual(result.conflicts, []);
  assert.deepEqual(JSON.parse(result.content), {
    name: "x",
    scripts: { test: "node --test --x", lint: "eslint ." },
    dependencies: { a: "2", "left-pad": "^1.3.0" },
  });
});

test("a key both sides changed is a conflict naming the key path and both values", () => {
  const result = mergeJson(
    pkg({ scripts: { build: "tsc" }, name: "x" }),
    pkg({ scripts: { build: "tsc -b" }, name: "x" }),
    pkg({ scripts: { build: "tsc -p ." }, name: "x" }),
  );
  assert.deepEqual(
    result.conflicts.map((c) => c.message),
    ['scripts.build: yours "tsc -b", generated "tsc -p ."'],
  );
  assert.equal(
    result.content,
    '{\n  "scripts": {\n<<<<<<< yours\n    "build": "tsc -b"\n=======\n    "build": "tsc -p ."\n>>>>>>> generated\n  },\n  "name": "x"\n}\n',
  );
  assert.equal(result.conflicts[0]!.line, 3);
});

test("the user's indentation is kept", () => {
  const ours = JSON.stringify({ a: 1, b: 1 }, null, 4) + "\n";
  const result = mergeJson(pkg({ a: 1 }), ours, pkg({ a: 2 }));
  assert.equal(result.content, JSON.stringify({ a: 2, b: 1 }, null, 4) + "\n");
});

const value = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom("x", "y"));
const object = fc.dictionary(fc.constantFrom("a", "b", "c", "d"), value, { maxKeys: 4 });
const doc = fc.record({ top: value, deps: object, scripts: object }, { requiredKeys: [] });

test("property: every user-only key survives, and an unchanged side takes the other", () => {
  fc.assert(
    fc.property(doc, doc, doc, (...docs) => {
      // Round-trip so objects have the prototype JSON.parse gives (fast-check makes null ones).
      const [o, a, b] = docs.map((d) => JSON.parse(pkg(d)) as object);
      const merged = mergeJson(pkg(o), pkg(a), pkg(b));
      if (merged.conflicts.length > 0) return;
      const result = JSON.parse(merged.content) as Record<string, Record<string, unknown>>;
      for (const section of ["deps", "scripts"] as const) {
        const [os, as, bs] = [o, a, b].map((d) => (d as Record<string, object>)[section] ?? {});
        for (const [key, v] of Object.entries(as as Record<string, unknown>))
          if (!(key in (os as object)) && !(key in (bs as object)))
            assert.deepEqual(result[section]?.[key], v);
      }
      assert.deepEqual(JSON.parse(mergeJson(pkg(o), pkg(o), pkg(b)).content), b);
      assert.deepEqual(JSON.parse(mergeJson(pkg(o), pkg(a), pkg(o)).content), a);
    }),
  );
});

test("a file that is not JSON any more falls back to a text merge", () => {
  const result = mergeJson(pkg({ a: 1 }), "{ broken\n", pkg({ a: 2 }));
  assert.ok(result.conflicts.length > 0);
});
