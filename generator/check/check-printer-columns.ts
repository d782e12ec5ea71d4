// kubectl evaluates printer columns at display time; a bad path prints an empty column forever
// rather than failing, so it is worth rejecting up front.

import type { CheckContext } from "./context.ts";
import { objects, str } from "./raw-spec.ts";

export function checkPrinterColumns({ data, report }: CheckContext): void {
  const seen = new Map<string, number>();
  for (const [i, column] of objects(data.printerColumns)) {
    const jsonPath = str(column.jsonPath);
    if (jsonPath !== undefined && !jsonPath.startsWith(".")) {
      report.error(
        "SEM052",
        ["printerColumns", i, "jsonPath"],
        `jsonPath "${jsonPath}" does not start with "."`,
        `Write it relative to the object, e.g. .${jsonPath.replace(/^[$@]?\.?/, "")}.`,
      );
    }
    const name = str(column.name);
    if (name === undefined) continue;
    // kubectl upper-cases column headers, so names differing only in case look identical.
    const key = name.toUpperCase();
    const first = seen.get(key);
    if (first !== undefined)
      report.error(
        "SEM053",
        ["printerColumns", i, "name"],
        `printer column "${name}" duplicates printerColumns[${first}]`,
        "Give each column a distinct name.",
      );
    else seen.set(key, i);
  }
}
