// Container image references as the container runtime parses them (the grammar of
// github.com/distribution/reference): [host[:port]/]path[:tag][@digest], the path in lower case.
// The kubelet reports a malformed one only as InvalidImageName on a pod that never starts.

const COMPONENT = "[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*";
const DOMAIN_LABEL = "(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])";
const DOMAIN = `(?:${DOMAIN_LABEL}(?:\\.${DOMAIN_LABEL})*|\\[[0-9a-fA-F:]+\\])(?::[0-9]+)?`;
const TAG = "[\\w][\\w.-]{0,127}";
const DIGEST = "[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}";
const REFERENCE = new RegExp(
  `^(?:${DOMAIN}/)?${COMPONENT}(?:/${COMPONENT})*(?::${TAG})?(?:@${DIGEST})?$`,
);

/** The whole reference is limited too: a name (without tag and digest) of at most 255 characters. */
export function isImageReference(text: string): boolean {
  if (!REFERENCE.test(text)) return false;
  const name = text.replace(/@.*$/, "").replace(/:[\w][\w.-]*$/, "");
  return name.length <= 255;
}
