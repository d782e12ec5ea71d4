// management.cascadeFinalizers: the finalizers a user may add to one object to have its children
// deleted before it goes, as Argo CD's Application (SEM440-SEM442, WARN190-WARN191).

import assert from "node:assert/strict";
import { test } from "node:test";
import { resolveCascadeFinalizers } from "../check-cascade-finalizers.ts";
import { check, expectOne, MINIMAL, posOf } from "./helpers.ts";

const CHILDREN = "children:\n  - apiVersion: v1\n    kind: ConfigMap\n";
const withCascade = (...lines: string[]) =>
  `${MINIMAL}${CHILDREN}management:\n  cascadeFinalizers:\n${lines.map((l) => `    ${l}\n`).join("")}`;

test("foreground and background finalizers check clean and reach the plan", () => {
  const spec = withCascade(
    "foreground: shop.example.com/cascade",
    "background: shop.example.com/cascade-background",
  );
  assert.deepEqual(check(spec), []);
  const { plan } = resolveCascadeFinalizers({
    api: { group: "shop.example.com" },
    children: [{ apiVersion: "v1", kind: "ConfigMap" }],
    management: {
      cascadeFinalizers: { background: "resources-finalizer.argocd.argoproj.io/background" },
    },
  });
  assert.deepEqual(plan, { background: "resources-finalizer.argocd.argoproj.io/background" });
  assert.equal(resolveCascadeFinalizers({ api: { group: "g.io" } }).plan, undefined);
});

test("SEM440 a finalizer name that is not a qualified name", () => {
  const bad = withCascade("foreground: example.com/not ok");
  expectOne(bad, "SEM440", posOf(bad, "example.com/not ok"), "is not a valid finalizer name");
  const slashes = withCascade("background: a/b/c");
  expectOne(slashes, "SEM440", posOf(slashes, "a/b/c"), "at most one /");
});

test("SEM441 the operator's own finalizer, a Kubernetes one, or one name for both modes", () => {
  const own = withCascade("foreground: shop.example.com/finalizer");
  expectOne(
    own,
    "SEM441",
    posOf(own, "shop.example.com/finalizer"),
    "the operator's own finalizer",
  );
  const kube = withCascade("background: foregroundDeletion");
  expectOne(kube, "SEM441", posOf(kube, "foregroundDeletion"), "Kubernetes itself");
  const both = withCascade("foreground: example.com/cascade", "background: example.com/cascade");
  expectOne(
    both,
    "SEM441",
    posOf(both, "example.com/cascade", "background:"),
    "one name cannot ask for both",
  );
});

test("SEM442 cascadeFinalizers with neither mode", () => {
  const none = `${MINIMAL}${CHILDREN}management:\n  cascadeFinalizers: {}\n`;
  expectOne(none, "SEM442", posOf(none, "{}"), "neither a foreground nor a background");
});

test("WARN190 a name without a domain prefix (Argo CD's own foreground key) is allowed, with a warning", () => {
  const argo = withCascade("foreground: resources-finalizer.argocd.argoproj.io");
  expectOne(
    argo,
    "WARN190",
    posOf(argo, "resources-finalizer.argocd.argoproj.io"),
    "no domain prefix",
  );
  assert.deepEqual(
    resolveCascadeFinalizers({
      api: { group: "g.io" },
      children: [{}],
      management: { cascadeFinalizers: { foreground: "resources-finalizer.argocd.argoproj.io" } },
    }).plan,
    { foreground: "resources-finalizer.argocd.argoproj.io" },
  );
});

test("WARN191 cascade finalizers without children", () => {
  const lonely = `${MINIMAL}management:\n  cascadeFinalizers:\n    foreground: example.com/cascade\n`;
  assert.deepEqual(
    check(lonely).map((d) => d.code),
    ["WARN191"],
  );
});
