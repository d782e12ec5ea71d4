import assert from "node:assert/strict";
import { test } from "node:test";
import { parseCommandLine, type Program } from "../src/command-line.ts";

const PROGRAM: Program = {
  name: "database-operator",
  version: "1.2.3",
  description: "reconciles Databases",
  settings: [
    { variable: "WATCH_NAMESPACES", description: "namespaces to watch", default: "" },
    { variable: "DATABASE_OPERATOR_CONCURRENCY", description: "parallel reconciles", default: "4" },
  ],
};

test("no arguments runs the manager", () => {
  assert.deepEqual(parseCommandLine([], PROGRAM), { action: "run" });
});

test("--help lists every setting with its default, and exits 0", () => {
  const result = parseCommandLine(["--help"], PROGRAM);
  assert.equal(result.action, "exit");
  assert.equal(result.action === "exit" && result.code, 0);
  const out = result.action === "exit" ? (result.stdout ?? "") : "";
  assert.match(out, /^database-operator 1\.2\.3: reconciles Databases\n/);
  assert.match(out, /WATCH_NAMESPACES +namespaces to watch \(default: unset\)/);
  assert.match(out, /DATABASE_OPERATOR_CONCURRENCY +parallel reconciles \(default: 4\)/);
  assert.deepEqual(parseCommandLine(["-h"], PROGRAM), result);
});

test("--version prints the name and version", () => {
  assert.deepEqual(parseCommandLine(["--version"], PROGRAM), {
    action: "exit",
    code: 0,
    stdout: "database-operator 1.2.3\n",
  });
});

test("anything else is a usage error (exit 2), never ignored", () => {
  for (const argv of [["--concurrency=8"], ["run"], ["--help", "extra"]]) {
    const result = parseCommandLine(argv, PROGRAM);
    assert.equal(result.action === "exit" && result.code, 2, argv.join(" "));
    assert.match(
      result.action === "exit" ? (result.stderr ?? "") : "",
      /unexpected argument .*see --help/,
    );
  }
});
