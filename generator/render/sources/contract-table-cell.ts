// The cell the API server's Table shows for a printer column, as apiextensions-apiserver's
// tableconvertor computes it: a `string` column prints the value as JSONPath text (Go's %v), any
// other type shows the value only when it has that type (cellForJSONValue), else an empty cell.

/** `undefined`: the cell cannot be predicted exactly (a number Go prints in exponent form). */
export function tableCell(columnType: string, value: string | number | boolean): unknown {
  switch (columnType) {
    case "string":
      if (typeof value !== "number" || Number.isInteger(value)) return String(value);
      // Go's %v switches to exponent form below 1e-4 and from 1e21; JavaScript below 1e-6.
      return Math.abs(value) >= 1e-4 && Math.abs(value) < 1e21 ? String(value) : undefined;
    case "integer":
      return typeof value === "number" ? Math.trunc(value) : null;
    case "number":
      return typeof value === "number" ? value : null;
    case "boolean":
      return typeof value === "boolean" ? value : null;
    default:
      return undefined;
  }
}
