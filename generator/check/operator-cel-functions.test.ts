// The generator's list of functions the operator cannot evaluate (operator-cel-functions.ts) held
// against the runtime itself: every Kubernetes library function the policy may call either
// evaluates in the operator's tenancy gate with the same answer as the generator's own library
// (the one rule examples are checked with), or is listed, and then the runtime indeed lacks it.
// So a rule check admits can never be judged differently by the operator than by its policy.

import assert from "node:assert/strict";
import { test } from "node:test";
import { Environment } from "@marcbachmann/cel-js";
import { tenancyGate } from "../../packages/runtime/src/tenancy.ts";
import { NotEvaluable, registerKubernetesLibrary } from "./cel-kubernetes-library.ts";
import { notOnOperator } from "./operator-cel-functions.ts";

/** One expression per function of the Kubernetes library (cel-kubernetes-library.ts). */
const SAMPLES = [
  "'abc'.charAt(1) == 'b'",
  "'a-b-c'.replace('-', '_') == 'a_b_c'",
  "'a-b-c'.replace('-', '_', 1) == 'a_b-c'",
  "'abc'.reverse() == 'cba'",
  "strings.quote('a\"b') == '\"a\\\\\"b\"'",
  "[1, 2, 3].isSorted() && ![3, 1].isSorted()",
  "[3, 1, 2].min() == 1 && [3, 1, 2].max() == 3",
  "['b', 'a'].sort() == ['a', 'b']",
  "[1, 2, 3].sum() == 6 && [1.5, 2.5].sum() == 4.0",
  "[1, 2, 1].indexOf(1) == 0 && [1, 2, 1].lastIndexOf(1) == 2",
  "[1, 2, 3].slice(1, 3) == [2, 3]",
  "[1, 2, 1].distinct() == [1, 2]",
  "[1, 2].reverse() == [2, 1]",
  "[[1], [2, 3]].flatten() == [1, 2, 3]",
  "lists.range(3) == [0, 1, 2]",
  "sets.contains(['a', 'b'], ['a']) && !sets.contains(['a'], ['b'])",
  "sets.equivalent(['a', 'b'], ['b', 'a', 'a'])",
  "sets.intersects(['a', 'b'], ['b', 'c'])",
  "quantity('10Gi').isGreaterThan(quantity('1G')) && quantity('500m').isLessThan(quantity('1'))",
  "isQuantity('1.5Ki') && !isQuantity('ten')",
  "quantity('1k').compareTo(quantity('1000')) == 0 && quantity('-1').sign() == -1",
  "quantity('2').isInteger() && quantity('2').asInteger() == 2 && quantity('1.5').asApproximateFloat() == 1.5",
  "quantity('1Gi').add(quantity('1Gi')).isGreaterThan(quantity('2G'))",
  "quantity('5').add(1).compareTo(quantity('6')) == 0 && quantity('5').sub(1).compareTo(quantity('4')) == 0",
  "quantity('5').sub(quantity('2')).compareTo(quantity('3')) == 0",
  "url('https://db.example.com:5432/x?a=1&a=2').getScheme() == 'https'",
  "url('https://db.example.com:5432/x').getHost() == 'db.example.com:5432' && url('https://[::1]/').getHostname() == '::1'",
  "url('https://db.example.com:5432/x').getPort() == '5432' && url('/a/b').getEscapedPath() == '/a/b'",
  "url('https://h/?a=1&a=2').getQuery() == {'a': ['1', '2']}",
  "isURL('https://h/') && !isURL('not a url')",
  "ip('10.0.0.1').family() == 4 && ip('::1').family() == 6",
  "isIP('10.0.0.1') && !isIP('10.0.0.256') && ip.isCanonical('10.0.0.1')",
  "ip('0.0.0.0').isUnspecified() && ip('127.0.0.1').isLoopback()",
  "string(ip('10.0.0.1')) == '10.0.0.1'",
  "cidr('10.0.0.0/8').containsIP('10.1.2.3') && !cidr('10.0.0.0/8').containsIP(ip('11.0.0.1'))",
  "cidr('10.0.0.0/8').containsCIDR('10.1.0.0/16') && !cidr('10.1.0.0/16').containsCIDR(cidr('10.0.0.0/8'))",
  "cidr('fd00::/8').containsIP('fd12::1') && !cidr('fd00::/8').containsIP('fe80::1')",
  "cidr('10.0.0.0/8').prefixLength() == 8 && string(cidr('10.0.0.0/8').ip()) == '10.0.0.0'",
  "string(cidr('10.0.0.0/8')) == '10.0.0.0/8' && isCIDR('10.0.0.0/8') && !isCIDR('10.0.0.0/33')",
  "semver('1.2.3').major() == 1 && semver('1.2.3').minor() == 2 && semver('1.2.3').patch() == 3",
  "isSemver('1.2.3') && semver('1.10.0').isGreaterThan(semver('1.9.0'))",
  "semver('1.0.0').isLessThan(semver('2.0.0')) && semver('1.0.0').compareTo(semver('1.0.0')) == 0",
  "'abc'.find('b') == 'b'",
  "'abc'.findAll('[ab]').size() == 2",
  "!ip('fe80::1').isLinkLocalMulticast()",
  "ip('fe80::1').isLinkLocalUnicast()",
  "ip('8.8.8.8').isGlobalUnicast()",
  "string(cidr('10.1.0.0/8').masked()) == '10.0.0.0/8'",
  "semver('v1.2', true).major() == 1",
  "isSemver('v1.2', true)",
  "!format.dns1123Label().validate('a').hasValue()",
  "format.named('dns1123Label').hasValue()",
  "'%s'.format(['a']) == 'a' && '%.2f'.format([1234.5]) == '1,234.50'",
  // CEL's own matches, built into cel-js with JavaScript's RegExp: the same answer as RE2 for the
  // patterns both accept (RE2 refuses backreferences and lookaround, which check reports).
  "'abc'.matches('^a[b-c]+$')",
];

