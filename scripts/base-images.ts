// npm run base-images:update: moves the generated Dockerfile's base images to the digests their
// tags name on Docker Hub today, by rewriting generator/render/sources/base-images.ts. Run it on
// purpose (a Node.js or OS security release), then `npm run golden:update` and review the diff.
// It needs the registry: without one it says so and changes nothing.

import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const PINS = new URL("../generator/render/sources/base-images.ts", import.meta.url);

/** Docker Hub's name for an official image tag: node:24-alpine is library/node, tag 24-alpine. */
export function hubReference(tag: string): { repository: string; tag: string } {
  const [name, version] = tag.split(":");
  if (!name || !version || tag.includes("@")) throw new Error(`not an image tag: ${tag}`);
  return { repository: name.includes("/") ? name : `library/${name}`, tag: version };
}

/** The pins file with the digest beside `tag` replaced by `digest`; throws if the tag is not pinned there. */
export function withDigest(source: string, tag: string, digest: string): string {
  if (!/^sha256:[0-9a-f]{64}$/.test(digest)) throw new Error(`not a sha256 digest: ${digest}`);
  const pin = new RegExp(
    `(tag: "${tag.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}",\\s*digest: ")sha256:[0-9a-f]{64}(")`,
  );
  if (!pin.test(source)) throw new Error(`${tag} is not pinned in base-images.ts`);
  return source.replace(pin, `$1${digest}$2`);
}

/** The digest of the tag's image index (or manifest), as the registry names it. */
async function registryDigest(tag: string): Promise<string> {
  const { repository, tag: version } = hubReference(tag);
  const auth = await fetch(
    `https://auth.docker.io/token?service=registry.docker.io&scope=repository:${repository}:pull`,
  );
  if (!auth.ok) throw new Error(`Docker Hub token for ${repository}: HTTP ${auth.status}`);
  const { token } = (await auth.json()) as { token: string };
  const response = await fetch(
    `https://registry-1.docker.io/v2/${repository}/manifests/${version}`,
    {
      method: "HEAD",
      headers: {
        authorization: `Bearer ${token}`,
        accept: [
          "application/vnd.oci.image.index.v1+json",
          "application/vnd.docker.distribution.manifest.list.v2+json",
        ].join(", "),
      },
    },
  );
  const digest = response.headers.get("docker-content-digest");
  if (!response.ok || digest === null)
    throw new Error(`${tag}: HTTP ${response.status}, no digest`);
  return digest;
}

async function main(): Promise<void> {
  const { BASE_IMAGES } = await import(PINS.href);
  let source = readFileSync(PINS, "utf8");
  for (const { tag, digest } of Object.values(BASE_IMAGES) as Array<{
    tag: string;
    digest: string;
  }>) {
    let current: string;
    try {
      current = await registryDigest(tag);
    } catch (error) {
      console.error(
        `cannot reach Docker Hub for ${tag}: ${(error as Error).message}; nothing changed`,
      );
      process.exit(1);
    }
    console.log(
      current === digest ? `${tag}: unchanged (${digest})` : `${tag}: ${digest} -> ${current}`,
    );
    source = withDigest(source, tag, current);
  }
  writeFileSync(PINS, source);
  console.log("now: npm run golden:update, and say in base-images.ts where the digests came from");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
