// What one function call costs, as the API server estimates it before a CRD is accepted. Consulted
// in the server's order: cel-go's extension estimators (lists, sets), then Kubernetes' library
// estimator (k8s.io/apiserver pkg/cel/library/cost.go, by function name), then cel-go's built-in
// cases (checker/cost.go functionCost); everything else costs 1. Argument costs are added by the
// caller, as in cel-go.

import {
  add,
  byFactor,
  fixed,
  LIST_CREATE_BASE_COST,
  MAX_UINT64,
  multiply,
  REGEX_STRING_LENGTH_COST_FACTOR as REGEX,
  STRING_TRAVERSAL_COST_FACTOR as STRING,
  type Range,
} from "./cel-cost-math.ts";

/** A call's receiver or argument as the estimator sees it. */
export interface CostNode {
  /** CEL type name, e.g. string, list<string>, map<string, int>. */
  type: string;
  /** cel-go's ComputedSize: the size it derived for the node, if any. */
  size: Range | undefined;
  /** The element size the schema gives a list at this node's path (Kubernetes' listElementNode). */
  elementSize?: Range | undefined;
  /** An int literal's value (list slice bounds, split limits, lists.range). */
  literalInt?: number | undefined;
}

export interface CallCost {
  cost: Range;
  resultSize?: Range;
}

const UNKNOWN_SIZE: Range = { min: 0, max: MAX_UINT64 };
const sizeOf = (n: CostNode | undefined): Range => n?.size ?? UNKNOWN_SIZE;
const elemType = (t: string): string | undefined => /^list<(.*)>$/.exec(t)?.[1];
const isText = (t: string | undefined) => t === "string" || t === "bytes";

/** @param name the function name, qualified for namespaced functions (sets.contains). */
export function callCost(name: string, target: CostNode | undefined, args: CostNode[]): CallCost {
  return (
    extensionCost(name, target, args) ??
    kubernetesCost(name, target, args) ??
    builtinCost(name, target, args) ?? { cost: fixed(1) }
  );
}

function allocatingList(factor: number, size: Range): CallCost {
  return {
    cost: add(add(byFactor(size, factor), fixed(1)), fixed(LIST_CREATE_BASE_COST)),
    resultSize: size,
  };
}

function extensionCost(
  name: string,
  target: CostNode | undefined,
  args: CostNode[],
): CallCost | undefined {
  const listTarget = target && elemType(target.type) !== undefined;
  switch (name) {
    case "sets.contains":
    case "sets.intersects":
    case "sets.equivalent":
      return args.length === 2
        ? {
            cost: add(
              byFactor(
                multiply(sizeOf(args[0]), sizeOf(args[1])),
                name === "sets.equivalent" ? 2 : 1,
              ),
              fixed(1),
            ),
          }
        : undefined;
    case "slice": {
      if (!listTarget || args.length !== 2) return undefined;
      const start = args[0]!.literalInt ?? 0;
      const end = args[1]!.literalInt ?? sizeOf(target).max;
      return allocatingList(1, fixed(Math.max(0, end - start)));
    }
    case "lists.range":
      return args.length === 1
        ? allocatingList(1, fixed(args[0]!.literalInt ?? MAX_UINT64))
        : undefined;
    case "reverse":
      return listTarget ? allocatingList(1, sizeOf(target)) : undefined;
    case "flatten":
      return listTarget ? allocatingList(args[0]?.literalInt ?? 1, sizeOf(target)) : undefined;
    case "distinct": {
      if (!listTarget) return undefined;
      const sz = sizeOf(target);
      return allocatingList(2, multiply(sz, sz));
    }
    case "sort": {
      if (!listTarget) return undefined;
      const sz = sizeOf(target);
      return allocatingList(isText(elemType(target.type)) ? 2 + STRING : 2, multiply(sz, sz));
    }
  }
  return undefined;
}

