import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { NotificationCard } from '../../components/notification-card.tsx';
import { createPausableTimer, type PausableTimer } from '../../lib/pausable-timer.ts';
import { type AppNotification, STICKY, useNotificationsStore } from '../../stores/notifications-store.ts';

/** One notification: closes itself after its timeout unless sticky; hovering or focus inside holds the timer. */
export function Toast({ notification }: { notification: AppNotification }) {
  const dismiss = useNotificationsStore((state) => state.dismiss);
  const navigate = useNavigate();
  const timer = useRef<PausableTimer | null>(null);
  const { id, timeout } = notification;

  useEffect(() => {
    if (timeout === STICKY) return;
    const current = createPausableTimer(() => dismiss(id), timeout);
    timer.current = current;
    return () => current.clear();
  }, [id, timeout, dismiss]);

  const isError = notification.type === 'error';
  const { action } = notification;
  return (
    <div
      onMouseEnter={() => timer.current?.pause()}
      onMouseLeave={() => timer.current?.resume()}
      onFocus={() => timer.current?.pause()}
      onBlur={() => timer.current?.resume()}
    >
      <NotificationCard
        title={notification.title}
        text={notification.text}
        color={isError ? 'red' : 'green'}
        progress={notification.progress}
        role={isError ? 'alert' : 'status'}
        onDismiss={notification.dismissible ? () => dismiss(id) : undefined}
        actions={
          action ? (
            <button
              type="button"
              className="rounded-md bg-zinc-900 px-2.5 py-1 text-xs font-medium text-white dark:bg-white dark:text-zinc-900"
              onClick={() => {
                dismiss(id);
                void navigate(action.to);
              }}
            >
              {action.label}
            </button>
          ) : undefined
        }
      />
    </div>
  );
}
