import { Errors, type ErrorName } from '@parley/protocol';

/** zh-CN texts of the envelope error codes: exactly the server's own texts (packages/protocol). */
const byName = Object.fromEntries(Object.entries(Errors).map(([name, def]) => [name, def.msg])) as Record<
  ErrorName,
  string
>;

export default {
  ...byName,
  /** A 400 whose message names a field (`phone: …`): zh-CN shows the server's text itself. */
  field: '请求参数错误：{{field}}',
};
