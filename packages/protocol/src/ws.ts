import { z } from 'zod';
import type { helloSchema } from './contract/events.js';
import { textField } from './fields.js';

/** Server → client frame. Numeric types keep their fixed meanings; chat and call events are dotted. */
export interface ServerFrame<T = unknown> {
  type: number | string;
  data: T;
  /**
   * Per-user push sequence (see `hello.seq`); absent on connection-level frames, and on acks but those
   * that stand for a pushed event (see `AckFrame.seq`).
   */
  seq?: number;
}

/**
 * Client → server frame: carries an id (a string, or a JSON integer: echoed in the ack as sent)
 * and gets an ack. Strings in `data` are checked by each type's schema, built from the same fields.
 */
export const clientFrame = z.object({
  id: z.union([textField('id', { max: 64, min: 1, trim: false }), z.number().int()], {
    error: 'id格式不正确',
  }),
  type: textField('type', { max: 64, min: 1, trim: false }),
  data: z.unknown().optional(),
});
export type ClientFrame = z.infer<typeof clientFrame>;

export interface AckFrame<T = unknown> {
  type: 'ack';
  id: string | number | null;
  code: number;
  msg: string;
  data: T;
  /**
   * The push sequence of an event this frame caused for its own user, which this socket does not get
   * separately: a `message.send` ack stands for the sending tab's copy of `message.new` (the user's
   * other tabs get that frame, with this sequence). A client counts it as seen; frames with later
   * sequences may arrive before the ack.
   */
  seq?: number;
}

/** Error frame for a frame that could not be read at all (no id to ack). */
export interface ErrorFrame {
  type: 'error';
  code: number;
  msg: string;
}

/** Sent as the first frame of every socket. */
export interface HelloFrame {
  type: 'hello';
  data: z.output<typeof helloSchema>;
}
