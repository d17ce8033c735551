/** Who acts on a call and from which socket connection (frames carry both). */
export interface CallActor {
  userId: number;
  connectionId: string;
}

/** A holder tab pings every 5 s; silent this long, another tab of the same user may take the call over. */
export const REBIND_AFTER_MS = 8000;
