// What the conversion templates print (src/api/<kind>-conversion.ts, src/conversion.ts and the
// user's src/hooks/<kind>-conversion.ts): names and the plans as literals, computed here.

import type { OperatorModel } from "../../model/types.ts";
import { toCamel, toPascal } from "../../check/derive-names.ts";

export interface ConversionView {
  /** The KindConversion constant, e.g. databaseConversion. */
  constName: string;
  /** The interface of the user's hooks, e.g. DatabaseConversionHooks. */
  hooksType: string;
  hub: string;
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
    module: `api/${model.names.kindFile}-conversion.ts`,
    hooksModule: `hooks/${model.names.kindFile}-conversion.ts`,
  };
}
