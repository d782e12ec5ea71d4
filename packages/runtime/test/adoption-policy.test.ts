import assert from "node:assert/strict";
import { test } from "node:test";
import { adoptionPolicy } from "../src/adoption-policy.ts";

const ANNOTATION = "services.k8s.aws/adoption-policy";
const annotated = (value?: string) => ({
  metadata: {
    name: "web",
    ...(value === undefined ? {} : { annotations: { [ANNOTATION]: value } }),
  },
});

test("no annotation: operator.yaml's adoption applies, and the message says so", () => {
  assert.deepEqual(adoptionPolicy(annotated(), ANNOTATION, "Refuse"), {
    adopt: false,
    create: true,
    because: "adoption: Refuse",
  });
  assert.deepEqual(adoptionPolicy(annotated(), ANNOTATION, "Adopt"), {
    adopt: true,
    create: true,
    because: "adoption: Adopt",
  });
});

test("Adopt or Refuse on the object overrides operator.yaml's adoption either way", () => {
  assert.deepEqual(adoptionPolicy(annotated("Adopt"), ANNOTATION, "Refuse"), {
    adopt: true,
    create: true,
    because: `${ANNOTATION}: Adopt`,
  });
  assert.deepEqual(adoptionPolicy(annotated("Refuse"), ANNOTATION, "Adopt"), {
    adopt: false,
    create: true,
    because: `${ANNOTATION}: Refuse`,
  });
});

test("a value that is no policy refuses, even where operator.yaml adopts: nothing is taken on a typo", () => {
  const policy = adoptionPolicy(annotated("adopt"), ANNOTATION, "Adopt");
  assert.equal(policy.adopt, false);
  assert.match(policy.because, /"adopt" is not Adopt or Refuse/);
});

// ACK's own values: services.k8s.aws/adoption-policy is adopt (take an existing resource, never
// create one) or adopt-or-create. management.adoptionValues maps such values to behaviours.
const ACK_VALUES = { adopt: "AdoptOnly", "adopt-or-create": "Adopt" } as const;

test("mapped values: adopt-or-create adopts and creates, adopt adopts but never creates", () => {
  assert.deepEqual(adoptionPolicy(annotated("adopt-or-create"), ANNOTATION, "Refuse", ACK_VALUES), {
    adopt: true,
    create: true,
    because: `${ANNOTATION}: adopt-or-create`,
  });
  assert.deepEqual(adoptionPolicy(annotated("adopt"), ANNOTATION, "Refuse", ACK_VALUES), {
    adopt: true,
    create: false,
    because: `${ANNOTATION}: adopt`,
  });
});

test("mapped values replace Adopt and Refuse: an unmapped value takes nothing and lists the mapped ones", () => {
  const policy = adoptionPolicy(annotated("Adopt"), ANNOTATION, "Adopt", ACK_VALUES);
  assert.equal(policy.adopt, false);
  assert.equal(policy.create, true, "a typo never stops a create: it only stops a takeover");
  assert.match(policy.because, /"Adopt" is not adopt or adopt-or-create/);
});

test("without an annotation the fallback creates what is missing, with or without mapped values", () => {
  assert.equal(adoptionPolicy(annotated(), ANNOTATION, "Refuse", ACK_VALUES).create, true);
  assert.equal(adoptionPolicy(annotated(), ANNOTATION, "Adopt").create, true);
});
