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
    because: "adoption: Refuse",
  });
  assert.deepEqual(adoptionPolicy(annotated(), ANNOTATION, "Adopt"), {
    adopt: true,
    because: "adoption: Adopt",
  });
});

test("Adopt or Refuse on the object overrides operator.yaml's adoption either way", () => {
  assert.deepEqual(adoptionPolicy(annotated("Adopt"), ANNOTATION, "Refuse"), {
    adopt: true,
    because: `${ANNOTATION}: Adopt`,
  });
  assert.deepEqual(adoptionPolicy(annotated("Refuse"), ANNOTATION, "Adopt"), {
    adopt: false,
    because: `${ANNOTATION}: Refuse`,
  });
});

test("a value that is no policy refuses, even where operator.yaml adopts: nothing is taken on a typo", () => {
  const policy = adoptionPolicy(annotated("adopt"), ANNOTATION, "Adopt");
  assert.equal(policy.adopt, false);
  assert.match(policy.because, /"adopt" is not Adopt or Refuse/);
});
