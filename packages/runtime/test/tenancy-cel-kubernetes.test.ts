// The Kubernetes CEL functions of the operator's tenancy re-check (src/tenancy-cel-library.ts),
// each held to the answer Kubernetes' own tests expect, so a rule the API server judges one way is
// judged the same way here. Every row names where its expectation comes from:
//   k8s ip_test / cidr_test / semver_test / format_test: k8s.io/apiserver v0.36.3
//     pkg/cel/library/*_test.go (the library of Kubernetes 1.36);
//   cel-go formatting_test: github.com/google/cel-go v0.26.0 ext/formatting_test.go, the string.format
//     of ext.Strings(ext.StringsVersion(2)), which Kubernetes 1.36 enables (locale en_US);
//   Go netip: the Go standard library's documented classification (net/netip Addr.Is*), which
//     k8s ip.go calls directly;
//   k8s regex.go: find is regexp.FindString, findAll is regexp.FindAllString (RE2).

import assert from "node:assert/strict";
import { test } from "node:test";
import { compileTenancyExpression, tenancyEnvironment } from "../src/tenancy-cel-library.ts";
import { tenancyGate } from "../src/tenancy.ts";

const env = tenancyEnvironment();
const evaluate = (expression: string) => compileTenancyExpression(env, expression)();

type Expectation = unknown | { error: RegExp };
const isError = (e: Expectation): e is { error: RegExp } =>
  e !== null && typeof e === "object" && "error" in e;

function table(source: string, rows: readonly (readonly [string, Expectation])[]): void {
  for (const [expression, expected] of rows)
    test(`${source}: ${expression}`, () => {
      if (isError(expected)) {
        assert.throws(() => evaluate(expression), expected.error);
        return;
      }
      assert.deepEqual(evaluate(expression), expected);
    });
}

table("k8s ip_test", [
  ['string(ip("192.168.0.1"))', "192.168.0.1"],
  [
    'ip("192.168.0.1.0")',
    { error: /IP Address "192\.168\.0\.1\.0" parse error during conversion from string/ },
  ],
  ['isIP("192.168.0.1")', true],
  ['isIP("192.168.0.1.0")', false],
  ['ip.isCanonical("127.0.0.1")', true],
  ['ip.isCanonical("127.0.0.1.0")', { error: /IP Address "127\.0\.0\.1\.0" parse error/ }],
  ['ip("192.168.0.1").family()', 4n],
  ['ip("0.0.0.0").isUnspecified()', true],
  ['ip("127.0.0.1").isUnspecified()', false],
  ['ip("127.0.0.1").isLoopback()', true],
  ['ip("1.2.3.4").isLoopback()', false],
  ['ip("224.0.0.1").isLinkLocalMulticast()', true],
  ['ip("224.0.1.1").isLinkLocalMulticast()', false],
  ['ip("169.254.169.254").isLinkLocalUnicast()', true],
  ['ip("192.168.0.1").isLinkLocalUnicast()', false],
  ['ip("192.168.0.1").isGlobalUnicast()', true],
  ['ip("255.255.255.255").isGlobalUnicast()', false],
  ['string(ip("2001:db8::68"))', "2001:db8::68"],
  ['ip("2001:db8:::68")', { error: /IP Address "2001:db8:::68" parse error/ }],
  ['isIP("2001:db8::68")', true],
  ['isIP("2001:db8:::68")', false],
  ['ip.isCanonical("2001:db8::68")', true],
  ['ip.isCanonical("2001:DB8::68")', false],
  ['ip("2001:db8::68").family()', 6n],
  ['ip("::").isUnspecified()', true],
  ['ip("::1").isUnspecified()', false],
  ['ip("::1").isLoopback()', true],
  ['ip("2001:db8::abcd").isLoopback()', false],
  ['ip("ff02::1").isLinkLocalMulticast()', true],
  ['ip("fd00::1").isLinkLocalMulticast()', false],
  ['ip("fe80::1").isLinkLocalUnicast()', true],
  ['ip("fd80::1").isLinkLocalUnicast()', false],
  ['ip("2001:db8::abcd").isGlobalUnicast()', true],
  ['ip("ff00::1").isGlobalUnicast()', false],
  ['string(ip("192.168.0.1"))', "192.168.0.1"],
  ['ip("192.168.0.1") == ip("192.168.0.1")', true],
  ['ip("192.168.0.1") == ip("192.168.0.2")', false],
  // k8s ip.go parseIPAddr: zones and IPv4-mapped IPv6 addresses are refused, in either spelling.
  ['ip("fe80::1%eth0")', { error: /IP address "fe80::1%eth0" with zone value is not allowed/ }],
  [
    'ip("::ffff:1.2.3.4")',
    { error: /IPv4-mapped IPv6 address "::ffff:1\.2\.3\.4" is not allowed/ },
  ],
  ['ip("::ffff:102:304")', { error: /IPv4-mapped IPv6 address "::ffff:102:304" is not allowed/ }],
]);

