/** The response envelope of every REST call. `code: 200` is success. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export const OK_CODE = 200;

export function ok<T>(data: T, msg = '操作成功'): Envelope<T> {
  return { code: OK_CODE, msg, data };
}

export function isOk<T>(env: Envelope<T>): boolean {
  return env.code === OK_CODE;
}

/** A list page: `rows` and `total`. */
export interface Page<T> {
  rows: T[];
  total: number;
}
