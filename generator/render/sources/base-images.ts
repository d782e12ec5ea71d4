// The generated Dockerfile's base images, pinned by digest. A tag moves (node:24-alpine is rebuilt
// for every Node.js release and every Alpine fix), a digest does not: the image a project builds
// on is the one that was reviewed, until someone moves it on purpose. Each digest is the tag's
// multi-platform image index, so the pin holds on amd64 and arm64 alike.
//
// Where they came from: docker-library/repo-info (the official images' own record of every tag,
// repos/node/remote/<tag>.md), read 2026-12-05 without a registry at hand; node:24-bookworm-slim
// was Node.js 24.18.1 there (Debian bookworm, 2026-07-30), node:24-alpine Node.js 24.19.0
// (Alpine 3.24, 2026-08-03). To move them: `npm run base-images:update` (scripts/base-images.ts)
// asks Docker Hub for each tag's current digest and rewrites this file; then `npm run
// golden:update` and review the diff.

export interface BaseImage {
  /** The tag a reader recognizes, kept beside the digest. */
  tag: string;
  /** sha256 of the tag's image index when it was last moved. */
  digest: string;
}

export const BASE_IMAGES = {
  /** The build stage: glibc, since the `node` devDependency npm scripts run on is a glibc build. */
  build: {
    tag: "node:24-bookworm-slim",
    digest: "sha256:235600a8101ab264e117b1768e925532262668dc9b581ef1dd7d96ced463b8e7",
  },
  /** The runtime stage: the bundle alone on a small image. */
  runtime: {
    tag: "node:24-alpine",
    digest: "sha256:d32cdf619f63fe0471182d08996dd516c6275bb5fd31ae06e55a570bd9e1ad43",
  },
} satisfies Record<string, BaseImage>;

/** How a Dockerfile names the image: the tag for the reader, the digest for the builder. */
export function pinnedImage(image: BaseImage): string {
  return `${image.tag}@${image.digest}`;
}
