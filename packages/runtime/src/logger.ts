// JSON lines on stdout: one object per event, so log pipelines can filter by level and by object
// key without parsing prose. LOG_LEVEL=debug|info|warn|error (default info). Inside a reconcile,
// every line also carries its key and reconcileID (log-context.ts).

import { describeApiError, errorMessage } from "./errors.ts";
import { logContext } from "./log-context.ts";

export type LogLevel = "debug" | "info" | "warn" | "error";

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** A logger that adds `bindings` to every line, e.g. the object key. */
  child(bindings: Record<string, unknown>): Logger;
}

export interface LoggerOptions {
  level?: LogLevel;
  bindings?: Record<string, unknown>;
  write?: (line: string) => void;
}

export function parseLogLevel(value: string | undefined): LogLevel {
  return value === "debug" || value === "warn" || value === "error" ? value : "info";
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const threshold = LEVELS[options.level ?? parseLogLevel(process.env["LOG_LEVEL"])];
  const bindings = options.bindings ?? {};
  const write = options.write ?? ((line: string) => process.stdout.write(line + "\n"));
  const log = (level: LogLevel, message: string, fields?: Record<string, unknown>): void => {
    if (LEVELS[level] < threshold) return;
    const entry = {
      time: new Date().toISOString(),
      level,
      msg: message,
      ...bindings,
      ...fields,
      // Last: the reconcile's own key and id are what a line is filtered by, so never shadowed.
      ...logContext(),
    };
    write(JSON.stringify(entry, errorReplacer));
  };
  return {
    debug: (message, fields) => log("debug", message, fields),
    info: (message, fields) => log("info", message, fields),
    warn: (message, fields) => log("warn", message, fields),
    error: (message, fields) => log("error", message, fields),
    child: (more) => createLogger({ ...options, bindings: { ...bindings, ...more } }),
  };
}

/**
 * Errors serialize to `{}` by default, which hides exactly what an operator needs to see. An API
 * error becomes its code, Status reason, message and object, without a stack (client-node's own
 * message, and so its stack, is a multi-line dump of the body and every response header; the
 * frames are the HTTP client's); any other error its one-line message with its causes
 * (errors.ts) and its stack.
 */
function errorReplacer(_key: string, value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const api = describeApiError(value);
  // client-node leaves an ApiException's name at "Error".
  if (api !== undefined) return { name: value.constructor.name, ...api };
  return { name: value.name, message: errorMessage(value), stack: value.stack };
}

/** For tests: a logger that drops everything. */
export const silentLogger: Logger = createLogger({ level: "error", write: () => {} });
