// Serializes typed manifest objects into one YAML file. Every manifest goes through here so
// quoting, line width and the ownership header are the same in every file under config/.

import { Document, Scalar, stringify, visit } from "yaml";
import { fileHeader, Ownership, type GeneratedFile } from "../../base/files.ts";

export interface YamlFileOptions {
  ownership?: Ownership;
  /** Extra comment lines after the ownership header, each without the leading `# `. */
  comment?: string[];
}

/**
 * One file of one or more YAML documents. Serialized as YAML 1.1 on purpose: kubectl and
 * kustomize parse with Go's YAML 1.1 rules, so strings such as `yes`, `on` or `1:20` must be
 * quoted or they turn into booleans and numbers. lineWidth 0 keeps long CEL rules and patterns on
 * one line; aliasDuplicateObjects false keeps shared objects from turning into anchors.
 */
export function yamlFile(
  path: string,
  documents: readonly unknown[],
  options: YamlFileOptions = {},
): GeneratedFile {
  const ownership = options.ownership ?? Ownership.Generated;
  const comment = (options.comment ?? []).map((line) => (line ? `# ${line}` : "#")).join("\n");
  const body = documents.map(toYaml).join("---\n");
  return {
    path,
    ownership,
    content: fileHeader(ownership, "#") + (comment ? comment + "\n" : "") + body,
  };
}

export function toYaml(value: unknown): string {
  const document = new Document(value, { aliasDuplicateObjects: false, version: "1.1" });
  visit(document, {
    Scalar(_, node) {
      if (typeof node.value === "string" && prefersSingleQuotes(node.value))
        node.type = Scalar.QUOTE_SINGLE;
    },
  });
  return document.toString({ lineWidth: 0 });
}

/**
 * A string the yaml library would double-quote although it holds more double than single quotes
 * (upstream Kubernetes descriptions: `The default is "" which means to use the node's ...`).
 * Prettier quotes such a string with single quotes (fewer escapes); so must we, since manifests
 * are written without a formatting pass.
 */
function prefersSingleQuotes(text: string): boolean {
  const doubles = text.split('"').length - 1;
  const singles = text.split("'").length - 1;
  if (singles === 0 || doubles <= singles) return false;
  return stringify(text, { lineWidth: 0, version: "1.1" }).startsWith('"');
}
