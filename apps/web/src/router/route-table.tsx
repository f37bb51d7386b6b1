import type { ComponentType } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import type { Services } from '../app/services.ts';
import { loadSavedQuery } from '../features/queries/load-saved-query.ts';
import { ChatPage } from '../pages/chat-page.tsx';
import { lazyPage } from './lazy-page.ts';
import type { RouteMeta } from './route-meta.ts';

// Only the chat is in the first load: every other page is a chunk of its own, fetched when its
// route is first entered. The SQL editor carries CodeMirror, favourites the grid and charts, the
// database screens the connection forms and schema browser; the rest are small but add up.
const WelcomePage = lazyPage(() => import('../pages/welcome-page.tsx'), 'WelcomePage');
const LoginPage = lazyPage(() => import('../pages/login-page.tsx'), 'LoginPage');
const SetupPage = lazyPage(() => import('../pages/setup-page.tsx'), 'SetupPage');
const SubscribePage = lazyPage(() => import('../pages/subscribe-page.tsx'), 'SubscribePage');
const EditorPage = lazyPage(() => import('../pages/editor-page.tsx'), 'EditorPage');
const UploadPage = lazyPage(() => import('../pages/upload-page.tsx'), 'UploadPage');
const FavoritesPage = lazyPage(() => import('../pages/favorites-page.tsx'), 'FavoritesPage');
const DatabasesPage = lazyPage(() => import('../pages/databases-page.tsx'), 'DatabasesPage');
const DatabaseEditPage = lazyPage(() => import('../pages/database-edit-page.tsx'), 'DatabaseEditPage');
const DatabaseMemoryPage = lazyPage(() => import('../pages/database-memory-page.tsx'), 'DatabaseMemoryPage');
const DatabaseSemanticModelPage = lazyPage(
  () => import('../pages/database-semantic-model-page.tsx'),
  'DatabaseSemanticModelPage',
);
const IssuesPage = lazyPage(() => import('../pages/issues-page.tsx'), 'IssuesPage');
const PrivacyPage = lazyPage(() => import('../pages/privacy-page.tsx'), 'PrivacyPage');
const ProjectsPage = lazyPage(() => import('../pages/projects-page.tsx'), 'ProjectsPage');
const ProjectEditPage = lazyPage(() => import('../pages/project-edit-page.tsx'), 'ProjectEditPage');
const UserPage = lazyPage(() => import('../pages/user-page.tsx'), 'UserPage');
const ControlPage = lazyPage(() => import('../pages/control-page.tsx'), 'ControlPage');
const ProfilePage = lazyPage(() => import('../pages/profile-page.tsx'), 'ProfilePage');
// The list and a dashboard share one chunk: whoever opens one mostly opens the other.
const loadDashboards = () => import('../pages/dashboards-pages.ts');
const DashboardsPage = lazyPage(loadDashboards, 'DashboardsPage');
const DashboardPage = lazyPage(loadDashboards, 'DashboardPage');
const PublicDashboardPage = lazyPage(loadDashboards, 'PublicDashboardPage');
const NotFoundPage = lazyPage(() => import('../pages/not-found-page.tsx'), 'NotFoundPage');

export interface AppRoute {
  path: string;
  /** A route without a name draws nothing. */
  name?: string;
  meta: RouteMeta;
  Component?: ComponentType;
  /** Redirect routes go here without running the guards; the target runs them. */
  redirectTo?: string;
  /** Data the screen needs before it is entered; runs after the guards. */
  load?: (args: LoaderFunctionArgs, services: Services) => Promise<unknown>;
}

const empty: RouteMeta = { layout: 'empty' };
const standard: RouteMeta = { layout: 'default' };

/** Every route of the app, in one table. */
export const routeTable: AppRoute[] = [
  { path: '/', name: 'Home', meta: standard, redirectTo: '/chat/new' },
  { path: '/welcome', name: 'Welcome', meta: empty, Component: WelcomePage },
  { path: '/login', name: 'Login', meta: { ...empty, guestOnly: true }, Component: LoginPage },
  { path: '/setup', name: 'Setup', meta: empty, Component: SetupPage },
  { path: '/subscribe', name: 'Subscribe', meta: empty, Component: SubscribePage },
  { path: '/chat/new', name: 'NewChat', meta: standard, Component: ChatPage },
  { path: '/chat/:id', name: 'Chat', meta: standard, Component: ChatPage },
  {
    path: '/editor',
    name: 'Editor',
    meta: standard,
    Component: EditorPage,
    load: () => Promise.resolve({ query: null }),
  },
  {
    path: '/query/:id',
    name: 'Query',
    meta: standard,
    Component: EditorPage,
    load: ({ params }, services) => loadSavedQuery(params.id, services),
  },
  { path: '/upload', name: 'Upload', meta: standard, Component: UploadPage },
  { path: '/favorites', name: 'Favorites', meta: standard, Component: FavoritesPage },
  { path: '/databases', name: 'Databases', meta: standard, Component: DatabasesPage },
  { path: '/databases/new', name: 'DatabaseNew', meta: empty, Component: SetupPage },
  { path: '/databases/:id', name: 'DatabaseEdit', meta: standard, Component: DatabaseEditPage },
  { path: '/databases/:id/memory', name: 'DatabaseMemory', meta: standard, Component: DatabaseMemoryPage },
  {
    path: '/databases/:id/semantic-model',
    name: 'DatabaseSemanticModel',
    meta: standard,
    Component: DatabaseSemanticModelPage,
  },
  { path: '/dashboards', name: 'Dashboards', meta: standard, Component: DashboardsPage },
  { path: '/dashboards/:id', name: 'Dashboard', meta: standard, Component: DashboardPage },
  // A public link's page: no sign-in asked, the bare screen.
  {
    path: '/public/dashboards/:token',
    name: 'PublicDashboard',
    meta: { ...empty, guestOnly: true },
    Component: PublicDashboardPage,
  },
  { path: '/issues', name: 'Issues', meta: standard, Component: IssuesPage },
  { path: '/privacy', name: 'Privacy', meta: standard, Component: PrivacyPage },
  { path: '/projects', name: 'Projects', meta: standard, Component: ProjectsPage },
  { path: '/projects/new', name: 'ProjectNew', meta: standard, Component: ProjectEditPage },
  { path: '/projects/:id', name: 'ProjectEdit', meta: standard, Component: ProjectEditPage },
  { path: '/user', name: 'User', meta: standard, Component: UserPage },
  { path: '/control', name: 'Control', meta: { ...standard, requiresAuth: true }, Component: ControlPage },
  { path: '/profile', name: 'Profile', meta: standard, Component: ProfilePage },
  { path: '/logged', name: 'Logged', meta: standard, redirectTo: '/' },
  { path: '*', name: 'NotFound', meta: { ...empty, guestOnly: true }, Component: NotFoundPage },
];
