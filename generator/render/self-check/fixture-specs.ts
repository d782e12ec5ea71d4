// The specs the generated suites create from test/support/fixture.ts rather than from the contract
// cases: the sample, the spec change, natural keys, child instances, conditions and policies. Each is sent
// expecting "accepted", so each must pass the generated CRD like any accepted contract case; a
// value chosen without the spec-level rules in view (a when: field's first example, say) would
// otherwise fail every suite that creates it on the real server.

import type { TestFixture } from "../sources/test-fixture.ts";
import type { SentSpec } from "./contract-self-check.ts";

type Spec = Record<string, unknown>;

export function fixtureSpecs(fixture: TestFixture): SentSpec[] {
  const sample = fixture.sampleSpec;
  const sent: SentSpec[] = [accepted("the fixture's sample spec", sample)];
  const change = fixture.specChange;
  if (change)
    change.values.forEach((value, i) =>
      sent.push(
        accepted(`spec change ${i + 1} (${change.field})`, at(sample, [change.field], value)),
      ),
    );
  for (const binding of fixture.bindings) {
    const key = binding.naturalKey;
    if (!key) continue;
    const path = key.path.split(".");
    for (const value of keySamples(key))
      sent.push(
        accepted(`${binding.name}'s natural key ${JSON.stringify(value)}`, at(sample, path, value)),
      );
  }
  for (const child of fixture.namedChildren) {
    if (child.forEach)
      sent.push(
        accepted(
          `two ${child.kind} instances`,
          at(sample, child.forEach.path, child.forEach.entries),
        ),
      );
    for (const count of child.count?.values ?? [])
      sent.push(
        accepted(`${count} ${child.kind} instance(s)`, at(sample, child.count!.path, count)),
      );
  }
  for (const child of fixture.conditionalChildren) {
    const off = child.off === null ? undefined : child.off;
    sent.push(accepted(`${child.kind} turned off`, at(sample, child.path, off)));
  }
  for (const child of fixture.creationPolicies)
    if (child.path !== null)
      for (const policy of child.policies)
        sent.push(
          accepted(`${child.kind} creationPolicy ${policy}`, at(sample, child.path, policy)),
        );
  return sent;
}

function accepted(name: string, spec: Spec): SentSpec {
  return { table: "fixture", name, spec, expect: "accepted" };
}

/** Keys as the suites make them: a template filled at both ends of its alphabet, or listed values. */
function keySamples(key: NonNullable<TestFixture["bindings"][number]["naturalKey"]>): string[] {
  const { template, values } = key;
  if (template === null) return [values[0], values.at(-1)].filter((v) => v !== undefined);
  const ends = { lower: ["a", "z"], digits: ["0", "9"], upper: ["A", "Z"] }[template.alphabet];
  return ends.map((c) => template.prefix + c.repeat(template.length) + template.suffix);
}

/** `spec` with `value` at `path` (undefined removes it), objects on the way created. */
function at(spec: Spec, path: readonly string[], value: unknown): Spec {
  const out = structuredClone(spec);
  let parent = out;
  for (const key of path.slice(0, -1)) {
    const next = parent[key];
    parent = parent[key] = typeof next === "object" && next !== null ? (next as Spec) : {};
  }
  if (value === undefined) delete parent[path.at(-1)!];
  else parent[path.at(-1)!] = value;
  return out;
}