function kubernetesCost(
  name: string,
  target: CostNode | undefined,
  args: CostNode[],
): CallCost | undefined {
  const arg0 = args[0];
  switch (name) {
    case "isSorted":
    case "sum":
    case "max":
    case "min":
    case "indexOf":
    case "lastIndexOf": {
      if (!target) return undefined;
      const elem = elemType(target.type);
      if (elem !== undefined) {
        let elCost = fixed(1);
        if (isText(elem))
          elCost = add(elCost, byFactor(target.elementSize ?? UNKNOWN_SIZE, STRING));
        return { cost: multiply(sizeOf(target), elCost) };
      }
      return { cost: byFactor(sizeOf(target), STRING) };
    }
    case "url":
      return arg0 ? { cost: byFactor(sizeOf(arg0), STRING), resultSize: sizeOf(arg0) } : undefined;
    case "lowerAscii":
    case "upperAscii":
    case "substring":
    case "trim":
      return target
        ? { cost: byFactor(sizeOf(target), STRING), resultSize: sizeOf(target) }
        : undefined;
    case "replace":
      return target && args.length >= 2
        ? replaceCost(sizeOf(target), sizeOf(args[0]), sizeOf(args[1]))
        : undefined;
    case "split": {
      if (!target) return undefined;
      const sz = sizeOf(target);
      const max = args[1]?.literalInt ?? sz.max;
      return { cost: byFactor(sz, 2 * STRING), resultSize: { min: 0, max } };
    }
    case "join": {
      if (!target) return undefined;
      const listSize = sizeOf(target);
      let sz =
        elemType(target.type) !== undefined
          ? multiply(listSize, target.elementSize ?? UNKNOWN_SIZE)
          : fixed(0);
      if (arg0) {
        const separators = {
          min: Math.max(0, listSize.min - 1),
          max: Math.max(0, listSize.max - 1),
        };
        sz = add(sz, multiply(sizeOf(arg0), separators));
      }
      return { cost: byFactor(sz, STRING), resultSize: sz };
    }
    case "find":
    case "findAll": {
      if (!target || !arg0) return undefined;
      const sz = sizeOf(target);
      const strCost = byFactor(add(sz, fixed(1)), STRING);
      return {
        cost: multiply(strCost, byFactor(sizeOf(arg0), REGEX)),
        resultSize: { min: 0, max: sz.max },
      };
    }
    case "cidr":
    case "isIP":
    case "isCIDR":
    case "quantity":
    case "isQuantity":
    case "semver":
    case "isSemver":
      return arg0 ? { cost: byFactor(sizeOf(arg0), STRING) } : undefined;
    case "ip":
      if (target) return { cost: fixed(1) }; // cidr.ip()
      return arg0 ? { cost: byFactor(sizeOf(arg0), STRING) } : undefined;
    case "ip.isCanonical":
      return arg0 ? { cost: byFactor(sizeOf(arg0), 2 * STRING) } : undefined;
    case "containsIP":
    case "containsCIDR": {
      if (!arg0) return undefined;
      const ipSize = { min: 4, max: 16 };
      let cost = byFactor(add(ipSize, ipSize), STRING);
      if (name === "containsCIDR") cost = add(add(cost, byFactor(ipSize, STRING)), fixed(1));
      if (arg0.type === "string") cost = add(cost, byFactor(sizeOf(arg0), STRING));
      return { cost };
    }
    case "validate":
      return arg0 ? { cost: byFactor(byFactor(sizeOf(arg0), STRING), 128 * REGEX) } : undefined;
    case "masked":
    case "prefixLength":
    case "family":
    case "isUnspecified":
    case "isLoopback":
    case "isLinkLocalMulticast":
    case "isLinkLocalUnicast":
    case "isGlobalUnicast":
    case "format.named":
    case "sign":
    case "asInteger":
    case "isInteger":
    case "asApproximateFloat":
    case "isGreaterThan":
    case "isLessThan":
    case "compareTo":
    case "add":
    case "sub":
    case "major":
    case "minor":
    case "patch":
    case "getScheme":
    case "getHostname":
    case "getHost":
    case "getPort":
    case "getEscapedPath":
    case "getQuery":
      return { cost: fixed(1) };
  }
  return undefined;
}

