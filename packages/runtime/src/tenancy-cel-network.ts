// Kubernetes' IP and CIDR CEL libraries (k8s.io/apiserver pkg/cel/library ip.go and cidr.go) for
// the operator's tenancy re-check. Kubernetes holds addresses as Go's netip.Addr and netip.Prefix
// and answers each method with netip's own method, so this file keeps an address as its 32 or 128
// bits and follows netip: parsing (no zones, no IPv4-mapped IPv6, no leading zeros), the canonical
// text (RFC 5952), the classifications and Prefix.Masked.

import { isIP } from "node:net";
import type { Environment } from "@marcbachmann/cel-js";
import { parses } from "./tenancy-cel-semver.ts";

export class KubeIp {
  readonly bits: bigint;
  readonly family: 4 | 6;
  constructor(bits: bigint, family: 4 | 6) {
    this.bits = bits;
    this.family = family;
  }
}
export class KubeCidr {
  readonly ip: KubeIp;
  readonly prefix: number;
  constructor(ip: KubeIp, prefix: number) {
    this.ip = ip;
    this.prefix = prefix;
  }
}
class IpNamespace {}

export function registerNetworkLibrary(env: Environment): void {
  const fn = (signature: string, handler: (...args: never[]) => unknown) =>
    env.registerFunction(signature, handler as (...args: unknown[]) => unknown);
  env.registerType("net.IP", { ctor: KubeIp, fields: {} });
  env.registerType("net.CIDR", { ctor: KubeCidr, fields: {} });
  env.registerType("ip.namespace", { ctor: IpNamespace, fields: {} });
  env.registerConstant("ip", "ip.namespace", new IpNamespace());
  // apiserver's cel.IP and cel.CIDR compare by value (Addr ==, Prefix ==).
  env.registerOperator("net.IP == net.IP", (a: KubeIp, b: KubeIp) => sameIp(a, b));
  env.registerOperator(
    "net.CIDR == net.CIDR",
    (a: KubeCidr, b: KubeCidr) => sameIp(a.ip, b.ip) && a.prefix === b.prefix,
  );

  fn("ip(string): net.IP", (s: string) => parseIp(s));
  fn("isIP(string): bool", (s: string) => parses(() => parseIp(s)));
  fn("ip.namespace.isCanonical(string): bool", (_: unknown, s: string) => ipText(parseIp(s)) === s);
  fn("net.IP.family(): int", (ip: KubeIp) => BigInt(ip.family));
  fn("net.IP.isUnspecified(): bool", (ip: KubeIp) => ip.bits === 0n);
  fn("net.IP.isLoopback(): bool", isLoopback);
  fn(
    "net.IP.isLinkLocalMulticast(): bool",
    (ip: KubeIp) =>
      ip.family === 4
        ? top(ip, 24) === 0xe00000n // 224.0.0.0/24
        : (top(ip, 16) & 0xff0fn) === 0xff02n, // ff02::/16, any flags nibble
  );
  fn("net.IP.isLinkLocalUnicast(): bool", isLinkLocalUnicast);
  fn("net.IP.isGlobalUnicast(): bool", (ip: KubeIp) => {
    // netip.Addr.IsGlobalUnicast, which keeps package net's answer: private ranges count.
    if (ip.bits === 0n) return false;
    if (ip.family === 4 && ip.bits === 0xffffffffn) return false;
    return !isLoopback(ip) && !isMulticast(ip) && !isLinkLocalUnicast(ip);
  });
  fn("string(net.IP): string", (ip: KubeIp) => ipText(ip));

  fn("cidr(string): net.CIDR", (s: string) => parseCidr(s));
  fn("isCIDR(string): bool", (s: string) => parses(() => parseCidr(s)));
  fn("net.CIDR.ip(): net.IP", (c: KubeCidr) => c.ip);
  fn("net.CIDR.prefixLength(): int", (c: KubeCidr) => BigInt(c.prefix));
  fn("net.CIDR.masked(): net.CIDR", (c: KubeCidr) => {
    const width = BigInt(c.ip.family === 4 ? 32 : 128);
    const host = width - BigInt(c.prefix);
    return new KubeCidr(new KubeIp((c.ip.bits >> host) << host, c.ip.family), c.prefix);
  });
  fn("string(net.CIDR): string", (c: KubeCidr) => `${ipText(c.ip)}/${c.prefix}`);
  fn("net.CIDR.containsIP(net.IP): bool", (c: KubeCidr, ip: KubeIp) => contains(c, ip, width(ip)));
  fn("net.CIDR.containsIP(string): bool", (c: KubeCidr, s: string) => {
    const ip = parseIp(s);
    return contains(c, ip, width(ip));
  });
  fn("net.CIDR.containsCIDR(net.CIDR): bool", (c: KubeCidr, o: KubeCidr) =>
    contains(c, o.ip, o.prefix),
  );
  fn("net.CIDR.containsCIDR(string): bool", (c: KubeCidr, s: string) => {
    const o = parseCidr(s);
    return contains(c, o.ip, o.prefix);
  });
}

