// The worst-case cost of one rule, estimated the way the API server does before it accepts a CRD:
// a port of cel-go's checker/cost.go (v0.26, what Kubernetes 1.36 builds with) over this CEL
// library's AST, with sizes from the schema as k8s.io/apiextensions-apiserver's sizeEstimator
// reads them (paths like self.items.@items resolved through the DeclType). Macros are costed as the
// comprehensions cel-go expands them to; has() is free, as Kubernetes configures it.

import type { ASTNode } from "@marcbachmann/cel-js";
import { mapKeyType, type DeclType } from "./cel-decl-type.ts";
import {
  add,
  byFactor,
  fixed,
  LIST_CREATE_BASE_COST,
  MAP_CREATE_BASE_COST,
  multiply,
  SELECT_AND_IDENT_COST,
  STRING_TRAVERSAL_COST_FACTOR,
  sum,
  union,
  UNKNOWN,
  type Range,
} from "./cel-cost-math.ts";
import {
  callCost,
  comparisonCost,
  kubernetesEqualityCost,
  type CostNode,
} from "./cel-function-costs.ts";

type Node = ASTNode & { checkedType?: { name: string } };

interface EntrySize {
  list: boolean;
  key: Range;
  val: Range;
}

interface LocalVar {
  path: string[] | undefined;
  size: Range | undefined;
  entry: EntrySize | undefined;
}

const NAMESPACES: ReadonlySet<string> = new Set(["ip", "sets", "strings", "format", "lists"]);
const SCALARS = /^(bool|int|uint|double|google\.protobuf\.(Timestamp|Duration))$/;

export interface CostEstimate extends Range {
  /** Every schema node whose size the estimate read, for deciding which bounds would lower it. */
  sizedTypes: Set<DeclType>;
}

export function estimateCost(ast: ASTNode, self: DeclType): CostEstimate {
  return new Coster(self).run(ast as Node);
}

class Coster {
  private readonly paths = new Map<Node, string[]>();
  private readonly sizes = new Map<Node, Range>();
  private readonly entries = new Map<Node, EntrySize>();
  private readonly locals = new Map<string, LocalVar[]>();
  readonly sizedTypes = new Set<DeclType>();
  private readonly root: DeclType;

  constructor(root: DeclType) {
    this.root = root;
  }

  run(ast: Node): CostEstimate {
    return { ...this.cost(ast), sizedTypes: this.sizedTypes };
  }

  private cost(e: Node): Range {
    const args = e.args as unknown;
    switch (e.op) {
      case "value":
        return fixed(0);
      case "id":
        return this.ident(e, args as string);
      case ".":
        return this.select(e, ...(args as [Node, string]));
      case ".?":
      case "[?]":
        return add(fixed(1), sum((args as Node[]).filter(isNode).map((a) => this.cost(a))));
      case "[]":
        return this.index(e, ...(args as [Node, Node]));
      case "list":
        return this.createList(e, args as Node[]);
      case "map":
        return this.createMap(e, args as [Node, Node][]);
      case "call":
        return this.call(
          e,
          (args as [string, Node[]])[0],
          undefined,
          (args as [string, Node[]])[1],
        );
      case "rcall": {
        const [name, receiver, fnArgs] = args as [string, Node, Node[]];
        return this.call(e, name, receiver, fnArgs);
      }
      case "&&":
      case "||": {
        const [l, r] = (args as [Node, Node]).map((a) => this.cost(a)) as [Range, Range];
        return { min: l.min, max: add(l, r).max };
      }
      case "?:": {
        const [c, t, f] = args as [Node, Node, Node];
        const [cc, tc, fc] = [this.cost(c), this.cost(t), this.cost(f)];
        this.sizes.set(e, union(this.sizeOrUnknown(t), this.sizeOrUnknown(f)));
        const te = this.entrySize(t);
        const fe = this.entrySize(f);
        if (te && fe)
          this.entries.set(e, {
            list: te.list,
            key: union(te.key, fe.key),
            val: union(te.val, fe.val),
          });
        return add(cc, union(tc, fc));
      }
      case "!_":
      case "-_":
        return add(fixed(1), this.cost(args as Node));
      default:
        return this.operator(e, args as [Node, Node]);
    }
  }

