// The named formats of the Kubernetes CEL format library (format.dns1123Label() and friends),
// validated with the same rules as k8s.io/apimachinery's validation helpers, so examples that use
// `!format.dns1123Label().validate(self).hasValue()` evaluate as the server would.

export const FORMAT_NAMES = [
  "dns1123Label",
  "dns1123Subdomain",
  "dns1035Label",
  "qualifiedName",
  "dns1123LabelPrefix",
  "dns1123SubdomainPrefix",
  "dns1035LabelPrefix",
  "labelValue",
  "uri",
  "uuid",
  "byte",
  "date",
  "datetime",
] as const;

export interface NamedFormat {
  name: (typeof FORMAT_NAMES)[number];
}

const LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const SUBDOMAIN = `${LABEL}(\\.${LABEL})*`;
const DNS1035 = "[a-z]([-a-z0-9]*[a-z0-9])?";
const QUALIFIED = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";

function pattern(re: string, max: number, what: string): (s: string) => string[] {
  const compiled = new RegExp(`^(?:${re})$`);
  return (s) => [
    ...(s.length > max ? [`must be no more than ${max} characters`] : []),
    ...(compiled.test(s) ? [] : [`a ${what} must match ${re}`]),
  ];
}

function prefix(validate: (s: string) => string[]): (s: string) => string[] {
  // A prefix may end in a dash (a generated suffix follows), so validate it with a trailing "a".
  return (s) => validate(s.endsWith("-") ? `${s}a` : s);
}

const VALIDATORS: Readonly<Record<NamedFormat["name"], (s: string) => string[]>> = {
  dns1123Label: pattern(LABEL, 63, "lowercase RFC 1123 label"),
  dns1123Subdomain: pattern(SUBDOMAIN, 253, "lowercase RFC 1123 subdomain"),
  dns1035Label: pattern(DNS1035, 63, "DNS-1035 label"),
  qualifiedName: (s) => {
    const [a, b, ...rest] = s.split("/");
    if (rest.length > 0) return ["a qualified name must have at most one /"];
    if (b === undefined) return pattern(QUALIFIED, 63, "qualified name")(a ?? "");
    return [
      ...pattern(SUBDOMAIN, 253, "lowercase RFC 1123 subdomain")(a ?? ""),
      ...pattern(QUALIFIED, 63, "qualified name")(b),
    ];
  },
  dns1123LabelPrefix: prefix(pattern(LABEL, 63, "lowercase RFC 1123 label")),
  dns1123SubdomainPrefix: prefix(pattern(SUBDOMAIN, 253, "lowercase RFC 1123 subdomain")),
  dns1035LabelPrefix: prefix(pattern(DNS1035, 63, "DNS-1035 label")),
  labelValue: (s) => (s === "" ? [] : pattern(QUALIFIED, 63, "label value")(s)),
  uri: (s) => (URL.canParse(s) || s.startsWith("/") ? [] : ["invalid URI"]),
  uuid: pattern(
    "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}",
    36,
    "UUID",
  ),
  byte: (s) => (/^[A-Za-z0-9+/]*={0,2}$/.test(s) && s.length % 4 === 0 ? [] : ["invalid base64"]),
  date: pattern("\\d{4}-\\d{2}-\\d{2}", 10, "date"),
  datetime: (s) => (Number.isNaN(Date.parse(s)) ? ["invalid date-time"] : []),
};

export function formatValidator(name: NamedFormat["name"]): (s: string) => string[] {
  return VALIDATORS[name];
}
