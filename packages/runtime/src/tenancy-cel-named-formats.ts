// Kubernetes' format CEL library (k8s.io/apiserver pkg/cel/library/format.go, Kubernetes 1.36) for
// the operator's tenancy re-check: format.dns1123Label().validate(s) and the other named formats,
// returning none when s is valid and otherwise the list of the same error texts the API server
// gives (a messageExpression may show them). Each validator follows the function format.go
// calls: k8s.io/apimachinery v0.36.3 validation and content packages, kube-openapi's strfmt
// (uuid, byte, date, datetime) and Go's url.ParseRequestURI (uri, tenancy-cel-url.ts). Lengths are Go's len(): bytes.

import { Optional, type Environment } from "@marcbachmann/cel-js";
import { parseRequestUri } from "./tenancy-cel-url.ts";

export class NamedFormat {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}
class FormatNamespace {}

const F = "kubernetes.NamedFormat";

export function registerNamedFormatsLibrary(env: Environment): void {
  const fn = (signature: string, handler: (...args: never[]) => unknown) =>
    env.registerFunction(signature, handler as (...args: unknown[]) => unknown);
  env.registerType(F, { ctor: NamedFormat, fields: {} });
  env.registerType("format.namespace", { ctor: FormatNamespace, fields: {} });
  env.registerConstant("format", "format.namespace", new FormatNamespace());
  env.registerOperator(`${F} == ${F}`, (a: NamedFormat, b: NamedFormat) => a.name === b.name);
  for (const name of Object.keys(VALIDATORS))
    fn(`format.namespace.${name}(): ${F}`, () => new NamedFormat(name));
  fn(`format.namespace.named(string): optional<${F}>`, (_: unknown, name: string) =>
    Object.hasOwn(VALIDATORS, name) ? Optional.of(new NamedFormat(name)) : Optional.none(),
  );
  fn(`${F}.validate(string): optional<list<string>>`, (f: NamedFormat, s: string) => {
    const errors = VALIDATORS[f.name]!(s);
    return errors.length === 0 ? Optional.none() : Optional.of(errors);
  });
}

const bytes = (s: string) => Buffer.byteLength(s, "utf8");

/** validation.RegexError. */
function regexError(msg: string, re: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${re}')`;
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(" or ")}regex used for validation is '${re}')`;
}

const LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const SUBDOMAIN = `${LABEL}(\\.${LABEL})*`;
const DNS1035 = "[a-z]([-a-z0-9]*[a-z0-9])?";
const KEY = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const VALUE = `(${KEY})?`;
const whole = (re: string) => new RegExp(`^(?:${re})$`);

/** validation.IsDNS1123Label. */
function dns1123Label(s: string): string[] {
  const errs = bytes(s) > 63 ? ["must be no more than 63 characters"] : [];
  if (!whole(LABEL).test(s))
    errs.push(
      whole(SUBDOMAIN).test(s)
        ? "must not contain dots"
        : regexError(
            "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
            LABEL,
            "my-name",
            "123-abc",
          ),
    );
  return errs;
}

/** validation.IsDNS1123Subdomain ("characters") or content.IsDNS1123Subdomain ("bytes"). */
function dns1123Subdomain(unit: "characters" | "bytes"): (s: string) => string[] {
  return (s) => [
    ...(bytes(s) > 253 ? [`must be no more than 253 ${unit}`] : []),
    ...(whole(SUBDOMAIN).test(s)
      ? []
      : [
          regexError(
            "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
            SUBDOMAIN,
            "example.com",
          ),
        ]),
  ];
}

/** validation.IsDNS1035Label. */
function dns1035Label(s: string): string[] {
  return [
    ...(bytes(s) > 63 ? ["must be no more than 63 characters"] : []),
    ...(whole(DNS1035).test(s)
      ? []
      : [
          regexError(
            "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character",
            DNS1035,
            "my-name",
            "abc-123",
          ),
        ]),
  ];
}

const KEY_MESSAGE =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

/** content.IsLabelKey (validation.IsQualifiedName). */
function qualifiedName(s: string): string[] {
  const errs: string[] = [];
  const parts = s.split("/");
  let name: string;
  if (parts.length === 1) name = parts[0]!;
  else if (parts.length === 2) {
    const prefix = parts[0]!;
    name = parts[1]!;
    if (prefix === "") errs.push("prefix part must be non-empty");
    else errs.push(...dns1123Subdomain("bytes")(prefix).map((m) => `prefix part ${m}`));
  } else
    return [
      `a valid label key ${regexError(KEY_MESSAGE, KEY, "MyName", "my.name", "123-abc")} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  if (name === "") errs.push("name part must be non-empty");
  else if (bytes(name) > 63) errs.push("name part must be no more than 63 bytes");
  if (!whole(KEY).test(name))
    errs.push(`name part ${regexError(KEY_MESSAGE, KEY, "MyName", "my.name", "123-abc")}`);
  return errs;
}

/** content.IsLabelValue. */
function labelValue(s: string): string[] {
  return [
    ...(bytes(s) > 63 ? ["must be no more than 63 bytes"] : []),
    ...(whole(VALUE).test(s)
      ? []
      : [
          regexError(
            "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
            VALUE,
            "MyValue",
            "my_value",
            "12345",
          ),
        ]),
  ];
}

/** apimachinery api/validation maskTrailingDash, as written (it drops the character before). */
function maskTrailingDash(s: string): string {
  return s.length > 1 && s.endsWith("-") ? `${s.slice(0, -2)}a` : s;
}

/** time.Parse("2006-01-02", s): four-digit year, two-digit month and day, a real day. */
function isDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** strfmt.IsDateTime, as written (a lower-cased split on "t", string comparisons of fields). */
function isDateTime(s: string): boolean {
  if (s.length < 4) return false;
  const parts = s.toLowerCase().split("t");
  if (parts.length < 2 || !isDate(parts[0]!)) return false;
  const m = /^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/.exec(
    parts[1]!,
  );
  return m !== null && m[1]! <= "23" && m[2]! <= "59" && m[3]! <= "59";
}

const VALIDATORS: Readonly<Record<string, (s: string) => string[]>> = {
  dns1123Label,
  dns1123Subdomain: dns1123Subdomain("characters"),
  dns1035Label,
  qualifiedName,
  dns1123LabelPrefix: (s) => dns1123Label(maskTrailingDash(s)),
  dns1123SubdomainPrefix: (s) => dns1123Subdomain("characters")(maskTrailingDash(s)),
  dns1035LabelPrefix: (s) => dns1035Label(maskTrailingDash(s)),
  labelValue,
  uri: (s) => {
    try {
      parseRequestUri(s);
      return [];
    } catch (err) {
      return [(err as Error).message];
    }
  },
  uuid: (s) =>
    /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(s)
      ? []
      : ["does not match the UUID format"],
  byte: (s) =>
    /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/.test(s)
      ? []
      : ["invalid base64"],
  date: (s) => (isDate(s) ? [] : ["invalid date"]),
  datetime: (s) => (isDateTime(s) ? [] : ["invalid datetime"]),
};
