import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/**
 * Renders into `container` on the next animation frame, so the "Loading…" placeholder that
 * index.html ships inside #root is painted first and stays until then.
 */
export function mountOnNextFrame(
  container: HTMLElement,
  node: ReactNode,
  schedule: (callback: () => void) => unknown = requestAnimationFrame,
): Promise<Root> {
  return new Promise((resolve) => {
    schedule(() => {
      const root = createRoot(container);
      root.render(node);
      resolve(root);
    });
  });
}
