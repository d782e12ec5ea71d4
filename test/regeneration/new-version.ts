// The Database project's first API evolution (issue 19), as a team would write it in its own
// operator.yaml: v1beta1 is added and becomes the storage version; v1alpha1 stays served and
// deprecated. v1beta1 adds maintenanceWindow (declarative: older versions keep it in the
// conversion annotation) and turns backup.enabled (boolean) into backup.mode (Enabled|Disabled),
// a rename with a type change, which the generated converters hand to the team's conversion hook.
// Then what the team does when tsc names its files: write the hook, and follow the hub's types.

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

function replaceOnce(text: string, from: string, to: string, where: string): string {
  if (!text.includes(from)) throw new Error(`${where} no longer holds: ${from}`);
  return text.replace(from, to);
}

/** examples/database.yaml's text, evolved by hand into two versions. */
export function gainV1beta1(spec: string): string {
  const edits: Array<[string, string]> = [
    [
      "  versions:\n    - name: v1alpha1\n",
      "  versions:\n    - name: v1alpha1\n      deprecated: true\n    - name: v1beta1\n      storage: true\n",
    ],
    [
      "      default: { enabled: true, retentionDays: 7 }\n      fields:\n        enabled:\n          type: boolean\n          default: true\n",
      [
        "      default: { mode: Enabled, retentionDays: 7 }",
        "      fields:",
        "        mode:",
        "          type: string",
        "          enum: [Enabled, Disabled]",
        "          default: Enabled",
        "          versions:",
        "            renamed: { v1alpha1: backup.enabled }",
        "            changed: { v1alpha1: { type: boolean, default: true } }",
        "            converted: hook",
        "",
      ].join("\n"),
    ],
    [
      '        - rule: "!self.enabled || self.retentionDays >= 1"\n          message: retentionDays must be at least 1 when backups are enabled\n          fieldPath: .retentionDays\n          examples:\n            valid: [{ enabled: false, retentionDays: 0 }, { enabled: true, retentionDays: 7 }]\n            invalid: [{ enabled: true, retentionDays: 0 }]\n',
      [
        `        - rule: "self.mode == 'Disabled' || self.retentionDays >= 1"`,
        "          message: retentionDays must be at least 1 when backups are enabled",
        "          fieldPath: .retentionDays",
        "          examples:",
        "            valid: [{ mode: Disabled, retentionDays: 0 }, { mode: Enabled, retentionDays: 7 }]",
        "            invalid: [{ mode: Enabled, retentionDays: 0 }]",
        "      versions:",
        "        changed:",
        "          v1alpha1:",
        "            default: { enabled: true, retentionDays: 7 }",
        "            rules:",
        '              - rule: "!self.enabled || self.retentionDays >= 1"',
        "                message: retentionDays must be at least 1 when backups are enabled",
        "                fieldPath: .retentionDays",
        "",
      ].join("\n"),
    ],
    [
      "    tags:\n      type: map\n",
      [
        "    maintenanceWindow:",
        "      type: string",
        "      description: Weekly window for engine updates, e.g. Sun:03:00-Sun:04:00 (UTC).",
        "      maxLength: 19",
        "      versions:",
        "        added: v1beta1",
        "    tags:",
        "      type: map",
        "",
      ].join("\n"),
    ],
    ["backup.enabled, backup.retentionDays", "backup.mode, backup.retentionDays"],
  ];
  return edits.reduce((text, [from, to]) => replaceOnce(text, from, to, "the Database spec"), spec);
}

export const HOOK_PATH = "src/hooks/database-conversion.ts";

/** The hook a team writes once tsc names it: both directions of backup.enabled ↔ backup.mode. */
export function writeBackupModeHook(dir: string): void {
  const path = join(dir, HOOK_PATH);
  const filled = replaceOnce(
    readFileSync(path, "utf8"),
    "export const conversionHooks: DatabaseConversionHooks = {\n",
    [
      "export const conversionHooks: DatabaseConversionHooks = {",
      "  v1alpha1: {",
      '    "spec.backup.enabled": {',
      '      toHub: (enabled) => (enabled ? "Enabled" : "Disabled"),',
      '      fromHub: (mode) => mode === "Enabled",',
      "    },",
      "  },",
      "",
    ].join("\n"),
    HOOK_PATH,
  );
  writeFileSync(path, filled);
}

/** A user file that imports the v1alpha1 hub's module follows the hub to v1beta1, as tsc asks. */
export function followHub(dir: string, files: readonly string[]): void {
  for (const file of files) {
    const path = join(dir, file);
    writeFileSync(path, readFileSync(path, "utf8").replaceAll("/api/v1alpha1/", "/api/v1beta1/"));
  }
}
