import { adminRoutes } from './admin.routes.js';
import { adminSchemas } from './admin.js';
import { authRoutes } from './auth.routes.js';
import { authSchemas } from './auth.js';
import { callRoutes } from './calls.routes.js';
import { callSchemas } from './calls.js';
import { conversationRoutes } from './conversations.routes.js';
import { conversationSchemas } from './conversations.js';
import type { BodyIn, DataOf, RouteMeta, RouteSchemas } from './define.js';
import { favoriteRoutes } from './favorites.routes.js';
import { favoriteSchemas } from './favorites.js';
import { forwardRoutes } from './forward.routes.js';
import { forwardSchemas } from './forward.js';
import { friendRoutes } from './friends.routes.js';
import { friendSchemas } from './friends.js';
import { groupMessageRoutes } from './group-messages.routes.js';
import { groupMessageSchemas } from './group-messages.js';
import { groupInvitationRoutes } from './group-invitations.routes.js';
import { groupInvitationSchemas } from './group-invitations.js';
import { groupRoutes } from './groups.routes.js';
import { groupSchemas } from './groups.js';
import { membershipRoutes } from './membership.routes.js';
import { membershipSchemas } from './membership.js';
import { reportRoutes } from './reports.routes.js';
import { reportSchemas } from './reports.js';
import { messageRoutes } from './messages.routes.js';
import { messageSchemas } from './messages.js';
import { momentRoutes } from './moments.routes.js';
import { momentSchemas } from './moments.js';
import { helperRoutes } from './helper.routes.js';
import { helperSchemas } from './helper.js';
import { pinRoutes } from './pins.routes.js';
import { pinSchemas } from './pins.js';
import { reactionRoutes } from './reactions.routes.js';
import { reactionSchemas } from './reactions.js';
import { quickPhraseRoutes } from './quick-phrases.routes.js';
import { quickPhraseSchemas } from './quick-phrases.js';
import { sessionGroupRoutes } from './session-groups.routes.js';
import { sessionGroupSchemas } from './session-groups.js';
import { tagRoutes } from './tags.routes.js';
import { tagSchemas } from './tags.js';
import { uploadRoutes } from './uploads.routes.js';
import { uploadSchemas } from './uploads.js';
import { systemRoutes } from './system.routes.js';
import { systemSchemas } from './system.js';
import { translationRoutes } from './translation.routes.js';
import { translationSchemas } from './translation.js';
import { userRoutes } from './users.routes.js';
import { userSchemas } from './users.js';

export * from './define.js';
export * from './events.js';
export { FAVORITES_PAGE, favoriteTypes } from './favorites.routes.js';
export type { Favorite, FavoriteAddBody } from './favorites.js';
export { ForwardLimits } from './forward.routes.js';
export type { ForwardBody } from './forward.js';
// The web entry asks for the first conversation page itself (before the chat code loads).
export { conversationRoutes } from './conversations.routes.js';
export {
  MOMENTS_PAGE,
  MomentLimits,
  MomentNoticeType,
  MomentVisibility,
  momentVisibilities,
} from './moments.routes.js';
export type { MomentAddBody } from './moments.js';

/** Every REST route by domain and name: method, path, auth (zod-free; see define.ts). */
export const routes = {
  system: systemRoutes,
  auth: authRoutes,
  users: userRoutes,
  friends: friendRoutes,
  tags: tagRoutes,
  uploads: uploadRoutes,
  messages: messageRoutes,
  forward: forwardRoutes,
  favorites: favoriteRoutes,
  conversations: conversationRoutes,
  groups: groupRoutes,
  groupMessages: groupMessageRoutes,
  groupInvitations: groupInvitationRoutes,
  reports: reportRoutes,
  calls: callRoutes,
  translation: translationRoutes,
  membership: membershipRoutes,
  moments: momentRoutes,
  quickPhrases: quickPhraseRoutes,
  sessionGroups: sessionGroupRoutes,
  helper: helperRoutes,
  pins: pinRoutes,
  reactions: reactionRoutes,
  admin: adminRoutes,
} as const;

/** The schemas of every route, under the same domain and name as `routes`. */
export const schemas = {
  system: systemSchemas,
  auth: authSchemas,
  users: userSchemas,
  friends: friendSchemas,
  tags: tagSchemas,
  uploads: uploadSchemas,
  messages: messageSchemas,
  forward: forwardSchemas,
  favorites: favoriteSchemas,
  conversations: conversationSchemas,
  groups: groupSchemas,
  groupMessages: groupMessageSchemas,
  groupInvitations: groupInvitationSchemas,
  reports: reportSchemas,
  calls: callSchemas,
  translation: translationSchemas,
  membership: membershipSchemas,
  moments: momentSchemas,
  quickPhrases: quickPhraseSchemas,
  sessionGroups: sessionGroupSchemas,
  helper: helperSchemas,
  pins: pinSchemas,
  reactions: reactionSchemas,
  admin: adminSchemas,
} as const satisfies { [D in keyof typeof routes]: { [K in keyof (typeof routes)[D]]: RouteSchemas } };

export type Routes = typeof routes;
export type Schemas = typeof schemas;
export type Domain = keyof Routes;
export type RouteName<D extends Domain> = keyof Routes[D] & keyof Schemas[D] & string;
type SchemaAt<D extends Domain, K extends RouteName<D>> = Schemas[D][K] extends RouteSchemas
  ? Schemas[D][K]
  : never;
/** The JSON body a route accepts. */
export type RouteBody<D extends Domain, K extends RouteName<D>> = BodyIn<SchemaAt<D, K>>;
/** The `data` of a route's successful answer. */
export type RouteData<D extends Domain, K extends RouteName<D>> = DataOf<SchemaAt<D, K>>;

export interface ContractEntry {
  domain: string;
  name: string;
  meta: RouteMeta;
  schemas: RouteSchemas;
}

/** Every route with its schemas, for the server's registration and the docs check. */
export function contractEntries(): ContractEntry[] {
  const out: ContractEntry[] = [];
  for (const [domain, table] of Object.entries(routes) as [Domain, Record<string, RouteMeta>][]) {
    const forDomain = schemas[domain] as Record<string, RouteSchemas>;
    for (const [name, meta] of Object.entries(table)) {
      out.push({ domain, name, meta, schemas: forDomain[name]! });
    }
  }
  return out;
}