table("Go netip", [
  // IsLoopback: 127.0.0.0/8 and ::1.
  ['ip("127.255.0.1").isLoopback()', true],
  // IsLinkLocalMulticast: 224.0.0.0/24 and ff02::/16 (the scope nibble, any flags).
  ['ip("224.0.0.255").isLinkLocalMulticast()', true],
  ['ip("ff12::1").isLinkLocalMulticast()', true],
  ['ip("ff05::1").isLinkLocalMulticast()', false],
  // IsLinkLocalUnicast: 169.254.0.0/16 and fe80::/10.
  ['ip("febf::1").isLinkLocalUnicast()', true],
  ['ip("fec0::1").isLinkLocalUnicast()', false],
  // IsGlobalUnicast: not unspecified, broadcast, loopback, multicast or link-local unicast;
  // private addresses (10/8, fd00::/8) count as global unicast, as in package net.
  ['ip("10.0.0.1").isGlobalUnicast()', true],
  ['ip("fd00::1").isGlobalUnicast()', true],
  ['ip("0.0.0.0").isGlobalUnicast()', false],
  ['ip("::").isGlobalUnicast()', false],
  ['ip("127.0.0.1").isGlobalUnicast()', false],
  ['ip("239.1.1.1").isGlobalUnicast()', false],
  ['ip("169.254.0.1").isGlobalUnicast()', false],
  ['ip("fe80::1").isGlobalUnicast()', false],
  // Addr.String: RFC 5952 (lower case, the first longest run of two or more zero groups folded).
  ['string(ip("2001:0db8:0:0:1:0:0:1"))', "2001:db8::1:0:0:1"],
  ['string(ip("2001:db8:0:1:1:1:1:1"))', "2001:db8:0:1:1:1:1:1"],
  ['string(ip("::1.2.3.4"))', "::102:304"],
  ['ip.isCanonical("2001:db8:0:0:1::1")', false],
  // ParseAddr refuses leading zeros in IPv4 octets.
  ['isIP("010.0.0.1")', false],
]);

table("k8s cidr_test", [
  ['string(cidr("192.168.0.0/24"))', "192.168.0.0/24"],
  [
    'cidr("192.168.0.0/")',
    { error: /network address parse error during conversion from string: .*"192\.168\.0\.0\/"/ },
  ],
  ['cidr("192.168.0.0/24").containsIP(ip("192.168.0.1"))', true],
  ['cidr("192.168.0.0/24").containsIP(ip("192.168.1.1"))', false],
  ['cidr("192.168.0.0/24").containsIP("192.168.0.1")', true],
  ['cidr("192.168.0.0/24").containsIP("192.168.1.1")', false],
  ['cidr("192.168.0.0/24").containsCIDR(cidr("192.168.0.0/25"))', true],
  ['cidr("192.168.0.0/24").containsCIDR(cidr("192.168.0.1/32"))', true],
  ['cidr("192.168.0.0/24").containsCIDR(cidr("192.168.0.0/23"))', false],
  ['cidr("192.168.0.0/24").containsCIDR(cidr("192.169.0.1/32"))', false],
  ['cidr("192.168.0.0/24").containsCIDR("192.168.0.0/25")', true],
  ['cidr("192.168.0.0/24").containsCIDR("192.168.0.0/23")', false],
  ['string(cidr("192.168.0.0/24").ip())', "192.168.0.0"],
  ['string(cidr("192.168.0.0/24").masked())', "192.168.0.0/24"],
  ['string(cidr("192.168.0.1/24").masked())', "192.168.0.0/24"],
  ['cidr("192.168.0.1/24").masked() == cidr("192.168.0.0/24")', true],
  ['cidr("192.168.0.0/24").prefixLength()', 24n],
  ['string(cidr("2001:db8::/32"))', "2001:db8::/32"],
  ['cidr("2001:db8::/")', { error: /network address parse error during conversion from string/ }],
  ['cidr("2001:db8::/32").containsIP(ip("2001:db8::1"))', true],
  ['cidr("2001:db8::/32").containsIP(ip("2001:dc8::1"))', false],
  ['cidr("2001:db8::/32").containsIP("2001:db8::1")', true],
  ['cidr("2001:db8::/32").containsIP("2001:dc8::1")', false],
  ['cidr("2001:db8::/32").containsCIDR(cidr("2001:db8::/33"))', true],
  ['cidr("2001:db8::/32").containsCIDR(cidr("2001:db8::/31"))', false],
  ['cidr("2001:db8::/32").containsCIDR("2001:db8::/33")', true],
  ['cidr("2001:db8::/32").containsCIDR("2001:db8::/31")', false],
  ['string(cidr("2001:db8::/32").ip())', "2001:db8::"],
  ['string(cidr("2001:db8::/32").masked())', "2001:db8::/32"],
  ['string(cidr("2001:db8:1::/32").masked())', "2001:db8::/32"],
  ['cidr("2001:db8::/32").prefixLength()', 32n],
  // The unmasked address stays until masked() (netip.Prefix keeps it).
  ['string(cidr("192.168.0.1/24"))', "192.168.0.1/24"],
  // netip.ParsePrefix: bits in decimal without a leading zero.
  ['isCIDR("10.0.0.0/08")', false],
]);

