// What users do to a generated project between two generations, scripted. Each edit knows how
// to find itself again, so a scenario can assert that regeneration kept every line of it.

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LOCK_PATH } from "../../generator/base/lock-file.ts";

export interface UserEdit {
  name: string;
  apply(dir: string): void;
  /** What is missing after regeneration; empty when the edit survived whole. */
  lost(dir: string): string[];
}

const read = (dir: string, path: string): string => readFileSync(join(dir, path), "utf8");

function appendOnce(dir: string, path: string, text: string): void {
  writeFileSync(join(dir, path), read(dir, path) + text);
}

function missing(dir: string, path: string, text: string): string[] {
  if (!existsSync(join(dir, path))) return [`${path} is gone`];
  return read(dir, path).includes(text) ? [] : [`${path} lost: ${JSON.stringify(text)}`];
}

/** The user's own source files: scaffold-once TypeScript under src/, as the lock lists them. */
export function userSourceFiles(dir: string): string[] {
  const lock = JSON.parse(read(dir, LOCK_PATH)) as {
    files: Record<string, { ownership: string }>;
  };
  return Object.entries(lock.files)
    .filter(([path, f]) => f.ownership === "scaffold-once" && /^src\/.*\.ts$/.test(path))
    .map(([path]) => path)
    .sort();
}

const domainCode = (path: string): string =>
  `\n/** Domain code the team wrote; regeneration must keep it. */\nexport function keptDomainRule(): string {\n  return ${JSON.stringify(path)};\n}\n`;

export const USER_EDITS: readonly UserEdit[] = [
  {
    name: "domain code in every user-owned source file",
    apply(dir) {
      for (const path of userSourceFiles(dir)) appendOnce(dir, path, domainCode(path));
    },
    lost(dir) {
      // Files the user owned before the spec change: recorded before the change, found again after.
      return (
        editedSources.get(dir)?.flatMap((path) => missing(dir, path, domainCode(path))) ?? [
          "no user source recorded",
        ]
      );
    },
  },
  {
    name: "a section in README.md",
    apply: (dir) => appendOnce(dir, "README.md", RUNBOOK),
    lost: (dir) => missing(dir, "README.md", RUNBOOK),
  },
  {
    name: "npm install of a dependency and a new script",
    apply(dir) {
      const pkg = JSON.parse(read(dir, "package.json")) as Record<string, any>;
      pkg.dependencies = { ...pkg.dependencies, "fastest-levenshtein": "1.0.16" };
      // A script name the generator does not write (it writes `lint` since 0.2.0: that would be
      // a real conflict, which generate reports and stops on).
      pkg.scripts = { ...pkg.scripts, "check:prettier": "prettier --check ." };
      // npm writes two-space JSON with a trailing newline.
      writeFileSync(join(dir, "package.json"), JSON.stringify(pkg, null, 2) + "\n");
    },
    lost(dir) {
      const pkg = JSON.parse(read(dir, "package.json")) as Record<string, any>;
      return [
        ...(pkg.dependencies?.["fastest-levenshtein"] === "1.0.16" ? [] : ["the dependency"]),
        ...(pkg.scripts?.["check:prettier"] === "prettier --check ." ? [] : ["the script"]),
      ].map((what) => `package.json lost ${what}`);
    },
  },
  {
    name: "a line in .gitignore",
    apply: (dir) => appendOnce(dir, ".gitignore", "coverage/\n"),
    lost: (dir) => missing(dir, ".gitignore", "coverage/\n"),
  },
  {
    name: "a hand edit of the generated manager manifest",
    apply(dir) {
      const path = "config/manager/manager.yaml";
      const text = read(dir, path);
      const at = text.indexOf("kind: Deployment\nmetadata:\n");
      const labels = text.indexOf("  labels:\n", at);
      if (at < 0 || labels < 0) throw new Error(`${path} has no Deployment labels to edit`);
      const end = labels + "  labels:\n".length;
      writeFileSync(join(dir, path), text.slice(0, end) + TEAM_LABEL + text.slice(end));
    },
    lost: (dir) => missing(dir, "config/manager/manager.yaml", TEAM_LABEL),
  },
];

const RUNBOOK = "\n## Runbook\n\nPage the payments on-call team before changing storage.\n";
const TEAM_LABEL = "    example.com/team: payments\n";

/** Filled by applyUserEdits: which user sources each project had when the edits were made. */
const editedSources = new Map<string, string[]>();

export function applyUserEdits(dir: string): void {
  editedSources.set(dir, userSourceFiles(dir));
  for (const edit of USER_EDITS) edit.apply(dir);
}

export function lostUserEdits(dir: string): string[] {
  return USER_EDITS.flatMap((edit) => edit.lost(dir).map((line) => `${edit.name}: ${line}`));
}
