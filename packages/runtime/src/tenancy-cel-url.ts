// Kubernetes' URL CEL library (k8s.io/apiserver pkg/cel/library/urls.go) for the operator's
// tenancy re-check. Kubernetes parses with Go's url.ParseRequestURI and answers from Go's URL
// fields, which differ from the WHATWG URL JavaScript has: no lower-casing or IDNA of the host
// ("A.B" stays "A.B"), no dot-segment removal, no default path "/", any port digits, and its own
// refusals (a backslash in the host, a bad percent escape). url() checks with ParseRequestURI
// and then reads the fields url.Parse gives (urls.go): a port of net/url's parse (both modes),
// EscapedPath, Hostname, Port and ParseQuery.

import type { Environment } from "@marcbachmann/cel-js";

export interface GoUrl {
  scheme: string;
  opaque: string;
  host: string;
  path: string;
  rawPath: string;
  rawQuery: string;
}

export class KubeUrl {
  readonly url: GoUrl;
  constructor(url: GoUrl) {
    this.url = url;
  }
}

const U = "kubernetes.URL";

export function registerUrlLibrary(env: Environment): void {
  const fn = (signature: string, handler: (...args: never[]) => unknown) =>
    env.registerFunction(signature, handler as (...args: unknown[]) => unknown);
  env.registerType(U, { ctor: KubeUrl, fields: {} });
  fn(`url(string): ${U}`, (s: string) => {
    try {
      parseRequestUri(s);
    } catch (err) {
      throw new Error(`URL parse error during conversion from string: ${(err as Error).message}`);
    }
    // urls.go then parses again with url.Parse, which sets the #fragment aside first.
    return new KubeUrl(parse(s.split("#", 1)[0]!, false));
  });
  fn("isURL(string): bool", (s: string) => {
    try {
      parseRequestUri(s);
      return true;
    } catch {
      return false;
    }
  });
  fn(`${U}.getScheme(): string`, (u: KubeUrl) => u.url.scheme);
  fn(`${U}.getHost(): string`, (u: KubeUrl) => u.url.host);
  fn(`${U}.getHostname(): string`, (u: KubeUrl) => splitHostPort(u.url.host)[0]);
  fn(`${U}.getPort(): string`, (u: KubeUrl) => splitHostPort(u.url.host)[1]);
  fn(`${U}.getEscapedPath(): string`, (u: KubeUrl) => escapedPath(u.url));
  fn(`${U}.getQuery(): map<string, list<string>>`, (u: KubeUrl) => parseQuery(u.url.rawQuery));
}

type Mode = "path" | "host" | "query" | "userinfo";

const goQuote = (s: string) => JSON.stringify(s);

/** url.ParseRequestURI, its error text as url.Error gives it: parse "<s>": <why>. */
export function parseRequestUri(raw: string): GoUrl {
  try {
    return parse(raw, true);
  } catch (err) {
    throw new Error(`parse ${goQuote(raw)}: ${(err as Error).message}`);
  }
}

/** net/url parse; viaRequest as ParseRequestURI calls it, false as Parse does. */
function parse(raw: string, viaRequest: boolean): GoUrl {
  const url: GoUrl = { scheme: "", opaque: "", host: "", path: "", rawPath: "", rawQuery: "" };
  if (/[\x00-\x1f\x7f]/.test(raw)) throw new Error("net/url: invalid control character in URL");
  if (raw === "" && viaRequest) throw new Error("empty url");
  if (raw === "*") return { ...url, path: "*" };
  let rest = raw;
  const scheme = getScheme(raw);
  if (scheme !== undefined)
    [url.scheme, rest] = [scheme.toLowerCase(), raw.slice(scheme.length + 1)];
  if (rest.endsWith("?") && rest.indexOf("?") === rest.length - 1) rest = rest.slice(0, -1);
  else {
    const q = rest.indexOf("?");
    if (q >= 0) [rest, url.rawQuery] = [rest.slice(0, q), rest.slice(q + 1)];
  }
  if (!rest.startsWith("/")) {
    if (url.scheme !== "") return { ...url, opaque: rest };
    // Parse's relative references never get here: url() accepted the text as a request URI.
    throw new Error("invalid URI for request");
  }
  if ((url.scheme !== "" || (!viaRequest && !rest.startsWith("///"))) && rest.startsWith("//")) {
    let authority = rest.slice(2);
    rest = "";
    const slash = authority.indexOf("/");
    if (slash >= 0) [authority, rest] = [authority.slice(0, slash), authority.slice(slash)];
    url.host = parseAuthority(authority);
  }
  url.path = unescape(rest, "path");
  url.rawPath = escape(url.path, "path") === rest ? "" : rest;
  return url;
}

function getScheme(raw: string): string | undefined {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (/[A-Za-z]/.test(c)) continue;
    if (/[0-9+\-.]/.test(c)) {
      if (i === 0) return undefined;
      continue;
    }
    if (c === ":") {
      if (i === 0) throw new Error("missing protocol scheme");
      return raw.slice(0, i);
    }
    return undefined;
  }
  return undefined;
}

