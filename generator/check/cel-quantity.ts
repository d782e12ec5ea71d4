// Kubernetes resource quantities (k8s.io/apimachinery resource.Quantity) as far as rule examples
// need them: parsing with the server's grammar, and comparison. Values are kept as doubles, which is
// exact for every quantity a fixture plausibly uses.

export interface Quantity {
  value: number;
}

const BINARY: Readonly<Record<string, number>> = {
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};
const DECIMAL: Readonly<Record<string, number>> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  "": 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
};

/** `<signedNumber><suffix>` as in resource.ParseQuantity; throws on anything else. */
export function parseQuantity(text: string): Quantity {
  const m =
    /^([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?[0-9]+)?$/.exec(
      text,
    );
  if (!m)
    throw new Error(
      `quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`,
    );
  const number = Number(m[1]);
  const suffix = m[2] ?? "";
  const factor = BINARY[suffix] ?? DECIMAL[suffix] ?? 10 ** Number(suffix.slice(1));
  return { value: number * factor };
}

export function compareQuantities(a: Quantity, b: Quantity): number {
  return Math.sign(a.value - b.value);
}