/** Calls the generator lists as not on the operator, each in a rule that would otherwise pass. */
const LISTED = ["'abc'.re2Matches('b')"];

/** The generator library's answer; true as well when it leaves the function to the server. */
function generatorSide(expression: string): unknown {
  const env = new Environment({ enableOptionalTypes: true });
  registerKubernetesLibrary(env);
  try {
    return env.evaluate(expression);
  } catch (err) {
    if (err instanceof NotEvaluable || (err as Error).cause instanceof NotEvaluable) return true;
    throw err;
  }
}

async function operatorSide(expression: string) {
  const obj = { metadata: { name: "x", namespace: "n" } };
  return tenancyGate([{ expression, message: "refused" }]).verdict(obj);
}

for (const expression of SAMPLES)
  test(`the operator evaluates ${expression} as the generator's library does`, async () => {
    assert.deepEqual(notOnOperator(expression), [], "not listed as missing");
    assert.equal(generatorSide(expression), true);
    assert.deepEqual(await operatorSide(expression), { permitted: true });
  });

for (const expression of LISTED)
  test(`listed as not on the operator, and indeed not evaluated there: ${expression}`, async () => {
    assert.ok(notOnOperator(expression).length >= 1, expression);
    const verdict = await operatorSide(expression);
    assert.equal(verdict.permitted, false);
    assert.match(verdict.permitted ? "" : verdict.message, /could not be evaluated/);
  });

test("the sample table names every function the generator's library registers", () => {
  const source = registerKubernetesLibrary.toString();
  const names = new Set(
    [...source.matchAll(/fn\(\s*[`"]([^`"(]+)\(/g)].map((m) => m[1]!.split(".").pop()!),
  );
  const text = [...SAMPLES, ...LISTED].join(" ");
  const unnamed = [...names].filter((n) => !n.includes("$") && !text.includes(n));
  assert.deepEqual(unnamed, []);
});

test("notOnOperator points at the call's name", () => {
  const expression = "object.spec.host.re2Matches('a')";
  assert.deepEqual(notOnOperator(expression), [
    {
      call: ".re2Matches",
      why: notOnOperator(expression)[0]!.why,
      offset: expression.indexOf("re2Matches"),
    },
  ]);
});
