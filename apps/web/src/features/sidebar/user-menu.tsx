import { LogIn, LogOut, Monitor, Moon, Sun, UserPlus, UserRound, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useServices } from '../../app/services-context.tsx';
import { displayName, isAnonymous } from '../../session/current-user.ts';
import { type ThemePreference, useThemeStore } from '../../stores/theme-store.ts';
import { useUserStore } from '../../stores/user-store.ts';

const themeLabels: Record<ThemePreference, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const themeIcons = { system: Monitor, light: Sun, dark: Moon } as const;

const itemClass =
  'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800';

export function UserMenu() {
  const { session } = useServices();
  const user = useUserStore((state) => state.user);
  const preference = useThemeStore((state) => state.preference);
  const cycleTheme = useThemeStore((state) => state.cycle);
  const [open, setOpen] = useState(false);
  const ThemeIcon = themeIcons[preference];

  return (
    <div className="relative">
      {open ? (
        <div
          role="menu"
          aria-label="User menu"
          className="absolute bottom-full left-0 mb-2 w-full rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          <div className="px-2 py-1.5">
            <p className="truncate text-sm font-medium">{displayName(user)}</p>
            {user.email ? (
              <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{user.email}</p>
            ) : null}
            {user.unlimitedCredits ? null : (
              <p data-testid="credits" className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
                {user.credits} credits
              </p>
            )}
          </div>
          <button type="button" role="menuitem" className={itemClass} onClick={cycleTheme}>
            <ThemeIcon size={16} aria-hidden="true" />
            Theme: {themeLabels[preference]}
          </button>
          {isAnonymous(user) ? (
            // A visitor keeps nothing: signing in (or up) replaces the anonymous session.
            <>
              <button
                type="button"
                role="menuitem"
                className={itemClass}
                onClick={() => void session.goToLogin()}
              >
                <LogIn size={16} aria-hidden="true" />
                Sign in
              </button>
              <button
                type="button"
                role="menuitem"
                className={itemClass}
                onClick={() => void session.signUp()}
              >
                <UserPlus size={16} aria-hidden="true" />
                Sign up
              </button>
            </>
          ) : (
            <>
              <Link role="menuitem" to="/profile" className={itemClass} onClick={() => setOpen(false)}>
                <UserRound size={16} aria-hidden="true" />
                Profile
              </Link>
              {user.abilities.manage_people ? (
                <Link role="menuitem" to="/user" className={itemClass} onClick={() => setOpen(false)}>
                  <Users size={16} aria-hidden="true" />
                  People
                </Link>
              ) : null}
              <button
                type="button"
                role="menuitem"
                className={itemClass}
                onClick={() => void session.logout()}
              >
                <LogOut size={16} aria-hidden="true" />
                Log out
              </button>
            </>
          )}
        </div>
      ) : null}
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        className={itemClass}
        onClick={() => setOpen((value) => !value)}
      >
        {user.profilePictureUrl ? (
          <img src={user.profilePictureUrl} alt="" className="size-6 rounded-full" />
        ) : (
          <UserRound size={16} aria-hidden="true" />
        )}
        <span className="truncate">{displayName(user)}</span>
      </button>
    </div>
  );
}
