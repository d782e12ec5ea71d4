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
  /**
   * A child builder whose kind is now listed as several children with ids: the builders its code
   * belongs in (src/children/<id>-<kind>.ts), for the message.
   */
  movedTo?: string[];
  /** A copy of library code from before it was a package (src/runtime/…): the package that replaced it. */
  replacedBy?: string;
}

export type UserHook = ActiveUserHook | UnusedUserFile;

/** One line for the user, e.g. "implement `InstanceHooks` in src/hooks/instance.ts: validateDesired". */
export function describeUserHook(hook: UserHook): string {
  if (hook.state === "unused" && hook.movedTo !== undefined && hook.movedTo.length > 0)
    return `${hook.path} is no longer used by the spec: its kind's children now have ids, each with its own builder; move its code into ${hook.movedTo.join(", ")} (the one it built is the child without a name template or with its old name), then delete it; until then it is kept and excluded from compilation in tsconfig.json`;
  if (hook.state === "unused" && hook.replacedBy !== undefined)
    return `${hook.path} is the old copy of code that now comes from the ${hook.replacedBy} package; you edited it, so it is kept and excluded from compilation in tsconfig.json: carry your change over (a hook, your own module, or an issue upstream), then delete it`;
  if (hook.state === "unused")
    return `${hook.path} is no longer used by the spec; kept and excluded from compilation in tsconfig.json; delete it when you no longer need its code`;
  const members = hook.members.length > 0 ? `: ${hook.members.join(", ")}` : "";
  return `implement \`${hook.implements}\` in ${hook.path}${members}`;
}
