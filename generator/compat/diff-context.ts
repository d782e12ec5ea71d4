// What a schema walk needs besides the two schemas: where findings go, which version it is in,
// and a look into either spec document (is a default declared, at which index is a rule).

import type { Path } from "../check/report.ts";
import type { Change } from "./change.ts";

export interface DiffContext {
  version: string | null;
  out: Change[];
  /** The value at a spec path in the previous ("old") or new spec; undefined when absent. */
  valueAt(side: "old" | "new", path: Path): unknown;
  declares(side: "old" | "new", path: Path): boolean;
}

/** Records a change in the version the walk is in. */
export function record(ctx: DiffContext, change: Omit<Change, "version">): void {
  ctx.out.push({ ...change, version: ctx.version });
}
