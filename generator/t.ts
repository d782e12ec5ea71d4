import { readFileSync } from "node:fs";
import { checkSource, loadSpec } from "./pipeline.ts";
const f = process.argv[2]!;
const src = readFileSync(f, "utf8");
for (const d of checkSource(src, f)) console.log(d.severity, d.code, d.path, d.position, d.message);
try { const m = loadSpec(src, f).model; console.log(JSON.stringify(m.tenancy, null, 1)); } catch (e) { console.log("load failed", (e as Error).message); }
