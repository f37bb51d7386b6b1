/**
 * The small buttons under a message (Copy, Regenerate, Save as verified, Pin to dashboard). A module
 * of its own, without icons: a lazily loaded button that imports it does not pull lucide's icon
 * factory out of the first load into a chunk of its own (about half a kilobyte more).
 */
export const messageActionClass =
  'inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-zinc-600 hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-50 dark:text-zinc-400 dark:hover:bg-zinc-800';
