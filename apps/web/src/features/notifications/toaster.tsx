import { type AppNotification, useNotificationsStore } from '../../stores/notifications-store.ts';
import { Toast } from './toast.tsx';

/** Groups keep the order in which each first appeared. */
function groupNotifications(notifications: AppNotification[]): [string, AppNotification[]][] {
  const groups = new Map<string, AppNotification[]>();
  for (const notification of notifications) {
    const list = groups.get(notification.group) ?? [];
    list.push(notification);
    groups.set(notification.group, list);
  }
  return [...groups];
}

/** The top-right stack of notifications, grouped, at most 10 at once. */
export function Toaster() {
  const notifications = useNotificationsStore((state) => state.notifications);
  return (
    <div
      data-testid="notifications"
      className="pointer-events-none fixed top-4 right-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-3"
    >
      {groupNotifications(notifications).map(([group, items]) => (
        <section
          key={group}
          data-group={group}
          aria-label={`${group} notifications`}
          className="flex flex-col gap-2"
        >
          {items.map((notification) => (
            <Toast key={notification.id} notification={notification} />
          ))}
        </section>
      ))}
    </div>
  );
}
