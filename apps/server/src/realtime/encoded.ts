/**
 * A frame's `data` already encoded as JSON (docs/decisions/007-encoded-once-ack-carries-message.md). The send thread
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
  // The other fields one by one (a copy without `data` cost a spread and a `delete`, which turns the
  // copy into a slow dictionary object, on every frame of every message).
  let head = '{';
  for (const key in frame) {
    if (key === 'data' || !Object.hasOwn(frame, key)) continue;
    const value = JSON.stringify((frame as Record<string, unknown>)[key]);
    if (value === undefined) continue;
    head += `${head === '{' ? '' : ','}${JSON.stringify(key)}:${value}`;
  }
  return `${head}${head === '{' ? '' : ','}"data":${data.json}}`;
}
