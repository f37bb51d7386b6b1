import { type Engine, engineCatalog } from '@querent/contracts';
import { Bird, Cloud, Database, Feather, Fish, type LucideIcon, Snowflake } from 'lucide-react';

// Brand logos are not ours to ship; a recognisable symbol and colour per engine is enough to scan a list.
const looks: Record<Engine, { icon: LucideIcon; className: string }> = {
  postgres: { icon: Database, className: 'bg-sky-100 text-sky-700 dark:bg-sky-950 dark:text-sky-300' },
  mysql: { icon: Fish, className: 'bg-orange-100 text-orange-700 dark:bg-orange-950 dark:text-orange-300' },
  snowflake: { icon: Snowflake, className: 'bg-cyan-100 text-cyan-700 dark:bg-cyan-950 dark:text-cyan-300' },
  sqlite: { icon: Feather, className: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-300' },
  bigquery: {
    icon: Cloud,
    className: 'bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300',
  },
  motherduck: { icon: Bird, className: 'bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300' },
};

/** The engine's symbol in a tinted square; decorative, the display name is always written beside it. */
export function EngineIcon({ engine, size = 18 }: { engine: Engine; size?: number }) {
  const { icon: Icon, className } = looks[engine];
  return (
    <span className={`inline-flex shrink-0 items-center justify-center rounded-md p-1.5 ${className}`}>
      <Icon size={size} aria-hidden="true" />
    </span>
  );
}

export function engineName(engine: Engine): string {
  return engineCatalog[engine].displayName;
}
