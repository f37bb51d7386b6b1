import { useParams } from 'react-router';
import { ChatView } from '../features/chat/chat-view.tsx';

/** /chat/new and /chat/{id}: a new conversation starts with its first message. */
export function ChatPage() {
  const { id } = useParams();
  const conversationId = id === undefined || id === 'new' ? null : id;
  // Keyed so the input and any refusal belong to one conversation and reset when it changes.
  return <ChatView key={conversationId ?? 'new'} conversationId={conversationId} />;
}
