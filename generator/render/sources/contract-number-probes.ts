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

/**
 * How the API server writes a bound in "should be less than or equal to <bound>": against a
 * value that arrives as a JSON integer within int64 it compares and prints int64(bound); against a float it
 * prints the float64 with Go's %v (1e-05, 1.2345675e+06), which JavaScript writes differently.
 */
export function serverBound(bound: number, value: number): string {
  const text = JSON.stringify(value);
  const int64 = /^-?\d+$/.test(text) && BigInt(text) >= -(2n ** 63n) && BigInt(text) < 2n ** 63n;
  return int64 ? String(Math.trunc(bound)) : goFloat(bound);
}

/** Go's %v of a float64: shortest digits, exponent form below 1e-4 and from 1e6 on. */
export function goFloat(x: number): string {
  if (x === 0) return "0";
  const [mantissa, exponent] = x.toExponential().split("e") as [string, string];
  const exp = Number(exponent);
  if (exp < -4 || exp >= 6)
    return `${mantissa}e${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
  return String(x);
}

/** The nearest double beyond `x` in the direction `sign`: x + 1 where that is still a different number. */
function beyond(x: number, sign: 1 | -1): number {
  if (x + sign !== x) return x + sign;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigInt64(0);
  view.setBigInt64(0, bits + (x > 0 === sign > 0 ? 1n : -1n));
  return view.getFloat64(0);
}

/** minimum and maximum: the first value beyond each bound is rejected, the bound itself accepted. */
export function boundProbes(slot: Slot): Probe[] {
  const f = slot.field;
  const integral = f.type === "integer" || f.type === "int-or-string";
  const out: Probe[] = [];
  if (f.minimum !== undefined) {
    const edge = integral ? Math.ceil(f.minimum) : f.minimum;
    const bad = beyond(edge, -1);
    out.push({
      label: `minimum ${f.minimum}`,
      // Past -Number.MAX_VALUE there is no number to send (JSON has no -Infinity).
      bad: Number.isFinite(bad) ? bad : undefined,
      rejection: {
        reason: "FieldValueInvalid",
        message: `greater than or equal to ${serverBound(f.minimum, bad)}`,
      },
      good: [edge],
    });
  }
  if (f.maximum !== undefined) {
    const edge = integral ? Math.floor(f.maximum) : f.maximum;
    const bad = beyond(edge, 1);
    out.push({
      label: `maximum ${f.maximum}`,
      bad: Number.isFinite(bad) ? bad : undefined,
      rejection: {
        reason: "FieldValueInvalid",
        message: `less than or equal to ${serverBound(f.maximum, bad)}`,
      },
      good: [edge],
    });
  }
  return out;
}

/** The replica count range the server holds the scale subresource's specReplicasPath to. */
const REPLICAS = { low: 0, high: 2 ** 31 - 1 };

/** Whether the server's scale check accepts `value` at the slot (always, off the scale path). */
export function keepsReplicaRange(slot: Slot, value: unknown): boolean {
  return !slot.scaleReplicas || inReplicaRange(value);
}

/** A replica count the scale check takes (anything but a number is the schema's to judge). */
export function inReplicaRange(value: unknown): boolean {
  return typeof value !== "number" || (value >= REPLICAS.low && value <= REPLICAS.high);
}

/**
 * The scale check's own probes, at the path as the server names it (field.NewPath of the
 * specReplicasPath, leading dot kept: apiextensions-apiserver validator.go ValidateScaleSpec).
 * Only where the schema's bounds do not already cut; the CRD says nothing of this range, so
 * the local schema check cannot show the bad value breaks it.
 */
function replicaRangeProbes(slot: Slot): Probe[] {
  const f = slot.field;
  const field = `.${slot.path}`;
  const out: Probe[] = [];
  if ((f.maximum ?? Infinity) > REPLICAS.high)
    out.push({
      label: "scale replicas upper end",
      bad: REPLICAS.high + 1,
      rejection: {
        field,
        reason: "FieldValueInvalid",
        message: `less than or equal to ${REPLICAS.high}`,
      },
      good: [REPLICAS.high],
      breaks: () => true,
    });
  if ((f.minimum ?? -Infinity) < REPLICAS.low)
    out.push({
      label: "scale replicas lower end",
      bad: REPLICAS.low - 1,
      rejection: {
        field,
        reason: "FieldValueInvalid",
        message: "should be a non-negative integer",
      },
      good: [REPLICAS.low],
      breaks: () => true,
    });
  return out;
}

export function formatRangeProbes(slot: Slot): Probe[] {
  if (slot.scaleReplicas) return replicaRangeProbes(slot);
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
