/** What a key or a connected app may do: one chip per scope. */
export function ScopeChips({ scopes }: { scopes: readonly string[] }) {
  return scopes.map((scope) => (
    <span key={scope} className="rounded border border-zinc-300 px-1.5 py-0.5 text-xs dark:border-zinc-700">
      {scope}
    </span>
  ));
}
