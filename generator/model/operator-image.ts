// The operator's own image, named in one place. config/manager's Deployment holds
// operatorImage(...).reference, and from it the deploy kit's default (`image:build`'s tag,
// `image:push`, dist/install.yaml, `deploy`) and `kubectl apply -k config/default`; the Helm
// chart's values and appVersion, and the README, are derived from the same parts. The repository
// is metadata.image's, else <imageRegistry>/<name>, else <name>; the tag is the one metadata.image
// writes, else the project's version (package.json's, which `generate` reads), so a version bump
// and a `generate` move every place at once.

/** The spec's image as written, or the repository the defaults give it (no tag: the version's). */
export function specImage(metadata: {
  name: string;
  image?: string | undefined;
  imageRegistry?: string | undefined;
}): string {
  if (metadata.image !== undefined) return metadata.image;
  const registry = metadata.imageRegistry?.replace(/\/+$/, "");
  return registry ? `${registry}/${metadata.name}` : metadata.name;
}

/** `[registry/]repository[:tag][@digest]` in its parts; the tag is undefined when none is written. */
export function imageParts(image: string): {
  repository: string;
  tag: string | undefined;
  digest: string;
} {
  const [name, digest = ""] = image.split("@") as [string, string?];
  const slash = name.lastIndexOf("/");
  const colon = name.lastIndexOf(":");
  if (colon <= slash) return { repository: name, tag: undefined, digest };
  return { repository: name.slice(0, colon), tag: name.slice(colon + 1), digest };
}

export interface OperatorImage {
  repository: string;
  tag: string;
  /** `sha256:…` when metadata.image pins one, else empty. */
  digest: string;
  /** The spec writes the tag: it stays when the project's version moves. */
  tagFromSpec: boolean;
  /** `repository:tag[@digest]`, what the manager container runs. */
  reference: string;
}

/** image: the model's (specImage); projectVersion: package.json's version. */
export function operatorImage(image: string, projectVersion: string): OperatorImage {
  const parts = imageParts(image);
  const tag = parts.tag ?? projectVersion;
  return {
    repository: parts.repository,
    tag,
    digest: parts.digest,
    tagFromSpec: parts.tag !== undefined,
    reference: `${parts.repository}:${tag}${parts.digest ? `@${parts.digest}` : ""}`,
  };
}