  private ident(e: Node, name: string): Range {
    const local = this.peek(name);
    this.paths.set(e, local ? [...(local.path ?? [])] : [name]);
    return fixed(SELECT_AND_IDENT_COST);
  }

  private select(e: Node, operand: Node, field: string): Range {
    let cost = this.cost(operand);
    const kind = kindOf(typeOf(operand));
    if (kind === "map" || kind === "struct") cost = add(cost, fixed(SELECT_AND_IDENT_COST));
    this.paths.set(e, [...(this.pathOf(operand) ?? []), field]);
    return cost;
  }

  private index(e: Node, operand: Node, key: Node): Range {
    const cost = add(fixed(1), add(this.cost(operand), this.cost(key)));
    const kind = kindOf(typeOf(operand));
    if (kind === "list" || kind === "map") {
      this.paths.set(e, [...(this.pathOf(operand) ?? []), kind === "list" ? "@items" : "@values"]);
      const entry = this.entrySize(operand);
      if (entry) this.sizes.set(e, entry.val);
    }
    return cost;
  }

  private createList(e: Node, elements: Node[]): Range {
    let cost = fixed(0);
    let item: Range = { min: elements.length === 0 ? 0 : Number.MAX_VALUE, max: 0 };
    for (const el of elements) {
      cost = add(cost, this.cost(el));
      item = union(item, this.sizeOrUnknown(el));
    }
    this.entries.set(e, { list: true, key: fixed(1), val: item });
    return add(cost, fixed(LIST_CREATE_BASE_COST));
  }

  private createMap(e: Node, pairs: [Node, Node][]): Range {
    let cost = fixed(0);
    const empty = pairs.length === 0;
    let key: Range = { min: empty ? 0 : Number.MAX_VALUE, max: 0 };
    let val: Range = { ...key };
    for (const [k, v] of pairs) {
      cost = add(add(cost, this.cost(k)), this.cost(v));
      key = union(key, this.sizeOrUnknown(k));
      val = union(val, this.sizeOrUnknown(v));
    }
    this.entries.set(e, { list: false, key, val });
    return add(cost, fixed(MAP_CREATE_BASE_COST));
  }

  private operator(e: Node, [l, r]: [Node, Node]): Range {
    const argCost = add(this.cost(l), this.cost(r));
    const lt = typeOf(l);
    switch (e.op) {
      case "==":
      case "!=": {
        const special =
          e.op === "==" ? kubernetesEqualityCost(this.costNode(l), this.costNode(r)) : undefined;
        if (special) return add(special, argCost);
        return add(comparisonCost(this.sizeOrUnknown(l), this.sizeOrUnknown(r)), argCost);
      }
      case "<":
      case "<=":
      case ">":
      case ">=":
        if (lt === "string" || lt === "bytes")
          return add(comparisonCost(this.sizeOrUnknown(l), this.sizeOrUnknown(r)), argCost);
        return add(fixed(1), argCost);
      case "+": {
        const result = typeOf(e);
        const kind = kindOf(result);
        if (result === "string" || result === "bytes" || kind === "list") {
          const size = add(this.sizeOrUnknown(l), this.sizeOrUnknown(r));
          this.sizes.set(e, size);
          const le = this.entrySize(l);
          const re = this.entrySize(r);
          if (le && re)
            this.entries.set(e, {
              list: le.list,
              key: union(le.key, re.key),
              val: union(le.val, re.val),
            });
          return kind === "list"
            ? add(fixed(1), argCost)
            : add(byFactor(size, STRING_TRAVERSAL_COST_FACTOR), argCost);
        }
        return add(fixed(1), argCost);
      }
      case "in":
        if (kindOf(typeOf(r)) === "list") return add(this.sizeOrUnknown(r), argCost);
        return add(fixed(1), argCost);
      default:
        return add(fixed(1), argCost);
    }
  }

