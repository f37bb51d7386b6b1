import { type Engine, engineDescriptors, engines } from '@querent/contracts';
import { EngineIcon, engineName } from './engine-icon.tsx';

/** Step 1 of the setup funnel: one card per engine. */
export function EnginePicker({ onPick }: { onPick: (engine: Engine) => void }) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {engines.map((engine) => (
        <li key={engine}>
          <button
            type="button"
            aria-label={engineName(engine)}
            aria-describedby={`engine-blurb-${engine}`}
            onClick={() => onPick(engine)}
            className="flex w-full items-center gap-3 rounded-lg border border-zinc-200 bg-white p-4 text-left shadow-xs transition hover:border-indigo-400 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-indigo-500"
          >
            <EngineIcon engine={engine} size={22} />
            <span className="flex flex-col">
              <span className="font-medium">{engineName(engine)}</span>
              <span id={`engine-blurb-${engine}`} className="text-xs text-zinc-500 dark:text-zinc-400">
                {engineDescriptors[engine].summary}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
