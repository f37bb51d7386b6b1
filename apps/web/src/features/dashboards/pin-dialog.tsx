import { useDashboardsApi } from './use-dashboards-api.ts';
import { dashboardKeys } from './dashboard-keys.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type SyntheticEvent, useEffect, useId, useRef, useState } from 'react';
import { useServices } from '../../app/services-context.tsx';
import { wrapTab } from '../../components/confirm-dialog.tsx';
import { FormField, inputClass, secondaryButtonClass } from '../../components/form-field.tsx';
import { buttonClass } from '../../components/page.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { notify } from '../../stores/notifications-store.ts';
import type { AnswerPin } from '../chat/answer-pin.ts';
import { answerTitle } from '../chat/answer-title.ts';

const newDashboard = 'new';

/**
 * Pins an answer's table or chart: its SQL is saved as a query (with the question it answers),
 * then pinned, with its chart, to a dashboard the user picks among those they may change, or to
 * a new one. A native modal dialog, as the confirmations are: Escape and the backdrop close it.
 */
export function PinDialog({
  pin,
  question,
  databaseId,
  onClose,
}: {
  pin: AnswerPin;
  question: string | null;
  databaseId: string;
  onClose: () => void;
}) {
  const { api } = useServices();
  const dashboardsApi = useDashboardsApi();
  const queryClient = useQueryClient();
  const titleId = useId();
  const choiceName = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const dashboards = useQuery({ queryKey: dashboardKeys.list, queryFn: () => dashboardsApi.list() });
  const mine = (dashboards.data ?? []).filter((dashboard) => dashboard.abilities.edit);
  const [choice, setChoice] = useState<string | null>(null);
  const target = choice ?? mine[0]?.id ?? newDashboard;
  const [name, setName] = useState('My dashboard');
  const [title, setTitle] = useState(question ? answerTitle(question) : 'Pinned answer');

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    return () => {
      if (element.open) element.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const pinIt = useMutation({
    mutationFn: async () => {
      const tileTitle = title.trim() || 'Pinned answer';
      const saved = await api.queries.create({
        title: tileTitle,
        sql: pin.sql,
        databaseId,
        ...(question ? { question: question.slice(0, 2000) } : {}),
      });
      const dashboardId =
        target === newDashboard ? (await dashboardsApi.create({ name: name.trim() })).id : target;
      return dashboardsApi.addTile(dashboardId, {
        savedQueryId: saved.id,
        title: tileTitle,
        ...(pin.chart ? { chart: pin.chart } : {}),
      });
    },
    onSuccess: (dashboard) => {
      queryClient.setQueryData(dashboardKeys.dashboard(dashboard.id), dashboard);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.list });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.data(dashboard.id) });
      notify({
        group: 'dashboards',
        type: 'success',
        title: `Pinned to ${dashboard.name}`,
        action: { label: 'Open dashboard', to: `/dashboards/${encodeURIComponent(dashboard.id)}` },
      });
      onClose();
    },
  });

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (target === newDashboard && name.trim() === '') return;
    pinIt.mutate();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab') {
      wrapTab(event);
    }
  }

  function onNativeCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    onClose();
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={onNativeCancel}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/40 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <form className="flex flex-col gap-4 p-5" onSubmit={onSubmit}>
        <h2 id={titleId} className="text-lg font-semibold">
          Pin to dashboard
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          The answer’s SQL is saved as a query{pin.chart ? ' and its chart is kept' : ''}; the tile runs it
          again whenever the dashboard is opened.
        </p>
        <FormField label="Tile title" required>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              value={title}
              maxLength={200}
              onChange={(event) => setTitle(event.target.value)}
            />
          )}
        </FormField>
        <fieldset className="flex flex-col gap-1.5 text-sm">
          <legend className="mb-1 font-medium">Dashboard</legend>
          {dashboards.isPending ? <p role="status">Loading dashboards…</p> : null}
          {mine.map((dashboard) => (
            <label key={dashboard.id} className="flex items-center gap-2">
              <input
                type="radio"
                name={choiceName}
                checked={target === dashboard.id}
                onChange={() => setChoice(dashboard.id)}
              />
              {dashboard.name}
            </label>
          ))}
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={choiceName}
              checked={target === newDashboard}
              onChange={() => setChoice(newDashboard)}
            />
            A new dashboard
          </label>
        </fieldset>
        {target === newDashboard ? (
          <FormField label="New dashboard’s name" required>
            {(control) => (
              <input
                {...control}
                className={inputClass}
                value={name}
                maxLength={200}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </FormField>
        ) : null}
        {pinIt.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorMessage(pinIt.error)}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButtonClass} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass} disabled={pinIt.isPending}>
            {pinIt.isPending ? 'Pinning…' : 'Pin'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