  private call(e: Node, name: string, receiver: Node | undefined, args: Node[]): Range {
    if (!receiver && name === "has") return this.hasCost(args[0]!);
    if (!receiver && name === "dyn") {
      const cost = add(fixed(1), this.cost(args[0]!));
      this.copySizes(e, args[0]!);
      return cost;
    }
    if (receiver?.op === "id" && receiver.args === "cel" && name === "bind")
      return this.bind(e, args);
    if (
      receiver &&
      ["all", "exists", "exists_one", "map", "filter"].includes(name) &&
      args[0]?.op === "id"
    )
      return this.comprehension(e, name, receiver, args);
    const namespaced =
      receiver?.op === "id" &&
      NAMESPACES.has(receiver.args as string) &&
      !this.peek(receiver.args as string);
    const qualified = namespaced ? `${receiver!.args as string}.${name}` : name;
    const target = namespaced ? undefined : receiver;
    const argCosts = args.map((a) => this.cost(a));
    let cost = sum(argCosts);
    if (target) cost = add(cost, this.cost(target));
    const result = callCost(
      qualified,
      target && this.costNode(target),
      args.map((a) => this.costNode(a)),
    );
    if (result.resultSize) this.sizes.set(e, result.resultSize);
    return add(cost, result.cost);
  }

  private hasCost(arg: Node): Range {
    // A presence test costs nothing but its operand (PresenceTestHasCost(false) in Kubernetes).
    if (arg.op === "." || arg.op === ".?") return this.cost((arg.args as [Node, string])[0]);
    return this.cost(arg);
  }

  private bind(e: Node, [variable, init, result]: Node[]): Range {
    let cost = add(fixed(LIST_CREATE_BASE_COST), this.cost(init!));
    this.push(variable!.args as string, {
      path: this.pathOf(init!),
      size: this.computeSize(init!),
      entry: this.entrySize(init!),
    });
    cost = add(cost, this.cost(result!));
    this.pop(variable!.args as string);
    this.copySizes(e, result!);
    return cost;
  }

  /** A macro as the comprehension cel-go expands it to (parser/macro.go). */
  private comprehension(e: Node, macro: string, range: Node, args: Node[]): Range {
    const variable = args[0]!.args as string;
    let cost = this.cost(range);
    const listAccumulator = macro === "map" || macro === "filter";
    if (listAccumulator) cost = add(cost, fixed(LIST_CREATE_BASE_COST));
    const entry = this.entrySize(range);
    const isList = entry ? entry.list : kindOf(typeOf(range)) === "list";
    this.push(variable, {
      path: [...(this.pathOf(range) ?? []), isList ? "@items" : "@keys"],
      size: entry ? (isList ? entry.val : entry.key) : undefined,
      entry: undefined,
    });
    const bodies = args.slice(1).map((a) => this.cost(a));
    // What the accumulated list holds: the transform's result (map) or the element itself (filter).
    const itemSize = listAccumulator
      ? this.sizeOrUnknown(macro === "map" ? args[args.length - 1]! : args[0]!)
      : undefined;
    this.pop(variable);
    const [p, t] = bodies as [Range, Range | undefined];
    let loop: Range;
    let step: Range;
    let result = fixed(1);
    switch (macro) {
      case "all":
        loop = fixed(2);
        step = { min: 1, max: 1 + p.max };
        break;
      case "exists":
        loop = fixed(3);
        step = { min: 1, max: 1 + p.max };
        break;
      case "exists_one":
        loop = fixed(0);
        step = add(p, { min: 1, max: 2 });
        result = fixed(2);
        break;
      case "map":
        loop = fixed(0);
        step = t ? add(p, union(add(fixed(12), t), fixed(1))) : add(fixed(12), p);
        break;
      default:
        loop = fixed(0);
        step = add(p, { min: 1, max: 13 });
    }
    const count = this.sizeOrUnknown(range);
    cost = add(add(cost, result), multiply(count, add(step, loop)));
    if (listAccumulator) {
      this.sizes.set(e, count);
      this.entries.set(e, { list: true, key: fixed(1), val: { min: 0, max: itemSize!.max } });
    } else this.sizes.set(e, fixed(1));
    return cost;
  }

