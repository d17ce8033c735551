/**
 * A frame's `data` already encoded as JSON (docs/performance.md "Encoded once"). The send thread
 * encodes each new message's views once, where it builds them; the main thread then hands the text
 * to the bus, the sockets and the ack without cloning or encoding the object again. `frameJson`
 * splices the text into its frame; anything else that meets one through `JSON.stringify` (a log line,
 * a test) still gets the plain value from `toJSON`.
 */
export class EncodedJson<T = unknown> {
  /** Phantom: what the text decodes to (keeps `emit`'s event typing). */
  declare readonly __type?: T;

  constructor(readonly json: string) {}

  /** The value (parsed again: slow, for the rare consumer that is not `frameJson`). */
  value(): T {
    return JSON.parse(this.json) as T;
  }

  toJSON(): unknown {
    return this.value();
  }
}

/** `data` as it may travel: the value, or its JSON text. */
export type MaybeEncoded<T> = T | EncodedJson<T>;

/** Encodes `value` once, for several frames or threads. */
export const encodeJson = <T>(value: T): EncodedJson<T> => new EncodedJson<T>(JSON.stringify(value));

/** The value of a `MaybeEncoded` (parsed when it is text). */
export const decoded = <T>(data: MaybeEncoded<T>): T => (data instanceof EncodedJson ? data.value() : data);

/**
 * A frame as JSON text. With an encoded `data`, the other fields are encoded and the text is spliced
 * in as the last field (same JSON as `JSON.stringify` of the plain frame, `data` moved last).
 */
export function frameJson(frame: object): string {
  const { data } = frame as { data?: unknown };
  if (!(data instanceof EncodedJson)) return JSON.stringify(frame);
  const rest: Record<string, unknown> = { ...frame };
  delete rest.data;
  const head = JSON.stringify(rest);
  return head === '{}' ? `{"data":${data.json}}` : `${head.slice(0, -1)},"data":${data.json}}`;
}
