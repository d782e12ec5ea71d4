// A preset's license header at the top of every TypeScript file the generator writes, generated
// and scaffolded alike, above the ownership header. Added after formatting: a block of // lines
// with no trailing blanks, then one blank line, is already what prettier would print, so the
// output stays in its style and the cache of formatted templates is shared with projects
// without a header. Other files are left alone (JSON has no comments; YAML and Markdown are
// data and documents, and a preset renders its own LICENSE file when it wants one).

import type { GeneratedFile, ProjectFiles } from "../base/files.ts";

export function licenseComment(lines: readonly string[]): string {
  return lines.map((line) => (line === "" ? "//" : `// ${line}`)).join("\n") + "\n\n";
}

export function withLicenseHeader(files: ProjectFiles, lines: readonly string[] | undefined): void {
  if (lines === undefined || lines.length === 0) return;
  const comment = licenseComment(lines);
  for (const file of [...files.values()])
    if (file.path.endsWith(".ts"))
      files.set(file.path, { ...file, content: comment + file.content } satisfies GeneratedFile);
}