  private costNode(e: Node): CostNode {
    const type = typeOf(e);
    const path = this.pathOf(e);
    const node: CostNode = { type, size: this.computeSize(e) };
    if (/^list</.test(type))
      node.elementSize =
        path && path.length > 0 ? (this.estimateSize([...path, "@items"]) ?? UNKNOWN) : undefined;
    if (e.op === "value" && typeof e.args === "bigint") node.literalInt = Number(e.args);
    return node;
  }

  private computeSize(e: Node): Range | undefined {
    const known = this.sizes.get(e);
    if (known) return known;
    const literal = literalSize(e);
    if (literal) return literal;
    const path = this.pathOf(e);
    const estimated = path && path.length > 0 ? this.estimateSize(path) : undefined;
    if (estimated) {
      this.sizes.set(e, estimated);
      return estimated;
    }
    const type = typeOf(e);
    if (SCALARS.test(type) || SCALARS.test(/^optional<(.*)>$/.exec(type)?.[1] ?? ""))
      return fixed(1);
    if (e.op === "id") return this.peek(e.args as string)?.size;
    return undefined;
  }

  private sizeOrUnknown(e: Node): Range {
    return this.computeSize(e) ?? UNKNOWN;
  }

  /** k8s sizeEstimator.EstimateSize: walk the path (after its root variable) through the schema. */
  private estimateSize(path: string[]): Range | undefined {
    let node: DeclType | undefined = this.root;
    for (const step of path.slice(1)) {
      if (step === "@items" || step === "@values") node = node.elem;
      else if (step === "@keys") node = node.kind === "map" ? mapKeyType() : undefined;
      else node = node.fields?.get(step)?.type;
      if (!node) return undefined;
    }
    this.sizedTypes.add(node);
    return { min: 0, max: node.maxElements };
  }

  private entrySize(e: Node): EntrySize | undefined {
    const known = this.entries.get(e);
    if (known) return known;
    if (e.op === "id") return this.peek(e.args as string)?.entry;
    return undefined;
  }

  private copySizes(dst: Node, src: Node): void {
    const size = this.computeSize(src);
    if (size) this.sizes.set(dst, size);
    const entry = this.entrySize(src);
    if (entry) this.entries.set(dst, entry);
  }

  private pathOf(e: Node): string[] | undefined {
    if (e.op === "id") {
      const local = this.peek(e.args as string);
      if (local) return local.path;
    }
    return this.paths.get(e);
  }

  private push(name: string, v: LocalVar): void {
    this.locals.set(name, [...(this.locals.get(name) ?? []), v]);
  }

  private pop(name: string): void {
    this.locals.get(name)?.pop();
  }

  private peek(name: string): LocalVar | undefined {
    const stack = this.locals.get(name);
    return stack?.[stack.length - 1];
  }
}

function isNode(x: unknown): x is Node {
  return x !== null && typeof x === "object" && "op" in x;
}

function typeOf(e: Node): string {
  return e.checkedType?.name ?? "dyn";
}

function kindOf(type: string): "list" | "map" | "struct" | "other" {
  if (type.startsWith("list<")) return "list";
  if (type.startsWith("map<")) return "map";
  if (/^object\d+$/.test(type) || /^(kubernetes|net)\./.test(type)) return "struct";
  return "other";
}

/** cel-go computeExprSize: literals have a fixed size (strings by code point). */
function literalSize(e: Node): Range | undefined {
  if (e.op === "list") return fixed((e.args as Node[]).length);
  if (e.op === "map") return fixed((e.args as unknown[]).length);
  if (e.op !== "value") return undefined;
  const v = e.args as unknown;
  if (typeof v === "string") return fixed([...v].length);
  if (v instanceof Uint8Array) return fixed(v.length);
  return fixed(1);
}
