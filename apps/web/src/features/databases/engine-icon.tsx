import { type Engine, type EngineIconName, type EngineTint, engineDescriptors } from '@querent/contracts';
import { Bird, Cloud, Database, Feather, Fish, type LucideIcon, Snowflake } from 'lucide-react';

const icons: Record<EngineIconName, LucideIcon> = {
  database: Database,
  fish: Fish,
  snowflake: Snowflake,
  feather: Feather,
  cloud: Cloud,
  bird: Bird,
};

// Written out in full so Tailwind finds every class in the source.
const tints: Record<EngineTint, string> = {
  sky: 'bg-sky-100 text-sky-700 dark:bg-sky-950 dark:text-sky-300',
  orange: 'bg-orange-100 text-orange-700 dark:bg-orange-950 dark:text-orange-300',
  cyan: 'bg-cyan-100 text-cyan-700 dark:bg-cyan-950 dark:text-cyan-300',
  blue: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-300',
  indigo: 'bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300',
  amber: 'bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300',
};

/** The engine's symbol in a tinted square; decorative, the display name is always written beside it. */
export function EngineIcon({ engine, size = 18 }: { engine: Engine; size?: number }) {
  const { icon, tint } = engineDescriptors[engine].look;
  const Icon = icons[icon];
  return (
    <span className={`inline-flex shrink-0 items-center justify-center rounded-md p-1.5 ${tints[tint]}`}>
      <Icon size={size} aria-hidden="true" />
    </span>
  );
}

export function engineName(engine: Engine): string {
  return engineDescriptors[engine].displayName;
}
