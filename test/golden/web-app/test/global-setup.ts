// What `npm test` does before the first test file and after the last (node --test
// --test-global-setup): start one control plane for the run while strict tsc checks the project,
// and stop it. The harness lives in @create-operator/envtest; see its README.
export { globalSetup, globalTeardown } from "@create-operator/envtest/global-setup";
