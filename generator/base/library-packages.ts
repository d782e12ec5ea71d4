// The libraries every generated project depends on, and where their code lived in projects made
// before they were packages: regeneration deletes those copies, and a copy the user edited is
// kept, left out of compilation and reported as replaced by its package.

export const RUNTIME_PACKAGE = "@create-operator/runtime";
export const ENVTEST_PACKAGE = "@create-operator/envtest";

const FORMER_COPIES: readonly { prefix: string; replacedBy: string }[] = [
  { prefix: "src/runtime/", replacedBy: RUNTIME_PACKAGE },
  { prefix: "test/runtime/", replacedBy: RUNTIME_PACKAGE },
  { prefix: "test/support/fake-resource-client.ts", replacedBy: `${RUNTIME_PACKAGE}/testing` },
  { prefix: "test/support/ready-status.ts", replacedBy: `${RUNTIME_PACKAGE}/testing` },
  { prefix: "test/envtest/", replacedBy: ENVTEST_PACKAGE },
  { prefix: "test/support/event-loop-watchdog", replacedBy: ENVTEST_PACKAGE },
  { prefix: "test/support/typecheck.ts", replacedBy: ENVTEST_PACKAGE },
];

/** The package that replaced a former copy of library code, or undefined for any other path. */
export function packageReplacing(path: string): string | undefined {
  return FORMER_COPIES.find((copy) => path.startsWith(copy.prefix))?.replacedBy;
}
