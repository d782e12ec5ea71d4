// Checks one prompt answer with the spec's own rules: the answers so far become a spec, the
// check stage runs on it, and only the diagnostics about that answer's key count. There is no
// second copy of the naming rules here, so a prompt accepts exactly what operator.yaml accepts.

import { checkSpec } from "../check/check-spec.ts";
import { parseSpec } from "../parse/parse-spec.ts";
import { specFromAnswers, type SpecAnswers } from "./prompt-spec.ts";

/** Where each answer lands in the spec that specFromAnswers writes. */
export const ANSWER_PATHS = {
  name: "metadata.name",
  kind: "api.kind",
  group: "api.group",
  externalResource: "externalResources[0].name",
} as const satisfies Partial<Record<keyof SpecAnswers, string>>;

export type CheckedAnswer = keyof typeof ANSWER_PATHS;

/** true, or the reason (the diagnostic's message and hint) for inquirer to show and re-ask. */
export function checkAnswer(answer: CheckedAnswer, answers: SpecAnswers): true | string {
  const parsed = parseSpec(specFromAnswers(answers), "operator.yaml");
  if (!parsed.ok) return parsed.diagnostics[0]?.message ?? "not a valid answer";
  const path = ANSWER_PATHS[answer];
  const about = checkSpec(parsed.spec).filter(
    (d) =>
      d.severity === "error" &&
      (d.path === path || d.path.startsWith(`${path}.`) || d.path.startsWith(`${path}[`)),
  );
  const [first] = about;
  if (!first) return true;
  return first.hint ? `${first.message}. ${first.hint}` : first.message;
}
