// What a generated project asks of its user: for every scaffold-once file with code in it, the
// generated interface it implements and the members that must be there; and the files of
// theirs the spec no longer uses. Built by render from the model (never parsed from text),
// carried by the pipeline result, printed by the CLI.

/** The generated module declaring every interface the user's files implement. */
export const HOOK_TYPES_PATH = "src/hooks/types.ts";

/** A scaffold-once file the generated code imports and types with a generated interface. */
export interface ActiveUserHook {
  state: "active";
  path: string;
  /** The generated interface or type the file's export must satisfy, e.g. InstanceHooks. */
  implements: string;
  /** The export the generated code imports, e.g. instanceHooks. */
  export: string;
  /**
   * The generated module declaring that interface, when it is not HOOK_TYPES_PATH (a provider
   * interface): when it changes, this file may owe new members.
   */
  contract?: string;
  /** Members the export must provide; `tsc` names any that is missing, in this file. */
  members: string[];
  /** What the file's TODO(user) spots leave to the user, one line each. */
  todos: string[];
}

/** A file of the user's that the spec no longer needs: kept, and left out of compilation. */
export interface UnusedUserFile {
  state: "unused";
  path: string;
}

export type UserHook = ActiveUserHook | UnusedUserFile;

/** One line for the user, e.g. "implement `InstanceHooks` in src/hooks/instance.ts: validateDesired". */
export function describeUserHook(hook: UserHook): string {
  if (hook.state === "unused")
    return `${hook.path} is no longer used by the spec; kept and excluded from compilation in tsconfig.json; delete it when you no longer need its code`;
  const members = hook.members.length > 0 ? `: ${hook.members.join(", ")}` : "";
  return `implement \`${hook.implements}\` in ${hook.path}${members}`;
}
