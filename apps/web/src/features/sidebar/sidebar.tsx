import {
  Code,
  Database,
  FolderKanban,
  LayoutDashboard,
  type LucideIcon,
  MessageSquarePlus,
  ShieldCheck,
  Star,
  TriangleAlert,
  Upload,
} from 'lucide-react';
import { NavLink } from 'react-router';
import { ContextSelector } from './context-selector.tsx';
import { ConversationList } from './conversation-list.tsx';
import { UserMenu } from './user-menu.tsx';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

export const navItems: NavItem[] = [
  { to: '/chat/new', label: 'New chat', icon: MessageSquarePlus },
  { to: '/editor', label: 'Editor', icon: Code },
  { to: '/favorites', label: 'Favorites', icon: Star },
  { to: '/dashboards', label: 'Dashboards', icon: LayoutDashboard },
  { to: '/databases', label: 'Databases', icon: Database },
  { to: '/projects', label: 'Projects', icon: FolderKanban },
  { to: '/issues', label: 'Issues', icon: TriangleAlert },
  { to: '/control', label: 'Business entities', icon: ShieldCheck },
  { to: '/upload', label: 'Upload', icon: Upload },
];

export function Sidebar({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  return (
    <aside
      data-testid="sidebar"
      data-open={open}
      className={`fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-zinc-200 bg-zinc-50 transition-transform wide:static wide:translate-x-0 dark:border-zinc-800 dark:bg-zinc-900 ${
        open ? 'translate-x-0' : '-translate-x-full'
      }`}
    >
      <div className="px-4 pt-4 pb-2 text-lg font-semibold tracking-tight">Querent</div>
      <div className="px-3 pb-3">
        <ContextSelector />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-2">
        <ul className="flex flex-col gap-0.5">
          {navItems.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                onClick={onNavigate}
                className={({ isActive }) =>
                  `flex items-center gap-2 rounded-md px-2 py-1.5 text-sm ${
                    isActive
                      ? 'bg-zinc-200 font-medium dark:bg-zinc-800'
                      : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800'
                  }`
                }
              >
                <Icon size={16} aria-hidden="true" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
        <ConversationList onNavigate={onNavigate} />
      </nav>
      <div className="border-t border-zinc-200 p-2 dark:border-zinc-800">
        <UserMenu />
      </div>
    </aside>
  );
}
