import { Menu } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { BootPlaceholder } from '../components/boot-placeholder.tsx';
import { useQualityProgress } from '../features/business-entities/use-quality-progress.ts';
import { useGestures } from '../features/gestures/use-gestures.ts';
import { Sidebar } from '../features/sidebar/sidebar.tsx';
import { useSocketStore } from '../stores/socket-store.ts';

/**
 * Sidebar and content. On narrow screens the sidebar is off-canvas: a right swipe or the menu
 * button opens it, a left swipe, the backdrop or following a link closes it.
 */
export function DefaultLayout() {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useQualityProgress();
  // Whether the live connection is up: it opens just after the page loads and the disconnected
  // banner waits out a grace period, so this is what says a question can be sent now.
  const connected = useSocketStore((state) => state.connected);
  useGestures(root, {
    onGesture: (gesture) => {
      if (gesture === 'swiperight') setSidebarOpen(true);
      else if (gesture === 'swipeleft') setSidebarOpen(false);
    },
  });

  return (
    <div
      ref={root}
      data-testid="default-layout"
      data-socket={connected ? 'connected' : 'disconnected'}
      className="flex h-dvh overflow-hidden"
    >
      <Sidebar open={sidebarOpen} onNavigate={() => setSidebarOpen(false)} />
      {sidebarOpen ? (
        <button
          type="button"
          aria-label="Close menu"
          className="fixed inset-0 z-30 bg-black/40 wide:hidden"
          onClick={() => setSidebarOpen(false)}
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center gap-2 border-b border-zinc-200 px-3 py-2 wide:hidden dark:border-zinc-800">
          <button
            type="button"
            aria-label="Open menu"
            aria-expanded={sidebarOpen}
            className="rounded-md p-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800"
            onClick={() => setSidebarOpen(true)}
          >
            <Menu size={20} aria-hidden="true" />
          </button>
          <span className="font-semibold">Querent</span>
        </header>
        <main className="min-h-0 flex-1 overflow-y-auto">
          <Suspense fallback={<BootPlaceholder />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
