// Test doubles for operators' unit tests (@create-operator/runtime/testing), kept apart from the
// main entry so production bundles never include them.

export { FakeResourceClient } from "./fake-resource-client.ts";
export { readyStatus, unreadyStatus } from "./ready-status.ts";
export { MemoryOrphanReport } from "./memory-orphan-report.ts";