function parseAuthority(authority: string): string {
  const at = authority.lastIndexOf("@");
  const host = parseHost(at < 0 ? authority : authority.slice(at + 1));
  if (at >= 0) {
    const userinfo = authority.slice(0, at);
    if (!/^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(userinfo))
      throw new Error("net/url: invalid userinfo");
    unescape(userinfo, "userinfo");
  }
  return host;
}

const validOptionalPort = (port: string) => port === "" || /^:[0-9]*$/.test(port);

function parseHost(host: string): string {
  if (host.startsWith("[")) {
    const close = host.lastIndexOf("]");
    if (close < 0) throw new Error("missing ']' in host");
    const colonPort = host.slice(close + 1);
    if (!validOptionalPort(colonPort))
      throw new Error(`invalid port ${goQuote(colonPort)} after host`);
  } else {
    const colon = host.lastIndexOf(":");
    if (colon >= 0 && !validOptionalPort(host.slice(colon)))
      throw new Error(`invalid port ${goQuote(host.slice(colon))} after host`);
  }
  return unescape(host, "host");
}

const isHex = (c: string | undefined) => c !== undefined && /^[0-9A-Fa-f]$/.test(c);

/** net/url shouldEscape for one ASCII character. */
function shouldEscape(c: string, mode: Mode): boolean {
  if (/[A-Za-z0-9]/.test(c)) return false;
  if (mode === "host" && "!$&'()*+,;=:[]<>\"".includes(c)) return false;
  if ("-_.~".includes(c)) return false;
  if ("$&+,/:;=?@".includes(c)) {
    if (mode === "path") return c === "?";
    if (mode === "userinfo") return c === "@" || c === "/" || c === "?" || c === ":";
    if (mode === "query") return true;
  }
  return true;
}

/** net/url unescape: percent escapes (and + in a query) decoded; Go's errors for bad ones. */
function unescape(s: string, mode: Mode): string {
  for (let i = 0; i < s.length;) {
    const c = s[i]!;
    if (c === "%") {
      if (!isHex(s[i + 1]) || !isHex(s[i + 2]))
        throw new Error(`invalid URL escape ${goQuote(s.slice(i, i + 3))}`);
      if (mode === "host" && parseInt(s[i + 1]!, 16) < 8 && s.slice(i, i + 3) !== "%25")
        throw new Error(`invalid URL escape ${goQuote(s.slice(i, i + 3))}`);
      i += 3;
    } else {
      if (mode === "host" && c.charCodeAt(0) < 0x80 && shouldEscape(c, mode))
        throw new Error(`invalid character ${goQuote(c)} in host name`);
      i++;
    }
  }
  const bytes: number[] = [];
  for (let i = 0; i < s.length;) {
    const c = s[i]!;
    if (c === "%") {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 3;
    } else {
      const width = s.codePointAt(i)! > 0xffff ? 2 : 1;
      const text = c === "+" && mode === "query" ? " " : s.slice(i, i + width);
      bytes.push(...new TextEncoder().encode(text));
      i += width;
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** net/url escape (encodePath): UTF-8 bytes, upper-case hex. */
function escape(s: string, mode: Mode): string {
  let out = "";
  for (const byte of new TextEncoder().encode(s)) {
    const c = String.fromCharCode(byte);
    out +=
      byte < 0x80 && !shouldEscape(c, mode)
        ? c
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

function validEncoded(s: string): boolean {
  for (const c of s) {
    if ("!$&'()*+,;=:@[]%".includes(c)) continue;
    if (c.charCodeAt(0) >= 0x80 || shouldEscape(c, "path")) return false;
  }
  return true;
}

/** URL.EscapedPath. */
function escapedPath(u: GoUrl): string {
  if (u.rawPath !== "" && validEncoded(u.rawPath)) {
    try {
      if (unescape(u.rawPath, "path") === u.path) return u.rawPath;
    } catch {
      // fall through to escaping the path
    }
  }
  if (u.path === "*") return "*";
  return escape(u.path, "path");
}

/** net/url splitHostPort: [host, port] of a URL's Host. */
function splitHostPort(hostPort: string): [string, string] {
  let host = hostPort;
  let port = "";
  const colon = host.lastIndexOf(":");
  if (colon >= 0 && validOptionalPort(host.slice(colon)))
    [host, port] = [host.slice(0, colon), host.slice(colon + 1)];
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  return [host, port];
}

/** url.ParseQuery, keeping what it parses (semicolons and bad escapes drop their pair). */
function parseQuery(query: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const pair of query.split("&")) {
    if (pair.includes(";") || pair === "") continue;
    const eq = pair.indexOf("=");
    const [k, v] = eq < 0 ? [pair, ""] : [pair.slice(0, eq), pair.slice(eq + 1)];
    try {
      const [key, value] = [unescape(k, "query"), unescape(v, "query")];
      (out[key] ??= []).push(value);
    } catch {
      // Go skips a pair it cannot unescape.
    }
  }
  return out;
}
