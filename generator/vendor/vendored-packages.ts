// While create-operator and its two libraries are not on the npm registry, a generated project
// cannot `npm install` them by version (E404). So the project carries them: `new` and `generate`
// write the three packages, packed exactly as npm would publish them, into its vendor/ folder,
// and package.json pins them as `file:vendor/<tarball>`. `npm install` then works as written,
// package-lock.json records each tarball's integrity, and `npm ci` and the Dockerfile reproduce
// it. When the packages are published, the generator's package.json drops
// `createOperator.vendorPackages`: the pins become the exact version and the next `generate`
// deletes vendor/ (unedited files the render no longer has are removed).

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Artifact } from "../base/files.ts";
import { GENERATOR_VERSION } from "../base/generator-version.ts";
import { ENVTEST_PACKAGE, RUNTIME_PACKAGE } from "../base/library-packages.ts";

/** The project folder the tarballs go in. */
export const VENDOR_DIR = "vendor";
export const GENERATOR_PACKAGE = "create-operator";

const PACKAGE_ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** Where `npm run build` (scripts/pack-vendor.ts) leaves the packed packages (not dist/vendor/: that is this module, compiled). */
export const PACKED_DIR = join(PACKAGE_ROOT, "dist", "packed");

/** Whether this generator vendors its packages: set in its package.json until they are published. */
export function vendorsPackages(): boolean {
  const manifest = JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8")) as {
    createOperator?: { vendorPackages?: boolean };
  };
  return manifest.createOperator?.vendorPackages === true;
}

/** npm's tarball name for a package: the scope's @ dropped and its / turned into a dash. */
export function tarballName(name: string, version = GENERATOR_VERSION): string {
  return `${name.replace(/^@/, "").replace("/", "-")}-${version}.tgz`;
}

/** What package.json pins for one of the three packages: the vendored tarball, or the version. */
export function dependencyOn(name: string, vendored: boolean): string {
  return vendored ? `file:${VENDOR_DIR}/${tarballName(name)}` : GENERATOR_VERSION;
}

/** The packages a project pins, in the order package.json lists them. */
export const PINNED_PACKAGES = [RUNTIME_PACKAGE, ENVTEST_PACKAGE, GENERATOR_PACKAGE] as const;

/** The tarballs a project carries: empty once the packages are published. */
export function vendoredPackages(vendored = vendorsPackages()): Artifact[] {
  if (!vendored) return [];
  return PINNED_PACKAGES.map((name) => ({
    path: `${VENDOR_DIR}/${tarballName(name)}`,
    bytes: packedBytes(name),
  }));
}

function packedBytes(name: string): Uint8Array {
  const packed = join(PACKED_DIR, tarballName(name));
  if (existsSync(packed)) return readFileSync(packed);
  // A generator installed from its own tarball (a project's devDependency) holds its libraries'
  // tarballs but cannot hold its own: pack the installed copy, which has exactly the files npm
  // published.
  if (name === GENERATOR_PACKAGE) return packSelf();
  throw new Error(
    `${packed} is missing: this create-operator was built without its packed libraries (run npm run build in its repository)`,
  );
}

function packSelf(): Uint8Array {
  const destination = mkdtempSync(join(tmpdir(), "create-operator-pack-"));
  try {
    // --ignore-scripts: `prepare` would try to rebuild an installed package.
    const pack = spawnSync(
      "npm",
      ["pack", "--ignore-scripts", "--silent", "--pack-destination", destination, PACKAGE_ROOT],
      { encoding: "utf8" },
    );
    if (pack.status !== 0)
      throw new Error(
        `npm pack of ${PACKAGE_ROOT} failed (${pack.error?.message ?? `exit ${pack.status}`}): ${pack.stderr.trim()}`,
      );
    return readFileSync(join(destination, tarballName(GENERATOR_PACKAGE)));
  } finally {
    rmSync(destination, { recursive: true, force: true });
  }
}
