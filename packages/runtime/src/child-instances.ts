// One object of a child kind whose name operator.yaml gives as a template (children[].name), with
// forEach (one per list entry) or count (one per index). Its name and labels are decided by the
// generated src/children/index.ts; a builder puts them on the object it builds.

export interface ChildInstance<Entry = undefined> {
  /** The object's name, from the child's name template. */
  name: string;
  /** Labels that tell this instance from its siblings (empty for a single child), for selectors. */
  labels: Record<string, string>;
  /** The list entry this instance is for (forEach); undefined otherwise. */
  entry: Entry;
  /** The count index, or the entry's position in its list; 0 for a single child. */
  index: number;
}

/** 0 … count-1; a count that is absent, negative or not an integer makes no instances. */
export function countIndexes(count: number | undefined): number[] {
  if (count === undefined || !Number.isInteger(count) || count <= 0) return [];
  return Array.from({ length: count }, (_, index) => index);
}
