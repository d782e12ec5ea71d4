// What the conversion templates print (src/api/<kind>-conversion.ts, src/conversion.ts and the
// user's src/hooks/<kind>-conversion.ts): names and the plans as literals, computed here.

import type { OperatorModel } from "../../model/types.ts";
import { exampleSpec, exampleValue } from "../manifests/example-values.ts";
import { objectViolations } from "../manifests/field-violations.ts";
import { toCamel, toPascal } from "../../check/derive-names.ts";

export interface ConversionView {
  /** The KindConversion constant, e.g. databaseConversion. */
  constName: string;
  /** The interface of the user's hooks, e.g. DatabaseConversionHooks. */
  hooksType: string;
  hub: string;
  /** The newest served version other than the hub (the storage migration test stores in it). */
  older: string;
  annotation: string;
  crdName: string;
  /** Webhook strategy: the operator serves conversions (else only the migrator runs). */
  webhook: boolean;
  webhookPort: number;
  webhookService: string;
  caSecret: string;
  spokes: Array<{ version: string; planJson: string; hooked: boolean }>;
  /** Versions with hook-converted fields, each field with its path and types on both sides. */
  hookVersions: Array<{
    version: string;
    fields: Array<{ hub: string; version: string; hubType: string; versionType: string }>;
  }>;
  hasHooks: boolean;
  /**
   * JSON: per version, a spec the API server accepts in it with a value for every top-level
   * field it can (so renamed and one-sided fields are exercised), for the generated round trips.
   */
  examplesJson: string;
  /** JSON: the hub version's example spec. */
  hubExampleJson: string;
  /** JSON: per version other than the hub, the hub paths it cannot hold. */
  hubOnlyJson: string;
  /** JSON: every version name, oldest first, and the served ones. */
  versionsJson: string;
  servedJson: string;
  /** The module paths, from src/. */
  module: string;
  hooksModule: string;
}

export function conversionView(model: OperatorModel): ConversionView | undefined {
  const conversion = model.conversion;
  if (conversion === undefined) return undefined;
  const hookVersions = conversion.spokes
    .filter((spoke) => spoke.hooked.length > 0)
    .map((spoke) => ({ version: spoke.version, fields: spoke.hooked }));
  return {
    constName: `${toCamel(model.api.kind)}Conversion`,
    hooksType: `${toPascal(model.api.kind)}ConversionHooks`,
    hub: conversion.hub,
    older:
      model.api.versions.filter((v) => v.served && v.name !== conversion.hub).at(-1)?.name ??
      conversion.hub,
    annotation: conversion.annotation,
    crdName: model.api.crdName,
    webhook: conversion.strategy === "Webhook",
    webhookPort: conversion.webhook.port,
    webhookService: conversion.webhook.service,
    caSecret: conversion.webhook.caSecret,
    spokes: conversion.spokes.map((spoke) => ({
      version: spoke.version,
      planJson: JSON.stringify({
        copy: spoke.copy.map((c) => (c.object ? c : { hub: c.hub, version: c.version })),
        hubOnly: spoke.hubOnly,
        versionOnly: spoke.versionOnly,
        hooked: spoke.hooked.map((h) => ({ hub: h.hub, version: h.version })),
      }),
      hooked: spoke.hooked.length > 0,
    })),
    hookVersions,
    hasHooks: hookVersions.length > 0,
    examplesJson: JSON.stringify(
      Object.fromEntries(
        model.api.versions.map((v) => [v.name, fullExample(v.schema?.spec ?? model.spec)]),
      ),
    ),
    hubExampleJson: JSON.stringify(fullExample(model.spec)),
    hubOnlyJson: JSON.stringify(
      Object.fromEntries(conversion.spokes.map((spoke) => [spoke.version, spoke.hubOnly])),
    ),
    versionsJson: JSON.stringify(model.api.versions.map((v) => v.name)),
    servedJson: JSON.stringify(model.api.versions.filter((v) => v.served).map((v) => v.name)),
    module: `api/${model.names.kindFile}-conversion.ts`,
    hooksModule: `hooks/${model.names.kindFile}-conversion.ts`,
  };
}

const SCALARS = new Set(["string", "integer", "number", "boolean"]);

/**
 * The version's example spec with every scalar top-level field set, as long as the schema still
 * accepts it; a field whose value it would refuse (a rule across fields) is left out.
 */
export function fullExample(spec: OperatorModel["spec"]): Record<string, unknown> {
  let value = exampleSpec(spec);
  for (const field of spec.fields) {
    if (!SCALARS.has(field.type) || field.name in value) continue;
    const candidate = { ...value, [field.name]: exampleValue(field) };
    if (objectViolations(spec.fields, candidate, "spec").length === 0) value = candidate;
  }
  return value;
}
