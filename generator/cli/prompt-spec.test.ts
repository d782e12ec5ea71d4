import assert from "node:assert/strict";
import { test } from "node:test";
import { checkAnswer } from "./answer-check.ts";
import { defaultAnswers, defaultsForName, specFromAnswers } from "./prompt-spec.ts";
import { checkSource } from "../pipeline.ts";

test("the default kind comes from the project name without a trailing -operator", () => {
  assert.equal(defaultsForName("database-operator").kind, "Database");
  assert.equal(defaultsForName("dns-zone-operator").kind, "DnsZone");
  assert.equal(defaultsForName("shop").kind, "Shop");
  assert.equal(defaultsForName("database-operator").group, "database.example.com");
});

test("a generic stem (my-operator, demo-operator) keeps the whole name: never a kind like My", () => {
  assert.equal(defaultsForName("my-operator").kind, "MyOperator");
  assert.equal(defaultsForName("demo-operator").kind, "DemoOperator");
  assert.equal(defaultsForName("operator").kind, "Operator");
  assert.equal(defaultsForName("my-operator").group, "myoperator.example.com");
});

test("the defaults for any directory name make a valid spec", () => {
  for (const dir of ["my-operator", "/tmp/Shop_Operator", "db", "x-operator", "test-operator"]) {
    const source = specFromAnswers(defaultAnswers(dir));
    const errors = checkSource(source, "operator.yaml").filter((d) => d.severity === "error");
    assert.deepEqual(errors, [], `${dir}: ${errors.map((d) => d.message).join("; ")}`);
  }
});

test("each answer is checked by the spec's own rules, with the reason", () => {
  const answers = defaultAnswers("shop-operator");
  assert.equal(checkAnswer("name", { ...answers }), true);
  const badName = checkAnswer("name", { ...answers, name: "Bad_Name" });
  assert.match(String(badName), /not a DNS-1123 label/);
  const longName = checkAnswer("name", { ...answers, name: "a".repeat(41) });
  assert.match(String(longName), /at most 40 characters/);
  assert.match(String(checkAnswer("kind", { ...answers, kind: "database" })), /PascalCase/);
  assert.match(String(checkAnswer("group", { ...answers, group: "example" })), /DNS subdomain/);
  const resource = checkAnswer("externalResource", { ...answers, externalResource: "my-db" });
  assert.notEqual(resource, true);
  assert.equal(checkAnswer("externalResource", { ...answers, externalResource: "instance" }), true);
  assert.match(String(checkAnswer("kind", { ...answers, kind: "" })), /empty/);
});
