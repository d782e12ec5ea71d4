// Kubernetes' CEL macros that cel-js lacks, for the operator's tenancy re-check: cel-go's
// two-variable comprehensions (ext.TwoVarComprehensions, Kubernetes 1.32+: all, exists and
// exists_one/existsOne over (index, value) or (key, value), transformList, transformMap,
// transformMapEntry), the lists extension's sortBy (version 3, Kubernetes 1.34+) and the
// optional library's optMap and optFlatMap. The generator's check accepts rules using them, so
// without these the operator would refuse (fail closed) objects the API server admits.
//
// cel-js builds a macro from a typeCheck and an evaluate over its own checker and evaluation
// contexts (registerFunction with `ast` parameters); iteration variables are declared with
// forkWithVariable and rebound per element with reuse/setIterValue, as cel-js's own cel.bind does.

import { Optional, type Environment } from "@marcbachmann/cel-js";

// cel-js passes its parser nodes, checker and evaluation contexts to macros untyped.
type Ast = { op: string; args: unknown };
type Checker = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Context = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Evaluator = { run(node: Ast, ctx: Context): unknown };

/** Evaluates body `index` with the iteration variables bound to these values. */
type Body = (index: number, ...values: unknown[]) => unknown;

/** Entries of a list (index, value) or a map (key, value). */
function entries(target: unknown): [unknown, unknown][] {
  if (Array.isArray(target)) return target.map((v, i) => [BigInt(i), v]);
  if (target instanceof Map) return [...target.entries()];
  if (target !== null && typeof target === "object") return Object.entries(target);
  throw new Error("found no matching overload for the comprehension's range");
}

function identifier(node: Ast, what: string): string {
  if (node.op === "id") return node.args as string;
  throw new Error(`${what}: the iteration variable must be an identifier`);
}

/**
 * A macro binding `variables` identifiers (its first arguments) for the bodies that follow;
 * `types` gives each variable's type from the receiver's, `run` computes the result.
 */
function withVariables(
  what: string,
  variables: number,
  types: (checker: Checker, receiver: Record<string, any>) => unknown[], // eslint-disable-line @typescript-eslint/no-explicit-any
  result: (checker: Checker) => unknown,
  run: (target: unknown, body: Body) => unknown,
) {
  return ({ args, receiver }: { args: Ast[]; receiver: Ast }) => {
    const names = args.slice(0, variables).map((a) => identifier(a, what));
    const bodies = args.slice(variables);
    let scopes: Context[] = [];
    return {
      typeCheck(checker: Checker, _macro: unknown, ctx: Context) {
        const declared = types(checker, checker.check(receiver, ctx));
        scopes = [];
        let scope = ctx;
        names.forEach((name, i) =>
          scopes.push((scope = scope.forkWithVariable(name, declared[i]))),
        );
        for (const body of bodies) checker.check(body, scope);
        return result(checker);
      },
      evaluate(ev: Evaluator, _macro: unknown, ctx: Context) {
        const body: Body = (index, ...values) => {
          let scope = ctx;
          scopes.forEach((s, i) => (scope = s.reuse(scope).setIterValue(values[i], ev)));
          return ev.run(bodies[index]!, scope);
        };
        return run(ev.run(receiver, ctx), body);
      },
    };
  };
}

/** all / exists: a decisive answer wins over an error elsewhere, as in CEL. */
function quantifier(decisive: boolean) {
  return (target: unknown, body: Body) => {
    let failure: unknown;
    for (const [k, v] of entries(target)) {
      try {
        if (body(0, k, v) === decisive) return decisive;
      } catch (err) {
        failure ??= err;
      }
    }
    if (failure !== undefined) throw failure;
    return !decisive;
  };
}

function merge(out: Record<string, unknown>, entry: unknown): Record<string, unknown> {
  for (const [k, v] of entries(entry)) {
    if (Object.hasOwn(out, k as string))
      throw new Error(`insert failed: key ${String(k)} already exists`);
    out[k as string] = v;
  }
  return out;
}

/** The lists extension's sortBy order: numbers, strings, bools, timestamps, durations. */
function compareKeys(a: unknown, b: unknown): number {
  const x = a instanceof Date ? a.getTime() : a;
  const y = b instanceof Date ? b.getTime() : b;
  return (x as number) < (y as number) ? -1 : (x as number) > (y as number) ? 1 : 0;
}

