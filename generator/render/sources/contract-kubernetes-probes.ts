// Probes for a field that embeds a Kubernetes type: the upstream schema must really be in the
// CRD, so a value of the wrong JSON type is refused, a malformed Quantity breaks its pattern, and
// one typed member inside the type (an integer, a boolean, a quantity) refuses a string.

import { expandedKubernetesField } from "../../model/build-fields.ts";
import type { FieldModel } from "../../model/types.ts";
import { exampleValue } from "../manifests/example-values.ts";
import type { Probe } from "./contract-probe.ts";
import type { Slot } from "./contract-slots.ts";

const WRONG_TYPE: Readonly<Record<string, unknown>> = {
  object: "not-an-object",
  map: "not-an-object",
  array: { notAList: true },
};

export function kubernetesProbes(slot: Slot): Probe[] {
  const f = expandedKubernetesField(slot.field);
  const label = `Kubernetes type ${slot.field.kubernetesType}`;
  switch (f.type) {
    case "int-or-string":
      return [
        {
          label,
          bad: true,
          rejection: { reason: "FieldValueTypeInvalid", message: "must be of type integer,string" },
          good: slot.field.kubernetesType === "Quantity" ? ["500m", "1Gi", 2] : [8080, "http"],
        },
        ...(f.pattern !== undefined ? [patternProbe(f, label)] : []),
      ];
    case "string":
      return f.format === "date-time"
        ? [
            {
              label,
              bad: "not-a-time",
              rejection: { reason: "FieldValueTypeInvalid", message: "must be of type date-time" },
              good: ["2024-01-01T00:00:00Z"],
            },
          ]
        : [];
    case "object":
    case "map":
    case "array": {
      const probes: Probe[] = [
        {
          label,
          bad: WRONG_TYPE[f.type],
          rejection: {
            reason: "FieldValueTypeInvalid",
            message: `must be of type ${f.type === "array" ? "array" : "object"}`,
          },
          good: [exampleValue(f)],
        },
      ];
      const member = f.type === "object" ? typedMember(f, slot.path) : undefined;
      if (member) probes.push(member);
      return probes;
    }
    default:
      return [];
  }
}

function patternProbe(f: FieldModel, label: string): Probe {
  return {
    label: `${label}: pattern`,
    bad: "1.5 gigabytes",
    rejection: { reason: "FieldValueInvalid", message: `should match '${f.pattern}'` },
    good: [],
  };
}

/**
 * The first member, depth first through objects, that refuses a string: an integer or boolean,
 * or a map of quantities (resources.limits). The probe sets it inside the type's example value.
 */
function typedMember(f: FieldModel, path: string, depth = 0): Probe | undefined {
  if (depth > 3) return undefined;
  const base = exampleValue(f) as Record<string, unknown>;
  for (const member of f.fields) {
    const at = `${path}.${member.name}`;
    const place = (value: unknown) => ({ ...base, [member.name]: value });
    if (member.type === "integer" || member.type === "boolean")
      return {
        label: `${path.replace(/^spec\./, "")}: ${member.name} is ${member.type}`,
        bad: place("not-a-number"),
        rejection: {
          field: at,
          reason: "FieldValueTypeInvalid",
          message: `must be of type ${member.type}`,
        },
        good: [],
      };
    if (member.type === "map" && member.items?.pattern !== undefined)
      return {
        label: `${path.replace(/^spec\./, "")}: ${member.name} holds quantities`,
        bad: place({ cpu: "1.5 gigabytes" }),
        rejection: {
          field: `${at}.cpu`,
          reason: "FieldValueInvalid",
          message: `should match '${member.items.pattern}'`,
        },
        good: [place({ cpu: "500m", memory: "128Mi" })],
      };
    if (member.type === "object") {
      const nested = typedMember(member, at, depth + 1);
      if (nested && nested.bad !== undefined)
        return {
          ...nested,
          bad: place(nested.bad),
          good: nested.good.map((g) => place(g)),
        };
    }
  }
  return undefined;
}
