/** The same "Loading…" index.html shows, kept while the first route's guards and data load. */
export function BootPlaceholder() {
  return (
    <div className="boot-placeholder" role="status" aria-live="polite">
      <span className="boot-spinner" aria-hidden="true" />
      <span>Loading…</span>
    </div>
  );
}
