// Build step after precompile: packs the generator and its two libraries into dist/packed/ as npm
// would publish them, for generated projects to carry while the packages are not on the registry
// (generator/vendor/vendored-packages.ts). The libraries are packed first, so the generator's own
// tarball holds them and a project's pinned generator can vendor them again on `generate`.
// Usage: node scripts/pack-vendor.ts (part of `npm run build`)

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const vendor = join(root, "dist", "packed");

function pack(destination: string, args: string[]): string[] {
  // --ignore-scripts: `prepare` is this very build.
  const packed = spawnSync(
    "npm",
    ["pack", "--ignore-scripts", "--json", "--pack-destination", destination, ...args],
    { cwd: root, encoding: "utf8" },
  );
  if (packed.status !== 0) throw new Error(`npm pack ${args.join(" ")} failed: ${packed.stderr}`);
  return (JSON.parse(packed.stdout) as { filename: string }[]).map((p) => p.filename);
}

rmSync(vendor, { recursive: true, force: true });
mkdirSync(vendor, { recursive: true });
const libraries = pack(vendor, [
  "--workspace",
  "packages/runtime",
  "--workspace",
  "packages/envtest",
]);
// Packed outside dist/packed first: a tarball cannot hold itself.
const scratch = mkdtempSync(join(tmpdir(), "pack-vendor-"));
try {
  const [generator] = pack(scratch, []);
  renameSync(join(scratch, generator!), join(vendor, generator!));
  console.log(`dist/packed: ${[...libraries, generator].join(", ")}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
