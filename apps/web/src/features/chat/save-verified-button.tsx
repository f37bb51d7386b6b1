import type { ChatQuery } from '@querent/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck } from 'lucide-react';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { notify } from '../../stores/notifications-store.ts';
import { answerTitle } from './answer-title.ts';
import { messageActionClass } from './message-action-class.ts';

/**
 * Saves the query an answer rests on, with the question it answers, as verified: the person
 * vouches that it is right, and the analyst takes it as a worked example for questions like it.
 */
export function SaveVerifiedButton({
  query,
  question,
  databaseId,
}: {
  query: ChatQuery;
  question: string;
  databaseId: string;
}) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      api.queries.create({
        title: answerTitle(question),
        sql: query.sql,
        databaseId,
        question,
        verified: true,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.savedQuery(saved.id), saved);
      notify({
        group: 'queries',
        type: 'success',
        title: 'Saved as a verified query',
        text: 'The analyst will use it as an example for questions like this one.',
      });
    },
    onError: (error) =>
      notify({
        group: 'queries',
        type: 'error',
        title: 'Could not save the verified query',
        text: errorMessage(error),
      }),
  });
  const done = save.isSuccess;
  return (
    <button
      type="button"
      className={messageActionClass}
      disabled={save.isPending || done}
      title="Save this answer's query with its question, checked by you: the analyst reuses it for similar questions"
      onClick={() => save.mutate()}
    >
      <BadgeCheck size={12} aria-hidden="true" />
      {done ? 'Saved as verified' : save.isPending ? 'Saving…' : 'Save as verified'}
    </button>
  );
}
