import { chartTypes } from '@querent/contracts';
import { ChartArea, ChartColumn, ChartLine, ChartPie, ChartScatter } from 'lucide-react';
import { useId } from 'react';
import type { ChartConfig, ChartType, ResultColumn } from '../../api/query-types.ts';
import { inputClass } from '../../components/form-field.tsx';

const typeLooks: Record<ChartType, { label: string; icon: typeof ChartColumn }> = {
  bar: { label: 'Bar', icon: ChartColumn },
  line: { label: 'Line', icon: ChartLine },
  area: { label: 'Area', icon: ChartArea },
  pie: { label: 'Pie', icon: ChartPie },
  scatter: { label: 'Scatter', icon: ChartScatter },
};

const selectClass = `${inputClass} py-1`;

/**
 * The chart's settings: its type, the x column, the value (y) columns and an optional series
 * column that splits the first value into one line, bar or point group per distinct value.
 */
export function ChartControls({
  config,
  columns,
  onChange,
}: {
  config: ChartConfig;
  columns: readonly ResultColumn[];
  onChange: (config: ChartConfig) => void;
}) {
  const id = useId();
  const single = config.type === 'pie' || Boolean(config.series);

  const toggleY = (name: string, checked: boolean) => {
    if (single) {
      onChange({ ...config, y: [name] });
      return;
    }
    const next = checked ? [...config.y, name] : config.y.filter((item) => item !== name);
    // Keep the result's column order, whatever order they were ticked in.
    onChange({
      ...config,
      y: columns.map((column) => column.name).filter((column) => next.includes(column)),
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <div role="radiogroup" aria-label="Chart type" className="flex flex-wrap gap-1">
        {chartTypes.map((type) => {
          const { label, icon: Icon } = typeLooks[type];
          const checked = config.type === type;
          return (
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={checked}
              onClick={() =>
                onChange({ ...config, type, y: type === 'pie' ? config.y.slice(0, 1) : config.y })
              }
              className={`inline-flex items-center gap-1.5 rounded-md border px-2.5 py-1 text-sm ${
                checked
                  ? 'border-indigo-500 bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300'
                  : 'border-zinc-300 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800'
              }`}
            >
              <Icon size={14} aria-hidden="true" />
              {label}
            </button>
          );
        })}
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-x`} className="text-sm font-medium">
            {config.type === 'pie' ? 'Labels' : 'X axis'}
          </label>
          <select
            id={`${id}-x`}
            value={config.x}
            onChange={(event) => onChange({ ...config, x: event.target.value })}
            className={selectClass}
          >
            {columns.map((column) => (
              <option key={column.name} value={column.name}>
                {column.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-series`} className="text-sm font-medium">
            Series <span className="font-normal text-zinc-500">(optional)</span>
          </label>
          <select
            id={`${id}-series`}
            value={config.series ?? ''}
            disabled={config.type === 'pie'}
            onChange={(event) => {
              const series = event.target.value || null;
              onChange({ ...config, series, y: series ? config.y.slice(0, 1) : config.y });
            }}
            className={selectClass}
          >
            <option value="">None</option>
            {columns
              .filter((column) => column.name !== config.x)
              .map((column) => (
                <option key={column.name} value={column.name}>
                  {column.name}
                </option>
              ))}
          </select>
        </div>
      </div>

      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">
          {config.type === 'pie' ? 'Slice size' : single ? 'Value' : 'Values (Y axis)'}
        </legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {columns
            .filter((column) => column.name !== config.x && column.name !== config.series)
            .map((column) => (
              <label key={column.name} className="inline-flex items-center gap-1.5 text-sm">
                <input
                  type={single ? 'radio' : 'checkbox'}
                  name={`${id}-y`}
                  checked={config.y.includes(column.name)}
                  onChange={(event) => toggleY(column.name, event.target.checked)}
                />
                {column.name}
              </label>
            ))}
        </div>
      </fieldset>
    </div>
  );
}
