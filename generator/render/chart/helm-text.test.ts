// HelmText splices Helm actions into the yaml serializer's output: pure text, checked here on
// small objects (test/e2e/helm-chart.test.ts runs real helm on every example's chart).

import assert from "node:assert/strict";
import { test } from "node:test";
import { HelmText, onlyIf } from "./helm-text.ts";

test("a value token becomes the action, unquoted", () => {
  const helm = new HelmText();
  const text = helm.print([{ spec: { replicas: helm.value(".Values.replicas") } }]);
  assert.equal(text, "spec:\n  replicas: {{ .Values.replicas }}\n");
});

test("toYaml and withYaml blocks indent under their key, also as a list item's first key", () => {
  const helm = new HelmText();
  const text = helm.print([
    {
      pod: {
        resources: helm.toYaml(".Values.resources"),
        nodeSelector: helm.withYaml(".Values.n"),
      },
      from: [{ namespaceSelector: helm.toYaml(".Values.selector") }],
    },
  ]);
  assert.equal(
    text,
    [
      "pod:",
      "  resources:",
      "    {{- toYaml .Values.resources | nindent 4 }}",
      "  {{- with .Values.n }}",
      "  nodeSelector:",
      "    {{- toYaml . | nindent 4 }}",
      "  {{- end }}",
      "from:",
      "  - namespaceSelector:",
      "      {{- toYaml .Values.selector | nindent 6 }}",
      "",
    ].join("\n"),
  );
});

test("a conditional entry cannot open a list item", () => {
  const helm = new HelmText();
  assert.throws(
    () => helm.print([{ items: [{ nodeSelector: helm.withYaml(".Values.n") }] }]),
    /cannot be conditional/,
  );
});

test("text that looks like an action (a CEL rule, a description) prints as written", () => {
  const helm = new HelmText();
  const text = helm.print([
    { description: "Use {{name}} here", count: helm.value(".Values.count") },
  ]);
  assert.equal(text, 'description: Use {{ "{{" }}name}} here\ncount: {{ .Values.count }}\n');
});

test("onlyIf wraps a whole template, trimming the blank lines it would leave", () => {
  assert.equal(onlyIf(".Values.on", "a: 1\n"), "{{- if .Values.on }}\na: 1\n{{- end }}\n");
});
