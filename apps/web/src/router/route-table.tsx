import { type ComponentType, lazy } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import type { Services } from '../app/services.ts';
import { loadSavedQuery } from '../features/queries/load-saved-query.ts';
import { ChatPage } from '../pages/chat-page.tsx';
import { ControlPage } from '../pages/control-page.tsx';
import { LoginPage } from '../pages/login-page.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { PrivacyPage } from '../pages/privacy-page.tsx';
import { ProfilePage } from '../pages/profile-page.tsx';
import { SubscribePage } from '../pages/subscribe-page.tsx';
import { UploadPage } from '../pages/upload-page.tsx';
import { UserPage } from '../pages/user-page.tsx';
import { WelcomePage } from '../pages/welcome-page.tsx';
import type { RouteMeta } from './route-meta.ts';

// The SQL editor will carry CodeMirror; it is a chunk of its own so /chat/new never loads it.
const EditorPage = lazy(() =>
  import('../pages/editor-page.tsx').then((module) => ({ default: module.EditorPage })),
);

// Favourites preview results in the grid and in charts; both stay out of the first load.
const FavoritesPage = lazy(() =>
  import('../pages/favorites-page.tsx').then((module) => ({ default: module.FavoritesPage })),
);

// The issue list and its inline editing are only needed on /issues.
const IssuesPage = lazy(() =>
  import('../pages/issues-page.tsx').then((module) => ({ default: module.IssuesPage })),
);

// Connection forms, the schema browser and the table picker are only needed on their own screens.
const DatabasesPage = lazy(() =>
  import('../pages/databases-page.tsx').then((module) => ({ default: module.DatabasesPage })),
);
const DatabaseEditPage = lazy(() =>
  import('../pages/database-edit-page.tsx').then((module) => ({ default: module.DatabaseEditPage })),
);
const DatabaseMemoryPage = lazy(() =>
  import('../pages/database-memory-page.tsx').then((module) => ({ default: module.DatabaseMemoryPage })),
);
const SetupPage = lazy(() =>
  import('../pages/setup-page.tsx').then((module) => ({ default: module.SetupPage })),
);
const ProjectsPage = lazy(() =>
  import('../pages/projects-page.tsx').then((module) => ({ default: module.ProjectsPage })),
);
const ProjectEditPage = lazy(() =>
  import('../pages/project-edit-page.tsx').then((module) => ({ default: module.ProjectEditPage })),
);

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