export function registerMacros(env: Environment): void {
  const macro = (signature: string, handler: unknown) =>
    env.registerFunction(signature, handler as (...args: unknown[]) => unknown);
  const pair = (c: Checker, r: Record<string, any>) =>
    // eslint-disable-line @typescript-eslint/no-explicit-any
    r.kind === "list"
      ? [c.intType, r.valueType ?? c.dynType]
      : [r.keyType ?? c.dynType, r.valueType ?? c.dynType];
  const bool = (c: Checker) => c.boolType;
  const list = (c: Checker) => c.listType;
  const map = (c: Checker) => c.mapType;
  for (const range of ["list", "map"]) {
    macro(
      `${range}.all(ast, ast, ast): bool`,
      withVariables("all", 2, pair, bool, quantifier(false)),
    );
    macro(
      `${range}.exists(ast, ast, ast): bool`,
      withVariables("exists", 2, pair, bool, quantifier(true)),
    );
    // cel-go spells the two-variable exists_one existsOne as well.
    for (const name of ["exists_one", "existsOne"])
      macro(
        `${range}.${name}(ast, ast, ast): bool`,
        withVariables(
          "exists_one",
          2,
          pair,
          bool,
          (t, body) => entries(t).filter(([k, v]) => body(0, k, v) === true).length === 1,
        ),
      );
    macro(
      `${range}.transformList(ast, ast, ast): list<dyn>`,
      withVariables("transformList", 2, pair, list, (t, body) =>
        entries(t).map(([k, v]) => body(0, k, v)),
      ),
    );
    macro(
      `${range}.transformList(ast, ast, ast, ast): list<dyn>`,
      withVariables("transformList", 2, pair, list, (t, body) =>
        entries(t)
          .filter(([k, v]) => body(0, k, v) === true)
          .map(([k, v]) => body(1, k, v)),
      ),
    );
    macro(
      `${range}.transformMap(ast, ast, ast): map<dyn, dyn>`,
      withVariables("transformMap", 2, pair, map, (t, body) =>
        Object.fromEntries(entries(t).map(([k, v]) => [k, body(0, k, v)])),
      ),
    );
    macro(
      `${range}.transformMap(ast, ast, ast, ast): map<dyn, dyn>`,
      withVariables("transformMap", 2, pair, map, (t, body) =>
        Object.fromEntries(
          entries(t)
            .filter(([k, v]) => body(0, k, v) === true)
            .map(([k, v]) => [k, body(1, k, v)]),
        ),
      ),
    );
    macro(
      `${range}.transformMapEntry(ast, ast, ast): map<dyn, dyn>`,
      withVariables("transformMapEntry", 2, pair, map, (t, body) =>
        entries(t).reduce(
          (out, [k, v]) => merge(out, body(0, k, v)),
          {} as Record<string, unknown>,
        ),
      ),
    );
    macro(
      `${range}.transformMapEntry(ast, ast, ast, ast): map<dyn, dyn>`,
      withVariables("transformMapEntry", 2, pair, map, (t, body) =>
        entries(t)
          .filter(([k, v]) => body(0, k, v) === true)
          .reduce((out, [k, v]) => merge(out, body(1, k, v)), {} as Record<string, unknown>),
      ),
    );
  }
  macro(
    "list.sortBy(ast, ast): list<dyn>",
    withVariables(
      "sortBy",
      1,
      (c, r) => [r.valueType ?? c.dynType],
      list,
      (t, body) =>
        (t as unknown[])
          .map((v) => [v, body(0, v)] as const)
          .sort(([, a], [, b]) => compareKeys(a, b))
          .map(([v]) => v),
    ),
  );
  macro(
    "optional.optMap(ast, ast): optional<dyn>",
    withVariables(
      "optMap",
      1,
      (c, r) => [r.valueType ?? c.dynType],
      (c) => c.optionalType,
      (t, body) => {
        const o = t as Optional<unknown>;
        return o.hasValue() ? Optional.of(body(0, o.value())) : Optional.none();
      },
    ),
  );
  macro(
    "optional.optFlatMap(ast, ast): optional<dyn>",
    withVariables(
      "optFlatMap",
      1,
      (c, r) => [r.valueType ?? c.dynType],
      (c) => c.optionalType,
      (t, body) => {
        const o = t as Optional<unknown>;
        return o.hasValue() ? body(0, o.value()) : Optional.none();
      },
    ),
  );
}