function sameIp(a: KubeIp, b: KubeIp): boolean {
  return a.family === b.family && a.bits === b.bits;
}

function width(ip: KubeIp): number {
  return ip.family === 4 ? 32 : 128;
}

/** The first `n` bits of the address. */
function top(ip: KubeIp, n: number): bigint {
  return ip.bits >> BigInt(width(ip) - n);
}

function isLoopback(ip: KubeIp): boolean {
  return ip.family === 4 ? top(ip, 8) === 127n : ip.bits === 1n;
}

function isMulticast(ip: KubeIp): boolean {
  return ip.family === 4 ? top(ip, 4) === 0xen : top(ip, 8) === 0xffn;
}

function isLinkLocalUnicast(ip: KubeIp): boolean {
  return ip.family === 4 ? top(ip, 16) === 0xa9fen : top(ip, 10) === 0x3fan;
}

/** k8s ip.go parseIPAddr: netip.ParseAddr, then no zone and no IPv4-mapped IPv6 address. */
export function parseIp(s: string): KubeIp {
  const [address = "", zone] = s.split("%", 2);
  const family = isIP(address);
  if (family === 0 || (zone !== undefined && zone === ""))
    throw new Error(
      `IP Address ${goQuote(s)} parse error during conversion from string: ParseAddr(${goQuote(s)}): unable to parse IP`,
    );
  if (zone !== undefined)
    throw new Error(`IP address ${goQuote(s)} with zone value is not allowed`);
  const ip = new KubeIp(family === 4 ? v4Bits(address) : v6Bits(address), family as 4 | 6);
  if (ip.family === 6 && ip.bits >> 32n === 0xffffn)
    throw new Error(`IPv4-mapped IPv6 address ${goQuote(s)} is not allowed`);
  return ip;
}

/** k8s cidr.go parseCIDR: netip.ParsePrefix, then no IPv4-mapped IPv6 address. */
export function parseCidr(s: string): KubeCidr {
  const fail = (why: string) =>
    new Error(
      `network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix(${goQuote(s)}): ${why}`,
    );
  const slash = s.lastIndexOf("/");
  if (slash < 0) throw fail("no '/'");
  const address = s.slice(0, slash);
  const bits = s.slice(slash + 1);
  if (address.includes("%")) throw fail("IPv6 zones cannot be present in a prefix");
  let ip: KubeIp;
  try {
    ip = parseIp(address);
  } catch (err) {
    if ((err as Error).message.startsWith("IPv4-mapped"))
      throw new Error(`IPv4-mapped IPv6 address ${goQuote(s)} is not allowed`);
    throw fail("ParseAddr: unable to parse IP");
  }
  if (!/^(0|[1-9][0-9]*)$/.test(bits) || Number(bits) > width(ip))
    throw fail(`bad bits after slash: ${goQuote(bits)}`);
  return new KubeCidr(ip, Number(bits));
}

/** Whether `ip/prefix` lies inside `c`: netip Prefix.Contains, or Overlaps with bits <= bits. */
function contains(c: KubeCidr, ip: KubeIp, prefix: number): boolean {
  if (c.ip.family !== ip.family || prefix < c.prefix) return false;
  return top(c.ip, c.prefix) === top(ip, c.prefix);
}

function v4Bits(text: string): bigint {
  return text.split(".").reduce((a, o) => (a << 8n) | BigInt(o), 0n);
}

function v6Bits(text: string): bigint {
  let t = text;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(t);
  if (v4) {
    const b = v4Bits(v4[1]!);
    t = `${t.slice(0, v4.index)}${(b >> 16n).toString(16)}:${(b & 0xffffn).toString(16)}`;
  }
  const [head = "", tail] = t.split("::");
  const h = head === "" ? [] : head.split(":");
  const rest = tail === undefined || tail === "" ? [] : tail.split(":");
  const groups =
    tail === undefined ? h : [...h, ...Array(8 - h.length - rest.length).fill("0"), ...rest];
  return groups.reduce((a: bigint, g: string) => (a << 16n) | BigInt(`0x${g}`), 0n);
}

/** netip.Addr.String: dotted quad, or RFC 5952 (the first longest run of 2+ zero groups as ::). */
export function ipText(ip: KubeIp): string {
  if (ip.family === 4)
    return [24n, 16n, 8n, 0n].map((s) => ((ip.bits >> s) & 0xffn).toString()).join(".");
  const groups = Array.from({ length: 8 }, (_, i) => (ip.bits >> BigInt(112 - 16 * i)) & 0xffffn);
  let best = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0n) j++;
    if (j - i > bestLength) [best, bestLength] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  const hex = (g: bigint[]) => g.map((x) => x.toString(16)).join(":");
  if (best < 0) return hex(groups);
  return `${hex(groups.slice(0, best))}::${hex(groups.slice(best + bestLength))}`;
}

/** Go's %q for the plain ASCII texts these messages quote. */
function goQuote(s: string): string {
  return JSON.stringify(s);
}
