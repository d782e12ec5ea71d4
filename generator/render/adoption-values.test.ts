// management.adoptionValues render into the keyed part: a value that only adopts (AdoptOnly, as
// ACK's adopt) gets the branch that refuses to create a missing resource (NothingToAdopt), and
// the mapped values reach adoptionPolicy. The behaviour itself is proven by the generated
// identity suite on a real API server (test/specs/ack-s3-bucket.yaml).

import assert from "node:assert/strict";
import { test } from "node:test";
import { loadSpec } from "../pipeline.ts";
import { renderProject } from "./render-project.ts";

function spec(values: string): string {
  return `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata: { name: bucket-operator }
api: { group: s3.example.com, kind: Bucket, versions: [{ name: v1 }] }
spec:
  fields:
    name: { type: string, required: true, maxLength: 63, immutable: true }
externalResources:
  - name: bucket
    description: A bucket.
    inputs: [name]
    identity: { naturalKey: name, adoption: Refuse }
management:
  adoptionAnnotation: services.k8s.aws/adoption-policy
${values}`;
}

async function part(values: string): Promise<string> {
  const files = await renderProject(loadSpec(spec(values), "operator.yaml").model);
  return files.get("src/reconciler/bucket-part.ts")!.content;
}

test("ACK's values: adoptionPolicy gets them, and a missing bucket is not created under adopt", async () => {
  const source = await part("  adoptionValues: { adopt: AdoptOnly, adopt-or-create: Adopt }\n");
  assert.match(source, /adoptionPolicy\(obj, "services\.k8s\.aws\/adoption-policy", "Refuse", \{/);
  assert.match(source, /adopt: "AdoptOnly",\s+"adopt-or-create": "Adopt"/);
  assert.match(source, /if \(found === undefined && !policy\.create\)/);
  assert.match(source, /"NothingToAdopt"/);
  assert.match(
    source,
    /services\.k8s\.aws\/adoption-policy: adopt-or-create`/,
    "the hint names the value that adopts",
  );
});

test("without adoptionValues: Adopt and Refuse, and no branch that stops a create", async () => {
  const source = await part("");
  assert.match(source, /adoptionPolicy\(obj, "services\.k8s\.aws\/adoption-policy", "Refuse"\)/);
  assert.doesNotMatch(source, /NothingToAdopt/);
  assert.match(source, /services\.k8s\.aws\/adoption-policy: Adopt`/);
});
