import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { BootPlaceholder } from '../components/boot-placeholder.tsx';

/** Bare screens: welcome, login, setup funnel, subscribe, not found. */
export function EmptyLayout() {
  return (
    <main className="min-h-dvh">
      <Suspense fallback={<BootPlaceholder />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
