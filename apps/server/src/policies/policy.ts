import type { ErrorName, LocalizedText } from '@parley/protocol';
import { fail } from '../lib/errors.js';

/**
 * Authorization as data (docs/architecture.md "Layers on the server"): a policy maps each action of a domain to a
 * pure rule `(actor, resource) → true | the error to answer`. Services load the facts a rule needs
 * (the resource), then `authorize` — they never re-derive "who may do X" inline.
 */
export interface Actor {
  userId: number;
}

/** A refusal whose catalogue entry is answered with a more specific text (protocol `ErrorDetails`). */
export interface DetailedRefusal {
  error: ErrorName;
  detail: LocalizedText;
}

export type Decision = true | ErrorName;
/** What a rule may answer: allowed, an error name, or an error with a more specific text. */
export type AnyDecision = Decision | DetailedRefusal;
export type Rule<R> = (actor: Actor, resource: R) => AnyDecision;
export type Policy = Record<string, Rule<never>>;

type ResourceOf<P extends Policy, A extends keyof P> = P[A] extends Rule<infer R> ? R : never;
/** What a rule answers: `true` or the refusals it declares (most rules: error names only). */
type DecisionOf<P extends Policy, A extends keyof P> = ReturnType<P[A]>;

/** Declares a domain's rules (keeps each rule's resource type). */
export function definePolicy<P extends { [action: string]: Rule<never> }>(rules: P): P {
  return rules;
}

/** The decision of `policy` on `action` (true = allowed). */
export function decide<P extends Policy, A extends keyof P & string>(
  policy: P,
  action: A,
  actor: Actor,
  resource: ResourceOf<P, A>,
): DecisionOf<P, A> {
  return (policy[action] as Rule<ResourceOf<P, A>>)(actor, resource) as DecisionOf<P, A>;
}

/** The error a refusal answers (`field`: the request field it is about). */
export function refusalError(decision: Exclude<AnyDecision, true>, field?: string) {
  const data = field === undefined ? undefined : { field };
  return typeof decision === 'string'
    ? fail(decision, undefined, data)
    : fail(decision.error, decision.detail, data);
}

export function can<P extends Policy, A extends keyof P & string>(
  policy: P,
  action: A,
  actor: Actor,
  resource: ResourceOf<P, A>,
): boolean {
  return decide(policy, action, actor, resource) === true;
}

/**
 * Throws the rule's error (with its catalogue code and text) unless the actor may act; `field`
 * names the request field the refusal is about (the envelope's `data.field`).
 */
export function authorize<P extends Policy, A extends keyof P & string>(
  policy: P,
  action: A,
  actor: Actor,
  resource: ResourceOf<P, A>,
  field?: string,
): void {
  const decision = decide(policy, action, actor, resource);
  if (decision !== true) throw refusalError(decision, field);
}
