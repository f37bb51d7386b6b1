import { useMutation, useQuery } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';
import { inputClass, secondaryButtonClass } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { notify } from '../../stores/notifications-store.ts';

const choices: { label: string; value: string }[] = [
  { label: 'Server default', value: 'default' },
  { label: 'Off', value: '0' },
  { label: 'Every hour', value: '60' },
  { label: 'Every day', value: '1440' },
  { label: 'Every week', value: '10080' },
];

function describeDefault(minutes: number): string {
  if (minutes === 0) return 'off';
  const known = choices.find((choice) => choice.value === String(minutes));
  return known ? known.label.toLowerCase() : `every ${minutes} minutes`;
}

/**
 * Keeping the context's checks up to date: run them all now, and how often they run by
 * themselves (the database's own schedule, or the server's default).
 */
export function QualityControls({ contextId }: { contextId: string }) {
  const { api, queryClient } = useServices();
  const schedule = useQuery({
    queryKey: queryKeys.qualitySchedule(contextId),
    queryFn: () => api.quality.schedule(contextId),
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.businessEntitiesRoot }),
      queryClient.invalidateQueries({ queryKey: queryKeys.issuesRoot }),
      queryClient.invalidateQueries({ queryKey: queryKeys.qualitySchedule(contextId) }),
    ]);
  const runAll = useMutation({
    mutationFn: () => api.quality.runAll(contextId),
    onSuccess: refresh,
    onError: (error) =>
      notify({
        group: 'quality',
        type: 'error',
        title: 'Could not run the checks',
        text: errorMessage(error),
      }),
  });
  const setSchedule = useMutation({
    mutationFn: (every: number | null) => api.quality.setSchedule(contextId, every),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.qualitySchedule(contextId), saved),
    onError: (error) =>
      notify({
        group: 'quality',
        type: 'error',
        title: 'Could not change the schedule',
        text: errorMessage(error),
      }),
  });
  const current = schedule.data;
  const value =
    current?.every_minutes === null || current === undefined ? 'default' : String(current.every_minutes);

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={runAll.isPending}
        onClick={() => runAll.mutate()}
      >
        <Play size={14} aria-hidden="true" />
        {runAll.isPending ? 'Running checks…' : 'Run checks'}
      </button>
      <label className="flex items-center gap-2">
        <span className="text-zinc-600 dark:text-zinc-400">Checks run</span>
        <select
          aria-label="Check schedule"
          value={choices.some((choice) => choice.value === value) ? value : 'default'}
          disabled={setSchedule.isPending || current === undefined}
          onChange={(event) =>
            setSchedule.mutate(event.target.value === 'default' ? null : Number(event.target.value))
          }
          className={`${inputClass} w-auto`}
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.value === 'default' && current
                ? `Server default (${describeDefault(current.default_minutes)})`
                : choice.label}
            </option>
          ))}
        </select>
      </label>
      {current?.last_run_at ? (
        <span className="text-xs text-zinc-500">
          Last run {new Date(current.last_run_at).toLocaleString()}
        </span>
      ) : null}
    </div>
  );
}
