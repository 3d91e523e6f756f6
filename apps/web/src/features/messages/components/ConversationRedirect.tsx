import { Navigate, useParams } from 'react-router';
import { conversationPath } from '../api/conversations-api';

/** /messages/{id}, the spec's alternate select handler: the chat lives at /messages/conversations/{id}. */
export function ConversationRedirect() {
  const { conversationId = '' } = useParams();
  return <Navigate to={conversationPath(conversationId)} replace />;
}