table("k8s semver_test", [
  ['semver("1.2.3").major()', 1n],
  ['semver("v1.0")', { error: /./ }],
  ['isSemver("1.2.3-beta.1+build.1")', true],
  ['isSemver("")', false],
  ['isSemver("v1.0.0")', false],
  ['isSemver(" 1.0.0")', false],
  ['isSemver("1. 0.0")', false],
  ['isSemver("1.0.0 ")', false],
  ['isSemver("01.01.01")', false],
  ['isSemver("1")', false],
  ['isSemver("1.1")', false],
  ['isSemver("", true)', false],
  ['isSemver(" 1.0.0", true)', false],
  ['isSemver("1. 0.0", true)', false],
  ['isSemver("1.0.0 ", true)', false],
  ['isSemver("v1.0.0", true)', true],
  ['isSemver("01.01.01", true)', true],
  ['isSemver("1", true)', true],
  ['isSemver("1.1", true)', true],
  ['semver("v01.01", true) == semver("1.1.0")', true],
  ['semver("1.2.3") == semver("1.2.3")', true],
  ['semver("1.2.3") == semver("1.0.0")', false],
  ['semver("1.0.0").isLessThan(semver("1.2.3"))', true],
  ['semver("1.0.0").isLessThan(semver("1.0.0"))', false],
  ['semver("1.2.3").isGreaterThan(semver("1.0.0"))', true],
  ['semver("1.0.0").isGreaterThan(semver("1.0.0"))', false],
  ['semver("1.2.3").compareTo(semver("1.2.3"))', 0n],
  ['semver("1.0.0").compareTo(semver("1.2.3"))', -1n],
  ['semver("1.2.3").compareTo(semver("1.0.0"))', 1n],
  ['semver("1.2.3").minor()', 2n],
  ['semver("1.2.3").patch()', 3n],
  // blang/semver (what k8s parses with) orders pre-releases before the release (semver.org §11).
  ['semver("1.0.0-alpha").isLessThan(semver("1.0.0"))', true],
  ['semver("1.0.0-alpha.1").isLessThan(semver("1.0.0-alpha.beta"))', true],
  ['semver("1.0.0-2").isLessThan(semver("1.0.0-10"))', true],
  ['semver("1.0.0+a").compareTo(semver("1.0.0+b"))', 0n],
  // normalizeAndParse: a short version may not carry pre-release or build metadata.
  ['isSemver("1.1-beta", true)', false],
]);

table("k8s regex.go (RE2)", [
  ["'abc 123'.find('[0-9]+')", "123"],
  ["'abc'.find('[0-9]+')", ""],
  ["'123 abc 456'.findAll('[0-9]+')", ["123", "456"]],
  ["'123 abc 456'.findAll('[0-9]+', 1)", ["123"]],
  ["'123 abc 456'.findAll('[0-9]+', 0)", []],
  ["'123 abc 456'.findAll('xyz')", []],
  // RE2 refuses what JavaScript's RegExp accepts: a backreference is an illegal regex on the server.
  ["'aa'.find('(a)\\\\1')", { error: /Illegal regex/ }],
]);

const LABEL_ERROR =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const SUBDOMAIN_ERROR =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const DNS1035_ERROR =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";

/** validate(s)'s optional as a plain value: [] for none (no validator returns an empty some). */
const errorsOf = (named: string, value: string) =>
  `format.${named}().validate(${JSON.stringify(value)}).orValue([])`;

