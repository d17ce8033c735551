import type { ErrorName } from '@parley/protocol';
import { fail } from '../lib/errors.js';

/**
 * Authorization as data (docs/architecture.md "Layers on the server"): a policy maps each action of a domain to a
 * pure rule `(actor, resource) → true | the error to answer`. Services load the facts a rule needs
 * (the resource), then `authorize` — they never re-derive "who may do X" inline.
 */
export interface Actor {
  userId: number;
}

export type Decision = true | ErrorName;
export type Rule<R> = (actor: Actor, resource: R) => Decision;
export type Policy = Record<string, Rule<never>>;

type ResourceOf<P extends Policy, A extends keyof P> = P[A] extends Rule<infer R> ? R : never;

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
): Decision {
  return (policy[action] as Rule<ResourceOf<P, A>>)(actor, resource);
}

export function can<P extends Policy, A extends keyof P & string>(
  policy: P,
  action: A,
  actor: Actor,
  resource: ResourceOf<P, A>,
): boolean {
  return decide(policy, action, actor, resource) === true;
}

/** Throws the rule's error (with its catalogue code and text) unless the actor may act. */
export function authorize<P extends Policy, A extends keyof P & string>(
  policy: P,
  action: A,
  actor: Actor,
  resource: ResourceOf<P, A>,
): void {
  const decision = decide(policy, action, actor, resource);
  if (decision !== true) throw fail(decision);
}
