// Cold `create-operator new` of the Database example beside a bare `node -e 0`, interleaved in one
// run so that both see the same load on a shared machine: the issue-18 target is a median of at
// most 0.5 s. Cold means a new process with no format cache (CREATE_OPERATOR_NO_CACHE=1); Node's
// compile cache (bin/create-operator.js enables it) is filled by one untimed run first, as after
// any earlier run on the machine. With --profile, one more run under --cpu-prof prints where the
// time goes: self time by package (or dist/ folder) and by function. --before <bin> times another
// build's bin/create-operator.js (say, main's) in the same interleaved loop, for a before/after.
// Usage: npm run bench:new [-- runs] [--profile] [--before <path/to/bin/create-operator.js>]

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = join(root, "bin/create-operator.js");
const spec = join(root, "examples/database.yaml");
const args = process.argv.slice(2);
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 9);
const scratch = mkdtempSync(join(tmpdir(), "bench-new-"));
const env = { ...process.env, CREATE_OPERATOR_NO_CACHE: "1" };
const beforeAt = args.indexOf("--before");
const beforeBin = beforeAt >= 0 ? args[beforeAt + 1] : undefined;

function time(argv: string[]): number {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, argv, { encoding: "utf8", cwd: root, env });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${argv.join(" ")} failed: ${result.stderr}`);
  return elapsed;
}

const median = (times: number[]): number =>
  Math.round([...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!);

let project = 0;
// The before build reads its own tree's example: the spec format grows (tenancy came later).
const specOf = (which: string): string => join(which, "../../examples/database.yaml");
const newProject = (extra: string[] = [], which = bin): number => {
  const target = join(scratch, `db-${project++}`);
  const ms = time([...extra, which, "new", target, "--spec", which === bin ? spec : specOf(which)]);
  rmSync(target, { recursive: true, force: true });
  return ms;
};

newProject(); // fills Node's compile cache, as any earlier run would have
if (beforeBin) newProject([], beforeBin);
const nodeMs: number[] = [];
const newMs: number[] = [];
const beforeMs: number[] = [];
for (let i = 0; i < runs; i++) {
  nodeMs.push(time(["-e", "0"]));
  if (beforeBin) beforeMs.push(newProject([], beforeBin));
  newMs.push(newProject());
}

let profile: unknown;
if (args.includes("--profile")) {
  const profileOf = (which: string, name: string): object => {
    const dir = join(scratch, name);
    newProject(["--cpu-prof", `--cpu-prof-dir=${dir}`], which);
    return summarize(join(dir, readdirSync(dir)[0]!));
  };
  profile = beforeBin
    ? { before: profileOf(beforeBin, "profile-before"), after: profileOf(bin, "profile-after") }
    : profileOf(bin, "profile");
}
rmSync(scratch, { recursive: true, force: true });

console.log(
  JSON.stringify(
    {
      node: process.version,
      runs,
      targetMs: 500,
      newMedianMs: median(newMs),
      nodeMedianMs: median(nodeMs),
      ratio: Math.round((median(newMs) / median(nodeMs)) * 10) / 10,
      newMs: newMs.map(Math.round),
      nodeMs: nodeMs.map(Math.round),
      ...(beforeBin
        ? {
            before: beforeBin,
            beforeMedianMs: median(beforeMs),
            beforeRatio: Math.round((median(beforeMs) / median(nodeMs)) * 10) / 10,
            beforeMs: beforeMs.map(Math.round),
          }
        : {}),
      ...(profile ? { profile } : {}),
    },
    null,
    2,
  ),
);

interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }>;
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Self time of the top packages and functions of a .cpuprofile, in ms. */
function summarize(path: string): object {
  const p = JSON.parse(readFileSync(path, "utf8")) as CpuProfile;
  const byId = new Map(p.nodes.map((n) => [n.id, n.callFrame]));
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  p.samples.forEach((id, i) => {
    const frame = byId.get(id)!;
    const ms = (p.timeDeltas[i] ?? 0) / 1000;
    const url = frame.url;
    const module = !url
      ? "(native, GC, compile)"
      : url.startsWith("node:")
        ? "node:internal"
        : (/node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
          /\/(dist\/[^/]+)/.exec(url)?.[1] ??
          url);
    byModule.set(module, (byModule.get(module) ?? 0) + ms);
    const where = url.replace(/.*node_modules\//, "").replace(/.*\/(dist\/)/, "$1");
    const name = `${frame.functionName || "(anonymous)"} ${where}:${frame.lineNumber}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  });
  const top = (m: Map<string, number>, n: number) =>
    Object.fromEntries(
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => [k, Math.round(v)]),
    );
  return {
    totalMs: Math.round((p.endTime - p.startTime) / 1000),
    selfMsByModule: top(byModule, 10),
    selfMsByFunction: top(byFunction, 10),
  };
}