/** Kubernetes' own equality costs for its library types; undefined for everything else. */
export function kubernetesEqualityCost(lhs: CostNode, rhs: CostNode): Range | undefined {
  const t = lhs.type;
  if (t !== rhs.type) return undefined;
  if (/^(net\.IP|net\.CIDR|kubernetes\.Quantity|kubernetes\.Semver)$/.test(t)) return fixed(1);
  if (t === "kubernetes.NamedFormat") return byFactor({ min: 1, max: 64 }, STRING);
  if (t === "kubernetes.URL") return byFactor({ min: 1, max: rhs.size ? rhs.size.max : 1 }, STRING);
  return undefined;
}

function replaceCost(sz: Range, toReplace: Range, replaceWith: Range): CallCost {
  const count = { min: 0, max: 0 };
  const retained = { min: 0, max: 0 };
  if (toReplace.min === 0) {
    count.max = sz.max < MAX_UINT64 ? sz.max + 1 : sz.max;
    retained.max = sz.max;
  } else if (replaceWith.max <= toReplace.min) {
    retained.max = sz.max;
  } else {
    count.max = Math.ceil(sz.max / toReplace.min);
  }
  if (toReplace.max === 0) {
    count.min = sz.min < MAX_UINT64 ? sz.min + 1 : sz.min;
    retained.min = sz.min;
  } else if (toReplace.max <= replaceWith.min) {
    retained.min = sz.min;
  } else {
    count.min = Math.ceil(sz.min / toReplace.max);
  }
  return {
    cost: byFactor(sz, 2 * STRING),
    resultSize: add(multiply(count, replaceWith), retained),
  };
}

function builtinCost(
  name: string,
  target: CostNode | undefined,
  args: CostNode[],
): CallCost | undefined {
  switch (name) {
    case "strings.quote": {
      const sz = sizeOf(args[0]);
      return { cost: byFactor(sz, STRING), resultSize: { min: sz.min + 2, max: sz.max * 2 + 2 } };
    }
    case "format":
      return target ? { cost: byFactor(sizeOf(target), STRING) } : undefined;
    case "string":
    case "bytes": {
      const from = args[0]?.type;
      if (
        args.length !== 1 ||
        !((name === "bytes" && from === "string") || (name === "string" && from === "bytes"))
      )
        return undefined;
      const sz = sizeOf(args[0]);
      return {
        cost: byFactor(sz, STRING),
        resultSize:
          name === "bytes"
            ? { min: sz.min, max: sz.max * 4 }
            : { min: Math.floor(sz.min / 4), max: sz.max },
      };
    }
    case "startsWith":
    case "endsWith":
      return args.length === 1 ? { cost: byFactor(sizeOf(args[0]), STRING) } : undefined;
    case "matches":
      return target && args.length === 1
        ? {
            cost: multiply(
              byFactor(add(sizeOf(target), fixed(1)), STRING),
              byFactor(sizeOf(args[0]), REGEX),
            ),
          }
        : undefined;
    case "contains":
      return target && args.length === 1
        ? { cost: multiply(byFactor(sizeOf(target), STRING), byFactor(sizeOf(args[0]), STRING)) }
        : undefined;
  }
  return undefined;
}

/** `==`, `!=`, and `<`-style comparisons of strings and bytes: the shorter side is traversed. */
export function comparisonCost(lhs: Range, rhs: Range): Range {
  const smallestMax = Math.min(lhs.max, rhs.max);
  return byFactor({ min: smallestMax > 0 ? 1 : 0, max: smallestMax }, STRING);
}
