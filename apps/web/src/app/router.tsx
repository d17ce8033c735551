import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RequireAuth } from './guards';
import { PageLoading } from './PageLoading';
import { preloadNamespaces } from '../lib/i18n';
import { paths } from '../lib/paths';
import { RouteError } from './RouteError';

/** Every screen is its own chunk: public pages never download the chat app (issue 3, item 1). */
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
/** The chat screen's parts: the list, chat, composer, forward and favorites dialogs, calls, groups. */
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
];
const CONTACTS_NS = ['contacts', 'friends', 'groups', 'picker', 'profile', 'calls'];

const suspend = (node: ReactNode) => <Suspense fallback={<PageLoading />}>{node}</Suspense>;

const GuestLayout = lazy(() => import('./layouts/GuestLayout'));
const AppLayout = lazy(() => import('./layouts/AppLayout'));
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
      { path: paths.login, element: page(() => import('../features/auth/LoginPage')) },
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
            element: pageWith(MESSAGES_NS, () => import('../features/messages/MessagesPage')),
          },
          {
            id: 'contacts',
            path: paths.contacts,
            element: pageWith(CONTACTS_NS, () => import('../features/contacts/ContactsPage')),
          },
          { path: paths.favorites, element: page(() => import('../features/favorites/FavoritesPage')) },
          { path: paths.moments, element: page(() => import('../features/placeholder/MomentsPage')) },
          { path: '/moments/:id', element: page(() => import('../features/placeholder/MomentDetailPage')) },
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
