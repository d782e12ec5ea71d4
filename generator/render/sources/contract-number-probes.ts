// Probes for the range a numeric format holds a value to. The API server reads every integer as
// int64 (int32 with format int32) and a float-format number as float32, and reports a value
// outside that range without a field (<nil>), naming the path in its message (kube-openapi
// validate/values.go IsValueValidAgainstRange; test/e2e/numeric-formats.test.ts checks each
// value below against a real API server). Probed only where minimum/maximum do not already cut.

import type { FieldModel } from "../../model/types.ts";
import type { Probe } from "./contract-probe.ts";
import type { Slot } from "./contract-slots.ts";

interface FormatRange {
  label: string;
  /** The last values the server accepts. */
  low: number;
  high: number;
  /** The first values beyond them that JSON carries (JSON.stringify(2 ** 63) is outside int64). */
  below: number;
  above: number;
}

const INT32: FormatRange = {
  label: "format int32",
  low: -(2 ** 31),
  high: 2 ** 31 - 1,
  below: -(2 ** 31) - 1,
  above: 2 ** 31,
};
/** -(2 ** 63) is sent as -9223372036854776000, which is outside int64 too. */
const INT64: FormatRange = {
  label: "int64",
  low: -(2 ** 63) + 1024,
  high: 2 ** 63 - 1024,
  below: -(2 ** 63),
  above: 2 ** 63,
};
const FLOAT: FormatRange = {
  label: "format float",
  low: -3.4028234663852886e38,
  high: 3.4028234663852886e38,
  below: -3.5e38,
  above: 3.5e38,
};

export function formatRangeOf(f: FieldModel): FormatRange | undefined {
  if (f.type === "integer") return f.format === "int32" ? INT32 : INT64;
  if (f.type === "number" && f.format === "float") return FLOAT;
  return undefined;
}

/** The cause the API server reports for a value outside the field's format range. */
export function formatRejection(f: FieldModel, path: string): NonNullable<Probe["rejection"]> {
  const format = f.format ? `with format ${f.format}` : "(default format)";
  // Inside lists the server's path differs from ours (items.0 vs items[0]): match up to it.
  const where = path.includes("[") ? "" : ` in ${path}`;
  return {
    field: "<nil>",
    reason: "FieldValueInvalid",
    message: `Checked value must be of type ${f.type} ${format}${where}`,
  };
}

export function formatRangeProbes(slot: Slot): Probe[] {
  const f = slot.field;
  const range = formatRangeOf(f);
  if (!range) return [];
  const rejection = formatRejection(f, slot.path);
  const out: Probe[] = [];
  if ((f.maximum ?? Infinity) > range.high)
    out.push({
      label: `${range.label} upper end`,
      bad: range.above,
      rejection,
      good: [range.high],
    });
  if ((f.minimum ?? -Infinity) < range.low)
    out.push({ label: `${range.label} lower end`, bad: range.below, rejection, good: [range.low] });
  return out;
}
