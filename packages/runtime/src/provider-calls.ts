// The generated reconciler calls your providers and hooks through these wrappers, so a failure
// in your code is named as yours in status (Ready reason ProviderError or HookError, errors.ts)
// and every provider call is timed and counted per resource class (the binding's name in
// operator.yaml, never the object: a fleet's size must not multiply the series). A TerminalError
// passes through unchanged: it is your decision, with your reason. So does an aborted call (the
// pass's deadline, abort.ts): that is the runtime's cut, not the provider's failure.

import { DeadlineExceededError } from "./abort.ts";
import { HookError, ProviderError, TerminalError } from "./errors.ts";

/** What one provider call reports: operator_provider_* in metrics.ts. */
export interface ProviderCallMetrics {
  observe(call: ProviderCall): void;
}

export interface ProviderCall {
  /** The external resource's binding name in operator.yaml (e.g. "instance"). */
  resource: string;
  /** The provider method (ensure, find, delete, ...). */
  operation: string;
  seconds: number;
  outcome: "success" | "error" | "rate_limited";
}

/**
 * `provider` with each method call timed into `metrics` and its failures thrown as ProviderError.
 * The methods run on the provider itself, so its private fields keep working.
 */
export function providerCalls<P extends object>(
  resource: string,
  provider: P,
  metrics?: ProviderCallMetrics,
): P {
  return wrapMethods(provider, (operation, run) => {
    const started = performance.now();
    const report = (outcome: ProviderCall["outcome"]) =>
      metrics?.observe({
        resource,
        operation,
        seconds: (performance.now() - started) / 1000,
        outcome,
      });
    const fail = (err: unknown): never => {
      if (passesThrough(err)) {
        report("error");
        throw err;
      }
      report(isRateLimited(err) ? "rate_limited" : "error");
      throw err instanceof ProviderError ? err : new ProviderError(resource, operation, err);
    };
    let result: unknown;
    try {
      result = run();
    } catch (err) {
      return fail(err);
    }
    if (!(result instanceof Promise)) {
      report("success");
      return result;
    }
    return result.then((value: unknown) => {
      report("success");
      return value;
    }, fail);
  });
}

/**
 * `hooks` (nested objects of functions, as src/hooks/index.ts assembles them) with every failure
 * other than a TerminalError thrown as HookError naming the hook, e.g. "resources.instance.validateDesired".
 */
export function hookCalls<H extends object>(hooks: H, path = ""): H {
  return new Proxy(hooks, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      const name = typeof property === "string" ? `${path}${property}` : String(property);
      if (typeof value === "function") {
        return (...args: unknown[]) => {
          const fail = (err: unknown): never => {
            throw passesThrough(err) || err instanceof HookError ? err : new HookError(name, err);
          };
          try {
            const result: unknown = value.apply(target, args);
            return result instanceof Promise ? result.catch(fail) : result;
          } catch (err) {
            return fail(err);
          }
        };
      }
      if (typeof value === "object" && value !== null) return hookCalls(value, `${name}.`);
      return value;
    },
  });
}

/**
 * A throttled answer, however the SDK spells it: an HTTP 429 in `status`, `statusCode`, `code`
 * or AWS's `$metadata.httpStatusCode`, or an error named or coded like a throttle.
 */
export function isRateLimited(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; typeof e === "object" && e !== null && depth < 5; depth++) {
    const fields = e as Record<string, unknown> & { $metadata?: { httpStatusCode?: unknown } };
    const codes = [fields["status"], fields["statusCode"], fields["code"]];
    codes.push(fields.$metadata?.httpStatusCode);
    if (codes.some((code) => code === 429 || code === "429")) return true;
    const names = [fields["name"], fields["code"]].filter((n) => typeof n === "string");
    if (names.some((n) => /throttl|toomanyrequests|ratelimit|rate_limit/i.test(n as string)))
      return true;
    e = fields["cause"];
  }
  return false;
}

function passesThrough(err: unknown): boolean {
  return (
    err instanceof TerminalError ||
    err instanceof DeadlineExceededError ||
    (err instanceof Error && err.name === "AbortError")
  );
}

/** A proxy whose function-valued properties run through `call`, on the original object. */
function wrapMethods<P extends object>(
  target: P,
  call: (operation: string, run: () => unknown) => unknown,
): P {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== "function" || typeof property !== "string") return value;
      return (...args: unknown[]) => call(property, () => value.apply(object, args));
    },
  });
}
