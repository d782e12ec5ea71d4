// Helm template text spliced into YAML the `yaml` serializer prints. A chart template is YAML with
// Go-template actions in it, which no YAML library can print: so a manifest object carries a
// token (a plain scalar such as `helm-7-token`) where an action belongs, goes through the same
// serializer as config/ (toYaml), and the token is replaced by the action afterwards.
//
// Why not handlebars: Helm's `{{ }}` is handlebars' own syntax, so every action would need
// escaping in the template, and the objects would be a second hand-written copy of config/.
// Here the chart is config/'s own objects with a few fields swapped (chart.ts).

import { toYaml } from "../manifests/yaml-file.ts";

/** Lays out the lines that replace `<indent>key: <token>`; `indent` counts the key's spaces. */
type Block = (indent: string, key: string) => string[];

const TOKEN = /helm-(\d+)-token/g;
const BLOCK_LINE = /^( *)(- )?([\w./-]+): helm-(\d+)-token$/gm;

export class HelmText {
  readonly #inline: string[] = [];
  readonly #blocks = new Map<number, Block>();

  /** A scalar printed as the action `{{ expression }}`. */
  value(expression: string): string {
    this.#inline.push(`{{ ${expression} }}`);
    return `helm-${this.#inline.length - 1}-token`;
  }

  /** A key whose whole entry is laid out by `block` (a `with` around it, a toYaml of values). */
  block(block: Block): string {
    const token = this.value("");
    this.#blocks.set(this.#inline.length - 1, block);
    return token;
  }

  /** The key set to the YAML of `values` (a map or list in values.yaml), always present. */
  toYaml(values: string): string {
    return this.block((indent, key) => [
      `${indent}${key}:`,
      `${indent}  {{- toYaml ${values} | nindent ${indent.length + 2} }}`,
    ]);
  }

  /** The key set to the YAML of `values`, left out while that value is empty. */
  withYaml(values: string): string {
    return this.block((indent, key) => [
      `${indent}{{- with ${values} }}`,
      `${indent}${key}:`,
      `${indent}  {{- toYaml . | nindent ${indent.length + 2} }}`,
      `${indent}{{- end }}`,
    ]);
  }

  /** `lines` (an entry of the map the key is in) only while `condition` holds. */
  when(condition: string, lines: (indent: string) => string[]): string {
    return this.block((indent) => [
      `${indent}{{- if ${condition} }}`,
      ...lines(indent),
      `${indent}{{- end }}`,
    ]);
  }

  /**
   * The YAML of `documents` with every token replaced. Text that looks like an action (a CEL rule
   * or a description holding `{{`) is escaped first, so Helm prints it as written.
   */
  print(documents: readonly unknown[]): string {
    const yaml = documents.map(toYaml).join("---\n").replaceAll("{{", '{{ "{{" }}');
    const blocks = yaml.replace(
      BLOCK_LINE,
      (line, spaces: string, dash: string | undefined, key: string, n: string) => {
        const block = this.#blocks.get(Number(n));
        if (!block) return line;
        if (!dash) return block(spaces, key).join("\n");
        // The first key of a list item: the block's first line must be the key itself.
        const [first, ...rest] = block(`${spaces}  `, key);
        if (!first?.trimStart().startsWith(`${key}:`))
          throw new Error(`internal error: ${key} opens a list item, so it cannot be conditional`);
        return [`${spaces}- ${first.trimStart()}`, ...rest].join("\n");
      },
    );
    return blocks.replace(TOKEN, (token, n: string) => {
      if (this.#blocks.has(Number(n))) throw new Error(`internal error: ${token} is not a key`);
      return this.#inline[Number(n)] ?? token;
    });
  }
}

/** A whole template shown only while `condition` holds (an opt-in object). */
export function onlyIf(condition: string, body: string): string {
  return `{{- if ${condition} }}\n${body}{{- end }}\n`;
}
