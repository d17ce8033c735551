import { Errors, type ErrorDef, type ErrorName } from '@parley/protocol';

/** A failure a caller should see: it carries its envelope code, HTTP status and text. */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;
  readonly data: unknown;

  constructor(def: ErrorDef, msg?: string, data: unknown = null) {
    super(msg ?? def.msg);
    this.code = def.code;
    this.status = def.status;
    this.data = data;
  }
}

/** `fail('notFound')` or `fail('badRequest', 'remark: 备注不能超过16个字符')`. */
export function fail(name: ErrorName, msg?: string, data?: unknown): AppError {
  return new AppError(Errors[name], msg, data);
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
