// The orphan report in memory, for unit tests of pure logic (the generated reconciler's unit tests
// and the sweep's); operators store it in a ConfigMap (configmap-orphan-report.ts).

import {
  type KeptOrphan,
  type OrphanReport,
  ORPHAN_REPORT_MAX_BYTES,
  parseEntries,
  withEntries,
  withoutKeys,
} from "../orphan-report.ts";

export class MemoryOrphanReport implements OrphanReport {
  data: Record<string, string> = {};
  /** A test may shrink it to see what a full report does, and grow it again. */
  maxBytes: number;

  constructor(options: { maxBytes?: number } = {}) {
    this.maxBytes = options.maxBytes ?? ORPHAN_REPORT_MAX_BYTES;
  }

  async record(entries: KeptOrphan[]): Promise<void> {
    this.data = withEntries(this.data, entries, "memory", this.maxBytes);
  }

  async list(): Promise<KeptOrphan[]> {
    return parseEntries(this.data);
  }

  async remove(keys: string[]): Promise<void> {
    this.data = withoutKeys(this.data, keys);
  }
}
