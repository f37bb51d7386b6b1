import { useParams } from 'react-router';
import { EmptyState, Page } from '../components/page.tsx';

/** /chat/new and /chat/{id}. The conversation itself comes with the chat issue. */
export function ChatPage() {
  const { id } = useParams();
  const isNew = id === undefined || id === 'new';
  return (
    <Page title={isNew ? 'New chat' : 'Chat'}>
      <EmptyState>Ask a question about your data, in plain text or SQL.</EmptyState>
    </Page>
  );
}
