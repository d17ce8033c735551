import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RequireAuth } from './guards';
import { PageLoading } from './PageLoading';
import { conversationRoutes } from '@parley/protocol';
import { CONVERSATION_PAGE_SIZE, startEarly } from '../lib/early-request';
import { preloadNamespaces } from '../lib/i18n';
import { getToken } from '../lib/session';
import { paths } from '../lib/paths';
import { RouteError } from './RouteError';

/** Every screen is its own chunk: public pages never download the chat app. */
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const C = lazy(load);
  return (
    <Suspense fallback={<PageLoading />}>
      <C />
    </Suspense>
  );
};
/** A screen whose translation namespaces load together with its chunk, not one per rendered part. */
const pageWith = (ns: readonly string[], load: () => Promise<{ default: ComponentType }>) =>
  page(() => Promise.all([load(), preloadNamespaces(ns)]).then(([mod]) => mod));
/**
 * The chat screen's parts: the list, chat, composer, forward and favorites dialogs, calls, groups,
 * and the conversation tools (quick phrases, custom tabs, helper, pins, reactions).
 */
const MESSAGES_NS = [
  'messages',
  'forward',
  'favorites',
  'rich',
  'calls',
  'groups',
  'friends',
  'picker',
  'chatInfo',
  'quickPhrases',
  'sessionGroups',
  'helper',
  'pins',
  'reactions',
];
const CONTACTS_NS = ['contacts', 'friends', 'groups', 'picker', 'profile', 'calls'];

const suspend = (node: ReactNode) => <Suspense fallback={<PageLoading />}>{node}</Suspense>;

const loadLogin = () => import('../features/auth/LoginPage');
const LOGIN_NS = ['auth', 'public'];
const loadAppLayout = () => import('./layouts/AppLayout');
const loadMessages = () => import('../features/messages/MessagesPage');

/**
 * Starts what the first screen needs (its chunks, its texts, for /messages the conversation list's
 * first page) together with the entry, instead of one after another as each level renders
 * (entry → layout → page → texts → data). The routes' own
 * `import()`s then find the modules loaded. Called once, before the first render.
 */
export function preloadFirstScreen(pathname: string): void {
  const ignore = () => undefined;
  if (pathname === paths.login) {
    loadLogin().catch(ignore);
    preloadNamespaces(LOGIN_NS).catch(ignore);
  } else if (pathname === paths.messages) {
    // The list's first page too: it no longer waits for the chunks and the first render.
    const token = getToken();
    if (token) startEarly(conversationRoutes.list.path, { cursor: 0, count: CONVERSATION_PAGE_SIZE }, token);
    loadAppLayout().catch(ignore);
    loadMessages().catch(ignore);
    preloadNamespaces(MESSAGES_NS).catch(ignore);
  }
}

const GuestLayout = lazy(() => import('./layouts/GuestLayout'));
const AppLayout = lazy(loadAppLayout);
const H5Layout = lazy(() => import('../features/h5/H5Layout'));

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        element: suspend(<GuestLayout />),
        children: [
          { path: paths.home, element: page(() => import('../features/public/HomePage')) },
          { path: paths.about, element: page(() => import('../features/public/AboutPage')) },
          { path: paths.agreement, element: page(() => import('../features/public/AgreementPage')) },
          { path: paths.privacy, element: page(() => import('../features/public/PrivacyPage')) },
          { path: paths.notFound, element: page(() => import('../features/public/NotFoundPage')) },
        ],
      },
      { path: paths.login, element: pageWith(LOGIN_NS, loadLogin) },
      {
        path: '/h5',
        element: suspend(<H5Layout />),
        children: [
          { index: true, element: <Navigate to={paths.h5Level} replace /> },
          { path: 'level', element: page(() => import('../features/h5/LevelPage')) },
          { path: 'qr-confirm', element: page(() => import('../features/h5/QrConfirmPage')) },
          { path: 'group/:groupNumber', element: page(() => import('../features/groups/JoinPage')) },
          { path: '*', element: <Navigate to={paths.notFound} replace /> },
        ],
      },
      {
        element: <RequireAuth>{suspend(<AppLayout />)}</RequireAuth>,
        children: [
          {
            id: 'messages',
            path: paths.messages,
            element: pageWith(MESSAGES_NS, loadMessages),
          },
          {
            id: 'contacts',
            path: paths.contacts,
            element: pageWith(CONTACTS_NS, () => import('../features/contacts/ContactsPage')),
          },
          { path: paths.favorites, element: page(() => import('../features/favorites/FavoritesPage')) },
          { path: paths.moments, element: page(() => import('../features/moments/MomentsPage')) },
          { path: '/moments/:id', element: page(() => import('../features/moments/MomentDetailPage')) },
          { path: paths.member, element: page(() => import('../features/member/MemberPage')) },
          {
            path: paths.settings,
            element: pageWith(['settings'], () => import('../features/settings/SettingsPage')),
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