table("k8s format_test", [
  [errorsOf("dns1123Label", "my-label-name"), []],
  [errorsOf("dns1123Subdomain", "apiextensions.k8s.io"), []],
  [errorsOf("qualifiedName", "apiextensions.k8s.io/v1beta1"), []],
  [errorsOf("dns1123LabelPrefix", "my-label-prefix-"), []],
  [errorsOf("dns1123SubdomainPrefix", "mysubdomain.prefix.-"), []],
  [errorsOf("dns1035LabelPrefix", "my-label-prefix-"), []],
  [errorsOf("uri", "http://example.com"), []],
  [errorsOf("uuid", "123e4567-e89b-12d3-a456-426614174000"), []],
  [errorsOf("byte", "aGVsbG8="), []],
  [errorsOf("date", "2021-01-01"), []],
  [errorsOf("datetime", "2021-01-01T00:00:00Z"), []],
  [errorsOf("dns1123Label", "contains a space"), [LABEL_ERROR]],
  [errorsOf("dns1123Subdomain", "contains a space"), [SUBDOMAIN_ERROR]],
  [errorsOf("dns1035Label", "contains a space"), [DNS1035_ERROR]],
  [
    errorsOf("qualifiedName", "contains a space"),
    [
      "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    ],
  ],
  [errorsOf("dns1123LabelPrefix", "contains a space-"), [LABEL_ERROR]],
  [errorsOf("dns1123SubdomainPrefix", "contains a space-"), [SUBDOMAIN_ERROR]],
  [errorsOf("dns1035LabelPrefix", "contains a space-"), [DNS1035_ERROR]],
  [errorsOf("dns1123Label", "my-label-name"), []],
  [errorsOf("dns1123Subdomain", "example.com"), []],
  [errorsOf("dns1035Label", "my-label-name"), []],
  [errorsOf("qualifiedName", "my.name"), []],
  [errorsOf("byte", "aGVsbG8"), ["invalid base64"]],
  [errorsOf("date", "2020-01-01"), []],
  [errorsOf("date", "2020-01-32"), ["invalid date"]],
  [errorsOf("datetime", "2020-01-01T00:00:00Z"), []],
  [errorsOf("datetime", "2020-01-32T00:00:00Z"), ["invalid datetime"]],
  ['format.named("unknown").hasValue()', false],
  [errorsOf("labelValue", "my-cool-label-Value"), []],
  [
    errorsOf("labelValue", "my-cool-label-Value!!\n\n!!!"),
    [
      "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    ],
  ],
  ['format.named("dns1123Label").hasValue()', true],
  ['format.named("uuid").value() == format.uuid()', true],
  ["format.dns1123Label() == format.dns1035Label()", false],
  // apimachinery validation.IsDNS1123Label: a valid subdomain that is no label has dots.
  [errorsOf("dns1123Label", "a.b"), ["must not contain dots"]],
  // Go url.ParseRequestURI: neither an absolute URI nor an absolute path.
  [errorsOf("uri", "example.com"), ['parse "example.com": invalid URI for request']],
  // Go time.Parse refuses a day the month lacks.
  [errorsOf("date", "2021-02-29"), ["invalid date"]],
  [errorsOf("date", "2024-02-29"), []],
]);

// The gate itself, on the object's fields (dyn to the type checker, unlike the literals above):
// the rewritten built-ins, the macros and the libraries dispatch on the values at run time. Each
// expression is true in Kubernetes 1.36 for this object (the same functions' oracle answers).
const OBJECT = {
  metadata: { name: "x", namespace: "n" },
  spec: {
    tier: "GOLD",
    n: 1.5,
    i: 3,
    host: "https://A.b/p",
    size: "2000m",
    l: [1, 2],
    m: { a: 1 },
  },
};
for (const expression of [
  "object.spec.tier.lowerAscii() == 'gold'",
  "object.spec.tier.matches('(?i)gold') && matches(object.spec.tier, '^G')",
  "string(object.spec.n) == '1.5' && string(object.spec.i) == '3'",
  "url(object.spec.host).getHost() == 'A.b'",
  "!quantity(object.spec.size).isInteger()",
  "object.spec.l.all(i, v, v > i) && object.spec.m.transformMap(k, v, v + 1)['a'] == 2",
  "object.spec.l.sortBy(x, -x) == [2, 1]",
  "'%s-%d'.format([object.spec.tier, object.spec.i]) == 'GOLD-3'",
  "format.dns1123Label().validate(object.spec.tier).hasValue()",
])
  test(`the tenancy gate on the object's fields: ${expression}`, async () => {
    assert.deepEqual(await tenancyGate([{ expression }]).verdict(OBJECT), { permitted: true });
  });
