// Where a project keeps its copy of the spec; `create-operator generate` reads it back. Here, not
// in the render stage, so that the CLI can find it without loading templates and prettier.
export const SPEC_FILE = "operator.yaml";
