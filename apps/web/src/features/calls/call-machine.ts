import type { CallState } from './store';

/**
 * The web call engine's states as a table, mirroring the server's call machine
 * (apps/server/src/modules/calls/call.machine.ts): idle → calling (dialing as the caller, or rung as
 * the callee) → connected → idle; a group call's banner joins from idle straight to connected. Each entry says what the state is on arrival (phase, role and the
 * view flags that go with it); `engine.ts` moves only through `transition(event)`.
 */
export type EngineEvent = 'dial' | 'ring' | 'join' | 'connect' | 'end';

type Arrival = Pick<CallState, 'phase'> & Partial<Pick<CallState, 'role' | 'loading'>>;

const TABLE: Record<CallState['phase'], Partial<Record<EngineEvent, Arrival>>> = {
  idle: {
    dial: { phase: 'calling', role: 'caller' },
    ring: { phase: 'calling', role: 'callee' },
    // Joining a group's ongoing call from its banner: on the call at once.
    join: { phase: 'connected', role: 'callee', loading: {} },
    // Ending while already idle (a failed start) resets all the same.
    end: { phase: 'idle' },
  },
  calling: {
    connect: { phase: 'connected', loading: {} },
    end: { phase: 'idle' },
  },
  connected: {
    end: { phase: 'idle' },
  },
};

/** The state `event` leads to from `phase`, or null when the table has no such move (ignored). */
export function next(phase: CallState['phase'], event: EngineEvent): Arrival | null {
  return TABLE[phase][event] ?? null;
}
